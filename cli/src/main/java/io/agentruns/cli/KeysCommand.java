package io.agentruns.cli;

import io.agentruns.client.AgentrunsClient;
import io.agentruns.client.types.ApiKey;
import io.agentruns.client.types.CreateApiKeyRequest;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code agentruns keys create|list|revoke} (needs an admin key in AGENTRUNS_API_KEY). */
@Command(name = "keys", mixinStandardHelpOptions = true, description = "Manage API keys (needs an admin key).",
        subcommands = {KeysCommand.Create.class, KeysCommand.ListKeys.class, KeysCommand.Revoke.class})
public class KeysCommand implements Runnable {
    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new picocli.CommandLine.ParameterException(spec.commandLine(), "Missing subcommand: create, list or revoke");
    }

    static List<String> row(ApiKey k) {
        return List.of(k.id(), String.valueOf(k.name()), String.valueOf(k.prefix()),
                k.scopes() == null ? "-" : String.join(",", k.scopes()),
                k.revokedAt() != null ? "revoked" : "active",
                k.expiresAt() == null ? "-" : k.expiresAt().toString());
    }

    static final List<String> COLUMNS = List.of("ID", "NAME", "PREFIX", "SCOPES", "STATUS", "EXPIRES");

    @Command(name = "create", mixinStandardHelpOptions = true,
            description = "Create a key and print its secret value (shown only once).")
    static class Create extends ApiCommand {
        @Option(names = "--name") String name;
        @Option(names = "--scope", paramLabel = "SCOPE", description = "runs:read, runs:write or admin; repeatable.")
        List<String> scopes;
        @Option(names = "--expires-at", paramLabel = "TIME", description = "RFC 3339 expiry.") String expiresAt;
        @Option(names = "--principal", paramLabel = "UID", description = "The user or service account it acts as.")
        String principal;
        @Option(names = {"-o", "--output"}, paramLabel = "FORMAT", description = "text (default: the key only) or json.")
        String output = "text";

        @Override
        int execute(AgentrunsClient client) {
            CreateApiKeyRequest.Builder b = CreateApiKeyRequest.builder().name(name).scopes(scopes).principalId(principal);
            if (expiresAt != null) {
                try {
                    b.expiresAt(OffsetDateTime.parse(expiresAt).toInstant());
                } catch (DateTimeParseException e) {
                    throw new IllegalArgumentException("--expires-at: not an RFC 3339 time: " + expiresAt);
                }
            }
            ApiKey key = client.keys().create(b.build());
            if ("json".equals(output)) {
                Output.json(out(), key);
            } else {
                out().println(key.key());
                out().flush();
                err().println("key " + key.id() + " created; its value is shown only once");
                err().flush();
            }
            return 0;
        }
    }

    @Command(name = "list", mixinStandardHelpOptions = true, description = "List the team's keys (never their values).")
    static class ListKeys extends ApiCommand {
        @Option(names = {"-o", "--output"}, paramLabel = "FORMAT", description = "table (default) or json.")
        OutputFormat output = OutputFormat.table;

        @Override
        int execute(AgentrunsClient client) {
            List<ApiKey> keys = client.keys().list();
            if (output == OutputFormat.json) {
                Output.json(out(), java.util.Map.of("keys", keys));
            } else {
                Output.table(out(), COLUMNS, keys.stream().map(KeysCommand::row).toList());
            }
            return 0;
        }
    }

    @Command(name = "revoke", mixinStandardHelpOptions = true, description = "Revoke a key; it is refused at once.")
    static class Revoke extends ApiCommand {
        @Parameters(paramLabel = "ID") String id;

        @Override
        int execute(AgentrunsClient client) {
            client.keys().revoke(id);
            out().println("revoked " + id);
            out().flush();
            return 0;
        }
    }
}
