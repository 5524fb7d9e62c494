package io.agentruns.agent.mcp;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.function.BiPredicate;

/** Reads a text/event-stream: calls {@code onEvent(event, data)} per event until it returns false or the stream ends. */
final class SseReader {
    private SseReader() {
    }

    static void read(InputStream in, BiPredicate<String, String> onEvent) throws IOException {
        try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            String event = "message";
            StringBuilder data = new StringBuilder();
            String line;
            while ((line = r.readLine()) != null) {
                if (line.isEmpty()) {
                    if (!data.isEmpty()) {
                        if (!onEvent.test(event, data.toString())) {
                            return;
                        }
                    }
                    event = "message";
                    data.setLength(0);
                } else if (line.startsWith("event:")) {
                    event = line.substring(6).trim();
                } else if (line.startsWith("data:")) {
                    if (!data.isEmpty()) {
                        data.append('\n');
                    }
                    data.append(line.substring(5).startsWith(" ") ? line.substring(6) : line.substring(5));
                }
            }
            if (!data.isEmpty()) {
                onEvent.test(event, data.toString());
            }
        }
    }
}
