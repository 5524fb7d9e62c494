package io.agentruns.server.webhooks;

import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Sends due webhook deliveries. Explicitly started and stopped ({@link #start}/{@link #stop}, by the
 * Spring lifecycle), never from a constructor. Several nodes can run it against one PostgreSQL
 * database: rows are claimed with FOR UPDATE SKIP LOCKED. A failed attempt is retried with
 * exponential backoff ({@link RetrySchedule}); a row whose node died mid-send becomes due again
 * when its claim expires. Guarded by WebhookDeliveryTest.
 */
public class WebhookDeliveryLoop {
    private static final Logger log = LoggerFactory.getLogger(WebhookDeliveryLoop.class);

    public record Settings(Duration pollInterval, Duration claimTimeout, int batchSize, RetrySchedule retries) {
    }

    private final WebhookStore store;
    private final SecretCipher cipher;
    private final WebhookSender sender;
    private final WebhookUrlPolicy urlPolicy;
    private final Clock clock;
    private final Settings settings;
    private final Semaphore wakeups = new Semaphore(0);
    private volatile Thread thread;
    private volatile boolean running;

    public WebhookDeliveryLoop(WebhookStore store, SecretCipher cipher, WebhookSender sender, WebhookUrlPolicy urlPolicy,
                               Clock clock, Settings settings) {
        this.store = store;
        this.cipher = cipher;
        this.sender = sender;
        this.urlPolicy = urlPolicy;
        this.clock = clock;
        this.settings = settings;
    }

    public synchronized void start() {
        if (running) {
            return;
        }
        running = true;
        thread = Thread.ofVirtual().name("webhook-delivery").start(this::run);
    }

    public synchronized void stop() {
        running = false;
        Thread t = thread;
        if (t != null) {
            t.interrupt();
            try {
                t.join(Duration.ofSeconds(10));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        thread = null;
    }

    public boolean isRunning() {
        return running;
    }

    /** Asks the loop to look for due deliveries now (e.g. after a commit that wrote some). */
    public void wake() {
        if (wakeups.availablePermits() == 0) {
            wakeups.release();
        }
    }

    private void run() {
        while (running) {
            try {
                int sent = deliverDueOnce();
                if (sent < settings.batchSize()) {
                    wakeups.tryAcquire(settings.pollInterval().toMillis(), TimeUnit.MILLISECONDS);
                    wakeups.drainPermits();
                }
            } catch (InterruptedException e) {
                if (!running) {
                    return;
                }
            } catch (RuntimeException e) {
                // The database may be briefly unavailable; try again after a pause.
                log.warn("webhook delivery pass failed: {}", e.toString());
                try {
                    Thread.sleep(settings.pollInterval().toMillis());
                } catch (InterruptedException ie) {
                    if (!running) {
                        return;
                    }
                }
            }
        }
    }

    /** One pass: claims a batch and sends it (in parallel, on virtual threads). Returns how many were claimed. */
    public int deliverDueOnce() throws InterruptedException {
        Instant now = clock.instant().truncatedTo(ChronoUnit.MILLIS);
        List<WebhookStore.Claimed> batch = store.claimDue(now, now.plus(settings.claimTimeout()), settings.batchSize());
        List<Thread> senders = new ArrayList<>(batch.size());
        for (WebhookStore.Claimed claimed : batch) {
            senders.add(Thread.ofVirtual().name("webhook-send").start(() -> deliver(claimed)));
        }
        for (Thread t : senders) {
            t.join();
        }
        return batch.size();
    }

    private void deliver(WebhookStore.Claimed claimed) {
        WebhookDelivery d = claimed.delivery();
        Instant started = clock.instant();
        WebhookSender.Result result;
        try {
            URI url = URI.create(claimed.url());
            String denied = urlPolicy.deniedReason(url);
            if (denied != null) {
                result = new WebhookSender.Result(null, denied);
            } else {
                long timestamp = started.getEpochSecond();
                String signature = WebhookSigner.sign(cipher.decrypt(claimed.secretEncrypted()), d.messageId(), timestamp, d.payload());
                result = sender.send(url, d.messageId(), timestamp, signature, d.payload());
            }
        } catch (RuntimeException e) {
            result = new WebhookSender.Result(null, e.getMessage());
        }
        Instant finished = clock.instant().truncatedTo(ChronoUnit.MILLIS);
        long durationMs = Math.max(0, Duration.between(started, finished).toMillis());
        if (result.success()) {
            store.recordAttempt(d.id(), d.attempts(), finished, result.statusCode(), null, durationMs,
                    WebhookDelivery.Status.DELIVERED, null);
            return;
        }
        Instant next = settings.retries().nextAttempt(d.createdAt(), d.attempts(), finished);
        store.recordAttempt(d.id(), d.attempts(), finished, result.statusCode(), result.error(), durationMs,
                next == null ? WebhookDelivery.Status.FAILED : WebhookDelivery.Status.PENDING, next);
        log.info("webhook delivery {} attempt {} failed ({}); {}", d.messageId(), d.attempts(), result.error(),
                next == null ? "giving up" : "next attempt at " + next);
    }
}
