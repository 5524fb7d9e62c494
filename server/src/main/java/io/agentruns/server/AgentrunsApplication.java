package io.agentruns.server;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/** The HTTP service with its embedded worker. */
@SpringBootApplication
public class AgentrunsApplication {
    public static void main(String[] args) {
        SpringApplication.run(AgentrunsApplication.class, args);
    }
}
