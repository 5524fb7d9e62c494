package io.agentruns.cli;

import io.agentruns.client.AgentrunsClient;
import io.agentruns.client.types.CloudEnvironment;
import io.agentruns.client.types.EnvironmentRequest;
import io.agentruns.client.types.RepoSpec;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code agentruns environments create|list|get|update|delete}. */
@Command(name = "environments", mixinStandardHelpOptions = true, description = "Manage environments.",
        subcommands = {EnvironmentsCommand.Create.class, EnvironmentsCommand.ListEnvironments.class,
                EnvironmentsCommand.Get.class, EnvironmentsCommand.Update.class, EnvironmentsCommand.Delete.class})
public class EnvironmentsCommand implements Runnable {
    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new picocli.CommandLine.ParameterException(spec.commandLine(),
                "Missing subcommand: create, list, get, update or delete");
    }

    /** The fields of create and update; unset options leave a field as it is on update. */
    static class Fields {
        @Option(names = "--name") String name;
        @Option(names = "--description") String description;
        @Option(names = "--docker-image", paramLabel = "IMAGE") String dockerImage;
        @Option(names = "--repo", paramLabel = "URL[#BRANCH]", description = "A git repository; repeatable.")
        List<String> repos;
        @Option(names = "--setup-command", paramLabel = "CMD", description = "Repeatable, run in order.")
        List<String> setupCommands;
        @Option(names = "--default", arity = "0..1", paramLabel = "true|false", fallbackValue = "true",
                description = "Make it the team's default environment.")
        Boolean isDefault;

        EnvironmentRequest.Builder applyTo(EnvironmentRequest.Builder b) {
            if (name != null) b.name(name);
            if (description != null) b.description(description);
            if (dockerImage != null) b.dockerImage(dockerImage);
            if (repos != null) b.repos(repos.stream().map(Fields::repo).toList());
            if (setupCommands != null) b.setupCommands(setupCommands);
            if (isDefault != null) b.isDefault(isDefault);
            return b;
        }

        private static RepoSpec repo(String spec) {
            int hash = spec.lastIndexOf('#');
            return hash > 0 ? RepoSpec.of(spec.substring(0, hash), spec.substring(hash + 1)) : RepoSpec.of(spec);
        }
    }

    static void print(ApiCommand c, OutputFormat output, List<CloudEnvironment> envs) {
        if (output == OutputFormat.json) {
            Output.json(c.out(), envs.size() == 1 ? envs.get(0) : java.util.Map.of("environments", envs));
            return;
        }
        Output.table(c.out(), List.of("ID", "NAME", "DEFAULT", "IMAGE", "REPOS"), envs.stream().map(e -> List.of(
                e.uid(), String.valueOf(e.name()), Boolean.TRUE.equals(e.isDefault()) ? "yes" : "no",
                String.valueOf(e.dockerImage()),
                e.repos() == null ? "-" : String.join(",", e.repos().stream().map(RepoSpec::url).toList()))).toList());
    }

    @Command(name = "create", mixinStandardHelpOptions = true, description = "Create an environment.")
    static class Create extends ApiCommand {
        @picocli.CommandLine.Mixin Fields fields;
        @Option(names = {"-o", "--output"}, paramLabel = "FORMAT", description = "json (default) or table.")
        OutputFormat output = OutputFormat.json;

        @Override
        int execute(AgentrunsClient client) {
            if (fields.name == null) {
                throw new IllegalArgumentException("Missing required option: '--name'");
            }
            print(this, output, List.of(client.environments().create(fields.applyTo(EnvironmentRequest.builder()).build())));
            return 0;
        }
    }

    @Command(name = "list", mixinStandardHelpOptions = true, description = "List the team's environments.")
    static class ListEnvironments extends ApiCommand {
        @Option(names = {"-o", "--output"}, paramLabel = "FORMAT", description = "table (default) or json.")
        OutputFormat output = OutputFormat.table;

        @Override
        int execute(AgentrunsClient client) {
            List<CloudEnvironment> envs = client.environments().list();
            if (output == OutputFormat.json) {
                Output.json(out(), java.util.Map.of("environments", envs));
            } else {
                print(this, output, envs);
            }
            return 0;
        }
    }

    @Command(name = "get", mixinStandardHelpOptions = true, description = "Show an environment.")
    static class Get extends ApiCommand {
        @Parameters(paramLabel = "ID") String id;
        @Option(names = {"-o", "--output"}, paramLabel = "FORMAT", description = "json (default) or table.")
        OutputFormat output = OutputFormat.json;

        @Override
        int execute(AgentrunsClient client) {
            print(this, output, List.of(client.environments().get(id)));
            return 0;
        }
    }

    @Command(name = "update", mixinStandardHelpOptions = true,
            description = "Change an environment; options not given keep their value.")
    static class Update extends ApiCommand {
        @Parameters(paramLabel = "ID") String id;
        @picocli.CommandLine.Mixin Fields fields;
        @Option(names = {"-o", "--output"}, paramLabel = "FORMAT", description = "json (default) or table.")
        OutputFormat output = OutputFormat.json;

        @Override
        int execute(AgentrunsClient client) {
            CloudEnvironment current = client.environments().get(id);
            print(this, output, List.of(client.environments().update(id, fields.applyTo(current.toRequestBuilder()).build())));
            return 0;
        }
    }

    @Command(name = "delete", mixinStandardHelpOptions = true, description = "Delete an environment.")
    static class Delete extends ApiCommand {
        @Parameters(paramLabel = "ID") String id;

        @Override
        int execute(AgentrunsClient client) {
            client.environments().delete(id);
            out().println("deleted " + id);
            out().flush();
            return 0;
        }
    }
}
