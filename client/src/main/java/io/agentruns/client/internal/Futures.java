package io.agentruns.client.internal;

import io.agentruns.client.errors.AgentrunsException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

/** Turns an async result into a sync one, rethrowing the SDK's own exception unwrapped. */
public final class Futures {
    private Futures() {
    }

    public static <T> T join(CompletableFuture<T> future) {
        try {
            return future.get();
        } catch (InterruptedException e) {
            future.cancel(true);
            Thread.currentThread().interrupt();
            throw new AgentrunsException("interrupted", e);
        } catch (ExecutionException e) {
            throw unwrap(e.getCause());
        }
    }

    public static RuntimeException unwrap(Throwable t) {
        Throwable c = t;
        while ((c instanceof CompletionException || c instanceof ExecutionException) && c.getCause() != null) {
            c = c.getCause();
        }
        if (c instanceof RuntimeException r) {
            return r;
        }
        if (c instanceof Error err) {
            throw err;
        }
        return new AgentrunsException(String.valueOf(c.getMessage()), c);
    }
}
