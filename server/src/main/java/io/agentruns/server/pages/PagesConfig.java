package io.agentruns.server.pages;

import io.agentruns.core.event.EventLog;
import io.agentruns.core.run.RunRepository;
import io.agentruns.server.config.ConditionalOnApi;
import io.agentruns.server.pages.stream.RunEventStreamer;
import io.agentruns.server.pages.stream.RunEventWakeups;
import io.agentruns.store.Database;
import io.agentruns.store.Dialect;
import io.agentruns.store.events.EventWakeupBus;
import io.agentruns.store.events.PgEventListener;
import java.time.Clock;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.SmartLifecycle;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Session pages and event streams: serve mode only. */
@Configuration(proxyBeanMethods = false)
@ConditionalOnApi
@EnableConfigurationProperties(PagesProperties.class)
public class PagesConfig {

    @Bean
    RunEventWakeups runEventWakeups() {
        return new RunEventWakeups();
    }

    @Bean
    RunEventStreamer runEventStreamer(ObjectProvider<EventLog> log, RunRepository runs, RunEventWakeups wakeups,
                                      PagesProperties p) {
        return new RunEventStreamer(log::getObject, runs, wakeups, new RunEventStreamer.Settings(p.streamHeartbeat(), p.streamPollInterval()));
    }

    /**
     * Ends open streams first when the service stops (highest phase: before the web server's graceful
     * shutdown waits for open requests); clients resume on another node with Last-Event-ID.
     */
    @Bean
    SmartLifecycle eventStreamLifecycle(RunEventStreamer streamer, RunEventWakeups wakeups, Database database) {
        return new SmartLifecycle() {
            private volatile boolean running;
            private AutoCloseable subscription;
            private PgEventListener listener;

            @Override
            public void start() {
                streamer.reopen();
                // Commits of new events wake the streams of their run: H2 trigger (same JVM) or
                // PostgreSQL NOTIFY (any process), both through the bus (V31__event_wakeups).
                subscription = EventWakeupBus.subscribe(wakeups::signal);
                if (database.dialect() == Dialect.POSTGRESQL) {
                    listener = new PgEventListener(database.dataSource());
                    listener.start();
                }
                running = true;
            }

            @Override
            public void stop() {
                running = false;
                streamer.shutdown();
                if (listener != null) {
                    listener.stop();
                }
                try {
                    if (subscription != null) {
                        subscription.close();
                    }
                } catch (Exception ignored) {
                    // removing a listener cannot fail
                }
            }

            @Override
            public boolean isRunning() {
                return running;
            }
        };
    }

    @Bean
    SessionRuns sessionRuns(Database database) {
        return new SessionRuns(database);
    }

    @Bean
    PageSessions pageSessions(Database database, Clock clock) {
        return new PageSessions(database, clock);
    }

    @Bean
    PageAccess pageAccess(PagesProperties p, SessionRuns sessions, PageSessions pageSessions) {
        return new PageAccess(p.sessionPages(), sessions, pageSessions);
    }
}
