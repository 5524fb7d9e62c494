package io.agentruns.agent.model;

import dev.langchain4j.exception.AuthenticationException;
import dev.langchain4j.exception.ContentFilteredException;
import dev.langchain4j.exception.HttpException;
import dev.langchain4j.exception.InvalidRequestException;
import dev.langchain4j.exception.ModelNotFoundException;
import dev.langchain4j.exception.RateLimitException;
import io.agentruns.core.error.ErrorCode;
import io.agentruns.core.run.StatusMessage;

/**
 * Turns a provider failure (after LangChain4j's own retries) into the run's status: bad
 * credentials are not retryable, rate limits and outages are. Guarded by AgentHarnessOpenAiTest
 * (401, 500) and AgentHarnessAnthropicTest.
 */
public final class ProviderFailures {
    private ProviderFailures() {
    }

    public static StatusMessage statusOf(Provider provider, Throwable failure) {
        Throwable e = unwrap(failure);
        String name = provider.id();
        int status = e instanceof HttpException http ? http.statusCode() : -1;
        if (e instanceof AuthenticationException || status == 401 || status == 403) {
            return new StatusMessage("The " + name + " provider rejected the credentials: check "
                    + provider.keyVariable() + " (" + brief(e) + ")", ErrorCode.EXTERNAL_AUTHENTICATION_REQUIRED, false);
        }
        if (e instanceof RateLimitException || status == 429) {
            return new StatusMessage("The " + name + " provider is rate limiting requests (" + brief(e) + ")",
                    ErrorCode.RESOURCE_UNAVAILABLE, true);
        }
        if (e instanceof ModelNotFoundException || status == 404) {
            return new StatusMessage("The " + name + " provider does not know the model (" + brief(e) + ")",
                    ErrorCode.INVALID_REQUEST, false);
        }
        if (e instanceof ContentFilteredException) {
            return new StatusMessage("The " + name + " provider refused the content (" + brief(e) + ")",
                    ErrorCode.CONTENT_POLICY_VIOLATION, false);
        }
        if (e instanceof InvalidRequestException || (status >= 400 && status < 500)) {
            return new StatusMessage("The " + name + " provider rejected the request (" + brief(e) + ")",
                    ErrorCode.INVALID_REQUEST, false);
        }
        return new StatusMessage("The " + name + " provider is unavailable after retries (" + brief(e) + ")",
                ErrorCode.RESOURCE_UNAVAILABLE, true);
    }

    private static Throwable unwrap(Throwable t) {
        Throwable e = t;
        while ((e instanceof java.util.concurrent.ExecutionException
                || e instanceof java.util.concurrent.CompletionException
                || (e.getClass() == RuntimeException.class)) && e.getCause() != null) {
            e = e.getCause();
        }
        return e;
    }

    private static String brief(Throwable e) {
        String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        m = m.replaceAll("\\s+", " ");
        return m.length() > 300 ? m.substring(0, 300) + "..." : m;
    }
}
