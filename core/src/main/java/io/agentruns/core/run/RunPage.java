package io.agentruns.core.run;

import java.util.List;

/** One page of a run listing; {@code nextCursor} is null on the last page. */
public record RunPage(List<Run> runs, String nextCursor) {
    public RunPage {
        runs = List.copyOf(runs);
    }

    public boolean hasNextPage() {
        return nextCursor != null;
    }
}
