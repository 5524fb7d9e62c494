package io.agentruns.store.run;

import io.agentruns.core.error.ApiException;
import io.agentruns.core.error.ErrorCode;
import io.agentruns.core.run.AgentConfig;
import io.agentruns.core.run.Artifact;
import io.agentruns.core.run.CreateResult;
import io.agentruns.core.run.IdempotencyClaim;
import io.agentruns.core.run.Ids;
import io.agentruns.core.run.NewRun;
import io.agentruns.core.run.Run;
import io.agentruns.core.run.RunCursor;
import io.agentruns.core.run.RunPage;
import io.agentruns.core.run.RunQuery;
import io.agentruns.core.run.RunRepository;
import io.agentruns.core.run.RunState;
import io.agentruns.core.run.Usage;
import io.agentruns.store.SqlTime;
import io.agentruns.store.StoreJson;
import io.agentruns.store.tx.GroupCommit;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.simple.JdbcClient;

/** {@link RunRepository} on JDBC, for H2 and PostgreSQL alike. */
public final class JdbcRunRepository implements RunRepository {
    /** How long an Idempotency-Key is remembered (wire contract: 24 h). */
    public static final Duration DEFAULT_IDEMPOTENCY_TTL = Duration.ofHours(24);

    private final JdbcClient jdbc;
    private final GroupCommit commits;
    private final Clock clock;
    private final Duration idempotencyTtl;
    private final IdempotencyRecords idempotency;
    private final RunStateWriter stateWriter;
    private final ArtifactRows artifacts;

    public JdbcRunRepository(JdbcClient jdbc, GroupCommit commits, Clock clock, Duration idempotencyTtl,
                             RunStateWriter stateWriter) {
        this.jdbc = jdbc;
        this.commits = commits;
        this.clock = clock;
        this.idempotencyTtl = idempotencyTtl;
        this.idempotency = new IdempotencyRecords(jdbc);
        this.stateWriter = stateWriter;
        this.artifacts = new ArtifactRows(jdbc);
    }

    /**
     * Run row, event seq 1 and idempotency row commit together (invariant 1). Two concurrent creates
     * with one key race on the idempotency primary key: the loser's transaction rolls back and it
     * replays the winner's run (guarded by StoreContractTest.concurrentCreatesWithOneKeyMakeOneRun).
     * Concurrent creates share transactions through {@link GroupCommit} (one commit, one NOTIFY per
     * channel for many runs); a create whose batch rolled back is run again alone, so the key race
     * and its DuplicateKeyException stay per create.
     */
    @Override
    public CreateResult create(NewRun run, IdempotencyClaim claim) {
        Instant now = SqlTime.now(clock);
        if (claim != null) {
            Optional<IdempotencyRecords.Recorded> earlier = idempotency.findLive(claim, now);
            if (earlier.isPresent()) {
                return replay(run.teamId(), claim, earlier.get());
            }
        }
        try {
            // Id and JSON are made here, on the caller's thread: the unit holds only the SQL, since the
            // leader of a group commit runs the units of its batch one after another.
            UUID id = Ids.uuidV7(clock);
            String config = StoreJson.write(run.config());
            commits.execute(() -> insert(id, config, run, claim, now));
            Run created = written(id, config, run, now);
            // Without the creator at hand (store tests, internal callers) the run is read back.
            return new CreateResult.Created(run.creator() != null ? created
                    : find(run.teamId(), created.id()).orElseThrow());
        } catch (DuplicateKeyException e) {
            if (claim == null) {
                throw e;
            }
            // Our insert lost to a create that committed first with the same key.
            IdempotencyRecords.Recorded winner = idempotency.findLive(claim, now).orElseThrow(() -> e);
            return replay(run.teamId(), claim, winner);
        }
    }

    /**
     * Inserts the run with last_event_seq = 1 and its first state event (seq 1) in one go, so the
     * new row is written once. Safe to run again after its batch rolled back (same id, nothing kept).
     */
    private Void insert(UUID id, String config, NewRun run, IdempotencyClaim claim, Instant now) {
        jdbc.sql("INSERT INTO runs (id, team_id, title, prompt, state, created_at, updated_at, config, config_name,"
                        + " model_id, environment_id, skill_spec, worker_host, source, creator_id, team_scoped,"
                        + " parent_run_id, schedule_id, version, cancel_requested, last_event_seq)"
                        + " VALUES (:id, :team, :title, :prompt, :state, :now, :now, :config, :configName, :modelId,"
                        + " :environmentId, :skillSpec, :workerHost, :source, :creator, :teamScoped, :parent,"
                        + " :schedule, 0, FALSE, 1)")
                .param("id", id)
                .param("team", run.teamId())
                .param("title", run.title())
                .param("prompt", run.prompt())
                .param("state", RunState.QUEUED.name())
                .param("now", SqlTime.bind(now))
                .param("config", config)
                .param("configName", run.config().name() == null ? "" : run.config().name())
                .param("modelId", run.config().modelId())
                .param("environmentId", run.config().environmentId())
                .param("skillSpec", run.config().skillSpec())
                .param("workerHost", run.config().workerHost())
                .param("source", run.source().name())
                .param("creator", run.creatorId())
                .param("teamScoped", run.teamScoped())
                .param("parent", run.parentRunId())
                .param("schedule", run.scheduleId())
                .update();
        stateWriter.recordCreated(id, run.teamId(), run.title(), now); // event seq 1, wakes the workers
        if (claim != null) {
            idempotency.deleteExpired(claim, now);
            idempotency.insert(claim, id, now, now.plus(idempotencyTtl));
        }
        return null;
    }

    /** Exactly what find() would map from the row insert wrote (config through the same JSON). */
    private static Run written(UUID id, String config, NewRun run, Instant now) {
        return new Run(id, run.teamId(), run.title(), run.prompt(), RunState.QUEUED, now, now, null, null, null,
                StoreJson.read(config, AgentConfig.class), null, run.source(), run.creator(), run.teamScoped(),
                Usage.NONE, List.of(), run.parentRunId(), run.scheduleId(), null, null, null, 0);
    }

    private CreateResult replay(UUID teamId, IdempotencyClaim claim, IdempotencyRecords.Recorded earlier) {
        if (!earlier.requestHash().equals(claim.requestHash())) {
            throw ApiException.unprocessable(ErrorCode.INVALID_REQUEST,
                    "Idempotency-Key was already used with a different request body");
        }
        Run first = find(teamId, earlier.runId()).orElseThrow(
                () -> new IllegalStateException("idempotency record points to a missing run " + earlier.runId()));
        return new CreateResult.Replayed(first);
    }

    @Override
    public Optional<Run> find(UUID teamId, UUID runId) {
        // One round trip: the run with its artifacts joined, one row per artifact (one row when none).
        List<Artifact> runArtifacts = new ArrayList<>();
        List<Run> found = new ArrayList<>(1);
        jdbc.sql(RunRows.SELECT_WITH_ARTIFACTS + " WHERE r.id = :id AND r.team_id = :team ORDER BY a.seq")
                .param("id", runId)
                .param("team", teamId)
                .query(rs -> {
                    if (found.isEmpty()) {
                        found.add(RunRows.map(rs, List.of()));
                    }
                    String type = rs.getString("a_type");
                    if (type != null) {
                        runArtifacts.add(new Artifact(type, SqlTime.read(rs, "a_created_at"),
                                StoreJson.readMap(rs.getString("a_data"))));
                    }
                });
        return found.stream().findFirst().map(r -> withArtifacts(r, List.copyOf(runArtifacts)));
    }

    @Override
    public RunPage list(UUID teamId, RunQuery query) {
        RunCursor after = query.cursor() == null ? null : RunCursor.decodeFor(query.cursor(), query);
        Optional<RunListSql> sql = RunListSql.build(teamId, query, after);
        if (sql.isEmpty()) {
            return new RunPage(List.of(), null);
        }
        List<UUID> withSome = new ArrayList<>();
        List<Run> rows = jdbc.sql(sql.get().sql())
                .params(sql.get().params())
                .query((rs, n) -> {
                    Run run = RunRows.map(rs, List.of());
                    if (n < query.limit() && rs.getBoolean("has_artifacts")) {
                        withSome.add(run.id());
                    }
                    return run;
                })
                .list();
        boolean more = rows.size() > query.limit();
        List<Run> page = new ArrayList<>(more ? rows.subList(0, query.limit()) : rows);
        // Only the runs that have artifacts need the second query; most pages have none.
        if (!withSome.isEmpty()) {
            Map<UUID, List<Artifact>> pageArtifacts = artifacts.forRuns(withSome);
            page.replaceAll(r -> withArtifacts(r, pageArtifacts.getOrDefault(r.id(), List.of())));
        }
        String next = more ? cursorAfter(page.getLast(), query) : null;
        return new RunPage(page, next);
    }

    private static String cursorAfter(Run last, RunQuery query) {
        String value = switch (query.sortBy()) {
            case UPDATED_AT -> String.valueOf(last.updatedAt().toEpochMilli());
            case CREATED_AT -> String.valueOf(last.createdAt().toEpochMilli());
            case TITLE -> last.title();
            case AGENT -> last.config().name() == null ? "" : last.config().name();
        };
        return new RunCursor(RunCursor.digestOf(query), last.id(), value).encode();
    }

    private static Run withArtifacts(Run r, List<Artifact> list) {
        if (list.isEmpty()) {
            return r;
        }
        return new Run(r.id(), r.teamId(), r.title(), r.prompt(), r.state(), r.createdAt(), r.updatedAt(),
                r.startedAt(), r.finishedAt(), r.sessionId(), r.config(), r.statusMessage(), r.source(), r.creator(),
                r.teamScoped(), r.usage(), list, r.parentRunId(), r.scheduleId(), r.output(), r.workerId(),
                r.leaseExpiresAt(), r.version());
    }
}
