package io.agentruns.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import tools.jackson.databind.node.ObjectNode;

/**
 * Entry point of the bench tool that bench/run.sh starts as a separate process, one command per
 * phase. Every command stops by itself (time and request budgets), writes its figures as one JSON
 * object to {@code --out} and prints a one-line summary to stderr.
 */
public final class Bench {
    private Bench() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length == 0) {
            System.err.println("usage: Bench <create|get|setup|dispatch|lifecycle|db-scheduler|scale|pgbench|wrk|report> --option value ...");
            System.exit(2);
        }
        Options options = new Options(args, 1);
        ObjectNode result = switch (args[0]) {
            case "create" -> CreateCommand.run(options);
            case "get" -> GetCommand.run(options);
            case "setup" -> SetupCommand.run(options);
            case "dispatch" -> DispatchCommand.run(options);
            case "lifecycle" -> LifecycleCommand.run(options);
            case "db-scheduler" -> DbSchedulerCommand.run(options);
            case "scale" -> ScaleCommand.run(options);
            case "pgbench" -> PgbenchOutput.run(options);
            case "wrk" -> WrkOutput.run(options);
            case "report" -> Report.run(options);
            default -> throw new IllegalArgumentException("unknown command " + args[0]);
        };
        String out = options.get("out", "");
        if (!out.isEmpty() && result != null) {
            Files.writeString(Path.of(out), ServiceApi.JSON.writerWithDefaultPrettyPrinter().writeValueAsString(result));
        }
        System.exit(0); // HttpClient / scheduler threads must not keep the process alive
    }

    static void log(String message) {
        System.err.println("[bench] " + message);
    }
}
