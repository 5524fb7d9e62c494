package io.agentruns.server.webhooks;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** One HTTP POST of a signed webhook message; any 2xx is a success. */
public class WebhookSender {
    private final HttpClient http;
    private final Duration timeout;

    public WebhookSender(Duration timeout) {
        this.timeout = timeout;
        this.http = HttpClient.newBuilder()
                .connectTimeout(timeout)
                .followRedirects(HttpClient.Redirect.NEVER) // a redirect could lead past the URL policy
                .build();
    }

    /** The result of one attempt: a status code, or an error when no response came. */
    public record Result(Integer statusCode, String error) {
        public boolean success() {
            return statusCode != null && statusCode >= 200 && statusCode < 300;
        }
    }

    public Result send(URI url, String messageId, long timestampSeconds, String signature, String body) {
        HttpRequest request = HttpRequest.newBuilder(url)
                .timeout(timeout)
                .header("content-type", "application/json")
                .header("user-agent", "agentruns-webhooks/1")
                .header("webhook-id", messageId)
                .header("webhook-timestamp", Long.toString(timestampSeconds))
                .header("webhook-signature", signature)
                .POST(HttpRequest.BodyPublishers.ofString(body))
                .build();
        try {
            HttpResponse<Void> response = http.send(request, HttpResponse.BodyHandlers.discarding());
            int code = response.statusCode();
            return new Result(code, code >= 200 && code < 300 ? null : "HTTP " + code);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Result(null, "interrupted");
        } catch (Exception e) {
            String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
            return new Result(null, message.length() > 500 ? message.substring(0, 500) : message);
        }
    }
}
