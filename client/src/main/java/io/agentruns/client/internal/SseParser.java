package io.agentruns.client.internal;

/**
 * Assembles Server-Sent Events from lines (WHATWG rules: {@code id}, {@code event}, {@code data} fields,
 * comments start with {@code :}, a blank line dispatches).
 */
public final class SseParser {
    /** One dispatched event; {@code id} and {@code event} are null when the server sent none. */
    public record SseEvent(String id, String event, String data) {
    }

    private String id;
    private String event;
    private StringBuilder data;

    /** Feeds one line; answers the event that a blank line completes, or null. */
    public SseEvent feed(String line) {
        if (line.isEmpty()) {
            if (data == null) {
                event = null;
                return null;
            }
            SseEvent e = new SseEvent(id, event, data.toString());
            event = null;
            data = null;
            return e;
        }
        if (line.startsWith(":")) {
            return null;
        }
        int colon = line.indexOf(':');
        String field = colon < 0 ? line : line.substring(0, colon);
        String value = colon < 0 ? "" : line.substring(colon + 1);
        if (value.startsWith(" ")) {
            value = value.substring(1);
        }
        switch (field) {
            case "id" -> id = value;
            case "event" -> event = value;
            case "data" -> {
                if (data == null) {
                    data = new StringBuilder(value);
                } else {
                    data.append('\n').append(value);
                }
            }
            default -> {
                // "retry" and unknown fields: the follower has its own reconnect policy
            }
        }
        return null;
    }
}
