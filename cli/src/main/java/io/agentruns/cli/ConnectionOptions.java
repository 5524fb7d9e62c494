package io.agentruns.cli;

import io.agentruns.client.AgentrunsClient;
import io.agentruns.client.ClientOptions;
import java.time.Duration;
import picocli.CommandLine.Option;

/** Where the service is and how to call it; every client command mixes these in. */
public class ConnectionOptions {
    @Option(names = "--base-url", paramLabel = "URL",
            description = "Service address, e.g. http://localhost:8080 (default: $AGENTRUNS_BASE_URL, else http://localhost:8080).")
    String baseUrl;

    @Option(names = "--api-key", paramLabel = "KEY", description = "API key (default: $AGENTRUNS_API_KEY).")
    String apiKey;

    @Option(names = "--timeout", paramLabel = "SECONDS", description = "Timeout per HTTP attempt (default: 60).")
    Integer timeoutSeconds;

    @Option(names = "--max-retries", paramLabel = "N", description = "Retries of a failed call (default: 2).")
    Integer maxRetries;

    /** A client from these options, falling back to the environment. */
    AgentrunsClient client() {
        ClientOptions.Builder b = ClientOptions.builder().baseUrl(baseUrl).apiKey(apiKey);
        if (timeoutSeconds != null) {
            b.timeout(Duration.ofSeconds(timeoutSeconds));
        }
        if (maxRetries != null) {
            b.maxRetries(maxRetries);
        }
        return new AgentrunsClient(b.build());
    }
}
