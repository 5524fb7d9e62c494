package io.agentruns.server.identity;

import io.agentruns.core.identity.IdentityRepository;
import io.agentruns.server.config.AgentrunsProperties;
import io.agentruns.server.config.ConditionalOnApi;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.stereotype.Component;

/**
 * First start on an empty database: team {@code default} with its default environment, an admin
 * service account, and an admin key: {@code AGENTRUNS_BOOTSTRAP_API_KEY}, or a random key written to
 * {@code <dataDir>/bootstrap-api-key} (mode 0600) and logged once. Runs before the server accepts
 * requests. Guarded by {@code BootstrapTest}.
 */
@Component
@ConditionalOnApi
public class Bootstrap implements SmartInitializingSingleton {
    public static final String KEY_FILE = "bootstrap-api-key";
    public static final String TEAM = "default";
    private static final Logger log = LoggerFactory.getLogger(Bootstrap.class);

    private final IdentityRepository identities;
    private final AdminService admin;
    private final AgentrunsProperties properties;
    private final io.agentruns.core.environment.EnvironmentRepository environments;

    public Bootstrap(IdentityRepository identities, AdminService admin, AgentrunsProperties properties,
                     io.agentruns.core.environment.EnvironmentRepository environments) {
        this.environments = environments;
        this.identities = identities;
        this.admin = admin;
        this.properties = properties;
    }

    @Override
    public void afterSingletonsInstantiated() {
        if (identities.anyKeyExists()) {
            return;
        }
        String given = properties.bootstrapApiKey();
        boolean generated = given == null || given.isBlank();
        AdminService.NewTeam team = identities.findTeamByName(TEAM).isPresent()
                ? reuseTeam(generated ? null : given)
                : admin.createTeam(TEAM, generated ? null : given);
        if (generated) {
            Path file = writeKeyFile(team.key().secret());
            log.info("Created the bootstrap admin key (shown once; also in {}): {}", file, team.key().secret());
        } else {
            log.info("Created the bootstrap admin key from AGENTRUNS_BOOTSTRAP_API_KEY (prefix {})",
                    team.key().record().prefix());
        }
    }

    // A team `default` without keys (a first start that stopped half-way, or keys deleted by hand):
    // give it what a first start would have.
    private AdminService.NewTeam reuseTeam(String given) {
        var team = identities.findTeamByName(TEAM).orElseThrow();
        if (environments.findDefault(team.id()).isEmpty()) {
            environments.create(team.id(), new io.agentruns.core.environment.EnvironmentSpec(
                    AdminService.DEFAULT_ENVIRONMENT, "The team's default environment", null, java.util.List.of(),
                    java.util.List.of(), true));
        }
        var principal = identities.createPrincipal(team.id(), io.agentruns.core.identity.PrincipalType.SERVICE_ACCOUNT,
                "admin", null);
        var key = admin.issueKey(team.id(), principal.id(), "admin",
                java.util.Set.of(io.agentruns.core.identity.Scope.ADMIN), null, given);
        return new AdminService.NewTeam(team, principal, key);
    }

    private Path writeKeyFile(String secret) {
        Path file = properties.dataDir().resolve(KEY_FILE);
        try {
            Files.createDirectories(properties.dataDir());
            Files.deleteIfExists(file);
            try {
                // Created with 0600 so that the key is never readable by others, not even briefly.
                Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            } catch (UnsupportedOperationException e) {
                Files.createFile(file);
            } catch (FileAlreadyExistsException e) {
                throw new IllegalStateException(file + " appeared concurrently", e);
            }
            try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8, StandardOpenOption.TRUNCATE_EXISTING)) {
                w.write(secret);
                w.write('\n');
            }
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }
}
