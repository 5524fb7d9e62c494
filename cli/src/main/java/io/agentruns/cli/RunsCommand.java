package io.agentruns.cli;

import io.agentruns.client.AgentrunsClient;
import io.agentruns.client.types.ListEventsResponse;
import io.agentruns.client.types.ListRunsParams;
import io.agentruns.client.types.ListRunsResponse;
import io.agentruns.client.types.RunEvent;
import io.agentruns.client.types.RunItem;
import io.agentruns.client.types.RunSource;
import io.agentruns.client.types.RunState;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code agentruns runs list|get|cancel|events}. */
@Command(name = "runs", mixinStandardHelpOptions = true, description = "List, inspect and cancel runs.",
        subcommands = {RunsCommand.ListRuns.class, RunsCommand.GetRun.class, RunsCommand.CancelRun.class,
                RunsCommand.RunEvents.class})
public class RunsCommand implements Runnable {
    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new picocli.CommandLine.ParameterException(spec.commandLine(), "Missing subcommand: list, get, cancel or events");
    }

    static final List<String> COLUMNS = List.of("RUN ID", "STATE", "NAME", "SOURCE", "CREATED", "TITLE");

    static List<String> row(RunItem r) {
        return List.of(r.runId(), String.valueOf(r.state()),
                r.agentConfig() == null || r.agentConfig().name() == null ? "-" : r.agentConfig().name(),
                r.source() == null ? "-" : r.source().name(),
                r.createdAt() == null ? "-" : r.createdAt().toString(), String.valueOf(Output.cut(r.title(), 60)));
    }

    @Command(name = "list", mixinStandardHelpOptions = true,
            description = "List runs, newest update first; filters combine. --all follows every page.")
    static class ListRuns extends ApiCommand {
        @Option(names = "--state", paramLabel = "STATE", description = "Repeatable; any matches: ${COMPLETION-CANDIDATES}.")
        List<RunState> states = new ArrayList<>();
        @Option(names = "--name", description = "Config name.") String name;
        @Option(names = "--config-name", description = "Config name (API alias of --name).") String configName;
        @Option(names = "--model", paramLabel = "ID") String modelId;
        @Option(names = "--creator", paramLabel = "UID") String creator;
        @Option(names = "--source", paramLabel = "SOURCE", description = "${COMPLETION-CANDIDATES}") RunSource source;
        @Option(names = "--environment", paramLabel = "ID") String environmentId;
        @Option(names = "--skill", paramLabel = "SPEC") String skillSpec;
        @Option(names = "--schedule", paramLabel = "ID") String scheduleId;
        @Option(names = "--artifact-type", paramLabel = "TYPE") String artifactType;
        @Option(names = "--created-after", paramLabel = "TIME", description = "RFC 3339, e.g. 2026-11-22T10:00:00Z.") String createdAfter;
        @Option(names = "--created-before", paramLabel = "TIME") String createdBefore;
        @Option(names = "--updated-after", paramLabel = "TIME") String updatedAfter;
        @Option(names = {"-q", "--query"}, paramLabel = "TEXT", description = "Search title, prompt and skill.") String q;
        @Option(names = "--sort-by", paramLabel = "FIELD", description = "updated_at (default), created_at, title, agent.") String sortBy;
        @Option(names = "--sort-order", paramLabel = "ORDER", description = "desc (default) or asc.") String sortOrder;
        @Option(names = "--limit", paramLabel = "N", description = "Page size 1..100 (default 20).") Integer limit;
        @Option(names = "--cursor", paramLabel = "CURSOR", description = "Start at this page.") String cursor;
        @Option(names = "--all", description = "Follow every page.") boolean all;
        @Option(names = {"-o", "--output"}, paramLabel = "FORMAT", description = "table (default) or json.")
        OutputFormat output = OutputFormat.table;

        @Override
        int execute(AgentrunsClient client) {
            ListRunsParams params = ListRunsParams.builder().states(states).name(name).configName(configName)
                    .modelId(modelId).creator(creator).source(source).environmentId(environmentId)
                    .skillSpec(skillSpec).scheduleId(scheduleId).artifactType(artifactType)
                    .createdAfter(time("--created-after", createdAfter))
                    .createdBefore(time("--created-before", createdBefore))
                    .updatedAfter(time("--updated-after", updatedAfter)).q(q).sortBy(sortBy).sortOrder(sortOrder)
                    .limit(limit).cursor(cursor).build();
            if (all) {
                Iterator<RunItem> it = client.runs().listAutoPaging(params).iterator();
                if (output == OutputFormat.json) {
                    List<RunItem> runs = new ArrayList<>();
                    it.forEachRemaining(runs::add);
                    Output.json(out(), java.util.Map.of("runs", runs));
                } else {
                    List<List<String>> rows = new ArrayList<>();
                    it.forEachRemaining(r -> rows.add(row(r)));
                    Output.table(out(), COLUMNS, rows);
                }
                return 0;
            }
            ListRunsResponse page = client.runs().list(params);
            if (output == OutputFormat.json) {
                Output.json(out(), page);
            } else {
                Output.table(out(), COLUMNS, page.runs().stream().map(RunsCommand::row).toList());
                if (page.nextCursor() != null) {
                    err().println("more runs: add --cursor " + page.nextCursor() + " (or --all)");
                    err().flush();
                }
            }
            return 0;
        }

        private static Instant time(String option, String value) {
            if (value == null) {
                return null;
            }
            try {
                return OffsetDateTime.parse(value).toInstant();
            } catch (java.time.format.DateTimeParseException e) {
                throw new IllegalArgumentException(option + ": not an RFC 3339 time: " + value);
            }
        }
    }

    @Command(name = "get", mixinStandardHelpOptions = true, description = "Show one run in full (JSON).")
    static class GetRun extends ApiCommand {
        @Parameters(paramLabel = "RUN_ID") String runId;
        @Option(names = {"-o", "--output"}, paramLabel = "FORMAT", description = "json (default) or table.")
        OutputFormat output = OutputFormat.json;

        @Override
        int execute(AgentrunsClient client) {
            RunItem run = client.runs().get(runId);
            if (output == OutputFormat.json) {
                Output.json(out(), run);
            } else {
                Output.table(out(), COLUMNS, List.of(row(run)));
            }
            return 0;
        }
    }

    @Command(name = "cancel", mixinStandardHelpOptions = true,
            description = "Cancel a QUEUED or INPROGRESS run (a finished run is a conflict, exit 3).")
    static class CancelRun extends ApiCommand {
        @Parameters(paramLabel = "RUN_ID") String runId;

        @Override
        int execute(AgentrunsClient client) {
            out().println(client.runs().cancel(runId));
            out().flush();
            return 0;
        }
    }

    @Command(name = "events", mixinStandardHelpOptions = true,
            description = "Print a run's events; --follow streams them until the run ends.")
    static class RunEvents extends ApiCommand {
        @Parameters(paramLabel = "RUN_ID") String runId;
        @Option(names = "--after", paramLabel = "SEQ", description = "Only events after this sequence number.") long after;
        @Option(names = "--follow", description = "Stream until the final state (resumes after dropped connections).") boolean follow;
        @Option(names = {"-o", "--output"}, paramLabel = "FORMAT", description = "text (default) or json (one event per line).")
        String output = "text";

        @Override
        int execute(AgentrunsClient client) {
            if (!output.equals("text") && !output.equals("json")) {
                throw new IllegalArgumentException("--output must be text or json");
            }
            TranscriptPrinter printer = new TranscriptPrinter(out(), output.equals("json"));
            if (follow) {
                RunEvent last = client.runs().follow(runId, after, printer::print);
                RunState end = last == null ? null : last.stateOrNull();
                return end == null || end == RunState.SUCCEEDED ? 0 : 1;
            }
            long seq = after;
            while (true) {
                ListEventsResponse page = client.runs().events(runId, seq, 100);
                page.events().forEach(printer::print);
                if (page.events().isEmpty() || Boolean.FALSE.equals(page.hasMore())) {
                    return 0;
                }
                seq = page.lastSeq(seq);
            }
        }
    }
}
