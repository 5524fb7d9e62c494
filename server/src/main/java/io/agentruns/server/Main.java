package io.agentruns.server;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * Main class of {@code agentruns.jar}: a picocli dispatcher. {@code serve} runs the HTTP API with
 * its embedded worker, {@code worker} a worker only (health endpoints, no API); every other
 * command comes from the {@code cli} module's root command when it is on the classpath.
 * Arguments after the command that picocli does not know go to Spring ({@code --agentruns.port=0}).
 */
@Command(name = "agentruns", mixinStandardHelpOptions = true, version = "agentruns 0.1.0",
        description = "Runs AI coding agents over HTTP.",
        subcommands = {Main.Serve.class, Main.Worker.class})
public class Main implements Runnable {
    /** The cli module's root command; its subcommands are added next to serve and worker. */
    static final String CLI_ROOT = "io.agentruns.cli.AgentrunsCommand";

    private static volatile boolean serverStarted;

    public static void main(String[] args) {
        int code = commandLine().execute(args);
        if (!serverStarted || code != 0) {
            System.exit(code); // a started server keeps the JVM alive until it is stopped
        }
    }

    static CommandLine commandLine() {
        CommandLine root = new CommandLine(new Main());
        addClientCommands(root);
        return root;
    }

    // The cli module (SDK engineer) provides io.agentruns.cli.AgentrunsCommand; its subcommands
    // (run, runs, keys, ...) become ours. Looked up by name so that the server builds without it.
    private static void addClientCommands(CommandLine root) {
        Object cli;
        try {
            cli = Class.forName(CLI_ROOT).getDeclaredConstructor().newInstance();
        } catch (ReflectiveOperationException | LinkageError e) {
            return;
        }
        CommandLine cliLine = new CommandLine(cli);
        cliLine.getSubcommands().forEach((name, sub) -> {
            if (!root.getSubcommands().containsKey(name) && !isAlias(sub, name)) {
                root.addSubcommand(name, sub);
            }
        });
    }

    private static boolean isAlias(CommandLine sub, String name) {
        return !sub.getCommandName().equals(name);
    }

    @Override
    public void run() {
        new CommandLine(this).usage(System.out);
    }

    /** Starts the HTTP API and the embedded worker. */
    @Command(name = "serve", mixinStandardHelpOptions = true,
            description = "Start the service (HTTP API + embedded worker). Configure with AGENTRUNS_* variables.")
    static class Serve implements Callable<Integer> {
        @CommandLine.Unmatched
        List<String> springArgs = new ArrayList<>();

        @Override
        public Integer call() {
            List<String> args = new ArrayList<>(springArgs);
            args.add("--agentruns.mode=serve");
            AgentrunsApplication.start(args.toArray(String[]::new));
            serverStarted = true;
            return 0;
        }
    }

    /** Starts a worker only: it claims runs from the shared (PostgreSQL) database; HTTP serves health only. */
    @Command(name = "worker", mixinStandardHelpOptions = true,
            description = "Start a worker only (no API; /healthz and /readyz answer on AGENTRUNS_PORT).")
    static class Worker implements Callable<Integer> {
        @CommandLine.Unmatched
        List<String> springArgs = new ArrayList<>();

        @Override
        public Integer call() {
            List<String> args = new ArrayList<>(springArgs);
            args.add("--agentruns.mode=worker");
            AgentrunsApplication.start(args.toArray(String[]::new));
            serverStarted = true;
            return 0;
        }
    }
}
