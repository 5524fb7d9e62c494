package io.agentruns.server;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The Spring application: HTTP API, auth, embedded worker, pages. Started by {@link Main}'s
 * {@code serve} and {@code worker} commands; tests start it with {@code @SpringBootTest}.
 */
// The store opens and migrates the database itself (StoreConfig); its DataSource bean makes
// Spring Boot's DataSource auto-configuration back off.
@SpringBootApplication
@ConfigurationPropertiesScan
public class AgentrunsApplication {

    public static ConfigurableApplicationContext start(String... args) {
        return SpringApplication.run(AgentrunsApplication.class, args);
    }

    public static void main(String[] args) {
        start(args);
    }
}
