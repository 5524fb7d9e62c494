package io.agentruns.server.http;

import java.io.IOException;

/** A request body grew past the configured limit while it was read (chunked bodies). */
public class PayloadTooLargeException extends IOException {
    public PayloadTooLargeException(long limit) {
        super("request body is larger than " + limit + " bytes");
    }
}
