package io.agentruns.cli;

import picocli.AutoComplete;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The client commands of {@code bin/agentruns}: {@code run}, {@code runs}, {@code environments},
 * {@code keys} and {@code generate-completion}. The server jar's dispatcher adds these subcommands next to
 * {@code serve} and {@code worker}; {@link #main} runs them alone. Exit codes: 0 ok, 1 a followed run did
 * not succeed, 2 usage error, 3 API or connection error.
 */
@Command(name = "agentruns", mixinStandardHelpOptions = true, version = "agentruns 0.1.0",
        description = "Start and follow AI coding agent runs on an agentruns service.",
        subcommands = {RunCommand.class, RunsCommand.class, EnvironmentsCommand.class, KeysCommand.class,
                AutoComplete.GenerateCompletion.class})
public class AgentrunsCommand implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        System.exit(commandLine().execute(args));
    }

    /** A command line for the client commands alone. */
    public static CommandLine commandLine() {
        CommandLine cl = new CommandLine(new AgentrunsCommand());
        cl.getSubcommands().get("generate-completion").getCommandSpec().usageMessage().hidden(false);
        return cl;
    }

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
