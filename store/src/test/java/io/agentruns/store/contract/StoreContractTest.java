package io.agentruns.store.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.agentruns.core.environment.Environment;
import io.agentruns.core.environment.EnvironmentSpec;
import io.agentruns.core.environment.RepoRef;
import io.agentruns.core.error.ApiException;
import io.agentruns.core.error.ErrorCode;
import io.agentruns.core.event.EventType;
import io.agentruns.core.identity.ApiKeyRecord;
import io.agentruns.core.identity.ApiKeySecret;
import io.agentruns.core.identity.AuthenticatedKey;
import io.agentruns.core.identity.NewApiKey;
import io.agentruns.core.identity.Principal;
import io.agentruns.core.identity.PrincipalType;
import io.agentruns.core.identity.Scope;
import io.agentruns.core.run.AgentConfig;
import io.agentruns.core.run.CreateResult;
import io.agentruns.core.run.IdempotencyClaim;
import io.agentruns.core.run.McpServerConfig;
import io.agentruns.core.run.NewRun;
import io.agentruns.core.run.Run;
import io.agentruns.core.run.RunPage;
import io.agentruns.core.run.RunQuery;
import io.agentruns.core.run.RunQuery.SortBy;
import io.agentruns.core.run.RunQuery.SortOrder;
import io.agentruns.core.run.RunSource;
import io.agentruns.core.run.RunState;
import io.agentruns.core.run.StatusMessage;
import io.agentruns.store.Database;
import io.agentruns.store.Store;
import io.agentruns.store.StoreJson;
import io.agentruns.store.contract.StoreFixture.TeamUser;
import io.agentruns.store.run.RunStateWriter;
import io.agentruns.store.testing.TestClock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HashMap;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The store's contract, run against every database it supports (subclasses open the database).
 * Each test works in a team of its own, so tests share one database per class.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class StoreContractTest {
    protected TestClock clock;
    protected Database database;
    protected Store store;
    private StoreFixture fixture;

    /** Opens a fresh, migrated database for this test class. */
    protected abstract Database openDatabase();

    /** Releases what {@link #openDatabase} created (after the database was closed). */
    protected void dropDatabase() {
    }

    @BeforeAll
    void openStore() {
        clock = TestClock.startingNow();
        database = openDatabase();
        store = new Store(database, clock);
        fixture = new StoreFixture(store);
    }

    @AfterAll
    void closeStore() {
        try {
            if (database != null) {
                database.close();
            }
        } finally {
            dropDatabase();
        }
    }

    // ---------------------------------------------------------------- create and find

    @Test
    void createStoresAQueuedRunThatFindReturnsInFull() {
        TeamUser t = fixture.newTeam();
        Map<String, McpServerConfig> mcp = new LinkedHashMap<>();
        mcp.put("github", new McpServerConfig(null, null, null, "https://mcp.example.test", Map.of("Authorization", "Bearer s3cret"), null));
        mcp.put("files", new McpServerConfig("npx", List.of("-y", "server-files"), Map.of("TOKEN", "t0k"), null, null, null));
        AgentConfig config = new AgentConfig("nightly", "model-a", "be brief", "env-1", "acme/tools:lint", mcp,
                "pool-1", true, 15);
        UUID parent = UUID.randomUUID();
        NewRun newRun = new NewRun(t.teamId(), "Fix the build", "Please fix the build", config, RunSource.CLI,
                t.user().id(), true, parent, "sched-7");

        CreateResult result = store.runs().create(newRun, null);

        assertThat(result).isInstanceOf(CreateResult.Created.class);
        Run created = result.run();
        assertThat(created.id().version()).as("UUIDv7").isEqualTo(7);
        Run found = store.runs().find(t.teamId(), created.id()).orElseThrow();
        assertThat(found).isEqualTo(created);
        assertThat(found.state()).isEqualTo(RunState.QUEUED);
        assertThat(found.title()).isEqualTo("Fix the build");
        assertThat(found.prompt()).isEqualTo("Please fix the build");
        assertThat(found.config()).as("stored unredacted; redaction happens on the way out").isEqualTo(config);
        assertThat(found.source()).isEqualTo(RunSource.CLI);
        assertThat(found.creator()).isEqualTo(t.user());
        assertThat(found.teamScoped()).isTrue();
        assertThat(found.parentRunId()).isEqualTo(parent);
        assertThat(found.scheduleId()).isEqualTo("sched-7");
        assertThat(found.teamId()).isEqualTo(t.teamId());
        Instant millis = clock.instant().truncatedTo(ChronoUnit.MILLIS);
        assertThat(found.createdAt()).isEqualTo(millis);
        assertThat(found.updatedAt()).isEqualTo(millis);
        assertThat(found.startedAt()).isNull();
        assertThat(found.finishedAt()).isNull();
        assertThat(found.statusMessage()).isNull();
        assertThat(found.version()).isZero();
        assertThat(found.artifacts()).isEmpty();
    }

    @Test
    void createWritesEventSeqOneWithStateQueued() {
        TeamUser t = fixture.newTeam();
        Run run = fixture.create(t.run("evented"));

        List<Map<String, Object>> events = database.jdbc()
                .sql("SELECT seq, event_type, data FROM run_events WHERE run_id = :id ORDER BY seq")
                .param("id", run.id())
                .query((rs, n) -> Map.<String, Object>of("seq", rs.getLong(1), "type", rs.getString(2),
                        "data", StoreJson.readMap(rs.getString(3))))
                .list();
        assertThat(events).containsExactly(Map.of("seq", 1L, "type", EventType.STATE.wireName(),
                "data", Map.of("state", "QUEUED")));
        assertThat(lastEventSeq(run.id())).isEqualTo(1L);
    }

    /** Invariant 6: a new run wakes the workers from inside its transaction; a replay wakes nobody. */
    @Test
    void createAnnouncesTheQueuedRunToWorkersAndWebhooksOnce() {
        TeamUser t = fixture.newTeam();
        java.util.concurrent.atomic.AtomicInteger queued = new java.util.concurrent.atomic.AtomicInteger();
        java.util.concurrent.atomic.AtomicBoolean inTransaction = new java.util.concurrent.atomic.AtomicBoolean();
        List<io.agentruns.core.outbox.StateChange> changes = new java.util.concurrent.CopyOnWriteArrayList<>();
        Store notifying = new Store(database, clock, new io.agentruns.store.queue.RunNotifier() {
            @Override
            public void runQueued() {
                queued.incrementAndGet();
                inTransaction.set(org.springframework.transaction.support.TransactionSynchronizationManager
                        .isActualTransactionActive());
            }

            @Override
            public void cancelRequested(UUID runId) {
            }
        }, changes::add);
        IdempotencyClaim claim = new IdempotencyClaim(t.user().id(), "wake", "h");
        Run run = notifying.runs().create(t.run("wake up"), claim).run();
        notifying.runs().create(t.run("wake up"), claim);

        assertThat(queued).hasValue(1);
        assertThat(inTransaction).isTrue();
        assertThat(changes).containsExactly(new io.agentruns.core.outbox.StateChange(t.teamId(), run.id(), "wake up",
                null, RunState.QUEUED, run.createdAt(), null, null));
    }

    @Test
    void findOfAnUnknownRunIsEmpty() {
        TeamUser t = fixture.newTeam();
        assertThat(store.runs().find(t.teamId(), UUID.randomUUID())).isEmpty();
    }

    /** Invariant 7: another team's run is found as little as a missing one. */
    @Test
    void anotherTeamsRunIsNeitherFoundNorListed() {
        TeamUser owner = fixture.newTeam();
        TeamUser other = fixture.newTeam();
        Run run = fixture.create(owner.run("private"));

        assertThat(store.runs().find(other.teamId(), run.id())).isEmpty();
        assertThat(store.runs().list(other.teamId(), RunQuery.all()).runs()).isEmpty();
        assertThat(store.runs().find(owner.teamId(), run.id())).isPresent();
        assertThat(ids(store.runs().list(owner.teamId(), RunQuery.all()))).containsExactly(run.id());
    }

    // ---------------------------------------------------------------- filters

    @Test
    void stateFilterMatchesAnyOfTheGivenStatesAndUnknownNamesMatchNothing() {
        TeamUser t = fixture.newTeam();
        Run queued = fixture.create(t.run("queued"));
        Run running = fixture.create(t.run("running"));
        Run failed = fixture.create(t.run("failed"));
        move(running.id(), RunState.INPROGRESS, null);
        move(failed.id(), RunState.INPROGRESS, null);
        move(failed.id(), RunState.FAILED, new StatusMessage("boom", ErrorCode.INTERNAL_ERROR, true));

        assertThat(listIds(t, q -> q.states(Set.of("QUEUED")))).containsExactly(queued.id());
        assertThat(listIds(t, q -> q.states(Set.of("INPROGRESS", "FAILED"))))
                .containsExactlyInAnyOrder(running.id(), failed.id());
        assertThat(listIds(t, q -> q.states(Set.of("PENDING")))).isEmpty();
        assertThat(listIds(t, q -> q.states(Set.of("PENDING", "CLAIMED", "QUEUED")))).containsExactly(queued.id());
        assertThat(listIds(t, q -> q.states(Set.of()))).hasSize(3);
    }

    @Test
    void configNameModelEnvironmentSkillAndScheduleFiltersMatchExactly() {
        TeamUser t = fixture.newTeam();
        Run a = fixture.create(t.run("a", StoreFixture.config("alpha", "model-1", "env-1", "acme/x:one")));
        Run b = fixture.create(t.run("b", StoreFixture.config("beta", "model-2", "env-2", "acme/x:two")));
        Run none = fixture.create(new NewRun(t.teamId(), "c", "p", AgentConfig.empty(), RunSource.SCHEDULED_AGENT,
                t.user().id(), false, null, "sched-1"));

        assertThat(listIds(t, q -> q.configName("alpha"))).containsExactly(a.id());
        assertThat(listIds(t, q -> q.configName("alp"))).as("exact match, not prefix").isEmpty();
        assertThat(listIds(t, q -> q.modelId("model-2"))).containsExactly(b.id());
        assertThat(listIds(t, q -> q.environmentId("env-1"))).containsExactly(a.id());
        assertThat(listIds(t, q -> q.skillSpec("acme/x:two"))).containsExactly(b.id());
        assertThat(listIds(t, q -> q.scheduleId("sched-1"))).containsExactly(none.id());
        assertThat(listIds(t, q -> q.configName("alpha").modelId("model-2"))).as("filters combine with AND").isEmpty();
    }

    @Test
    void creatorAndSourceFiltersMatchExactly() {
        TeamUser t = fixture.newTeam();
        Principal bot = store.identities().createPrincipal(t.teamId(), PrincipalType.SERVICE_ACCOUNT, "bot", null);
        Run byUser = fixture.create(t.run("by user"));
        Run byBot = fixture.create(new NewRun(t.teamId(), "by bot", "p", AgentConfig.empty(), RunSource.CLI, bot.id(),
                false, null, null));

        assertThat(listIds(t, q -> q.creatorId(bot.id().toString()))).containsExactly(byBot.id());
        assertThat(listIds(t, q -> q.creatorId(t.user().id().toString()))).containsExactly(byUser.id());
        assertThat(listIds(t, q -> q.creatorId("not-a-uuid"))).isEmpty();
        assertThat(listIds(t, q -> q.source(RunSource.CLI))).containsExactly(byBot.id());
        assertThat(listIds(t, q -> q.source(RunSource.API))).containsExactly(byUser.id());
        assertThat(listIds(t, q -> q.source(RunSource.SLACK))).isEmpty();
    }

    @Test
    void createWithTheCreatorAtHandAnswersExactlyWhatFindReads() {
        TeamUser t = fixture.newTeam();
        AgentConfig config = new AgentConfig("nightly", "model-a", "be brief", "env-1", null, null, "pool-1", true, 15);
        NewRun newRun = new NewRun(t.teamId(), "Fix it", "Please fix it", config, RunSource.API, t.user().id(),
                false, null, null, t.user());

        Run created = store.runs().create(newRun, null).run();

        assertThat(created).isEqualTo(store.runs().find(t.teamId(), created.id()).orElseThrow());
        assertThat(lastEventSeq(created.id())).isEqualTo(1L);
    }

    @Test
    void artifactTypeFilterMatchesRunsWithSuchAnArtifact() {
        TeamUser t = fixture.newTeam();
        Run withPr = fixture.create(t.run("pr"));
        Run withPlan = fixture.create(t.run("plan"));
        fixture.create(t.run("nothing"));
        fixture.addArtifact(withPr.id(), 1, "PLAN");
        fixture.addArtifact(withPr.id(), 2, "PULL_REQUEST");
        fixture.addArtifact(withPlan.id(), 1, "PLAN");

        assertThat(listIds(t, q -> q.artifactType("PULL_REQUEST"))).containsExactly(withPr.id());
        assertThat(listIds(t, q -> q.artifactType("PLAN"))).containsExactlyInAnyOrder(withPr.id(), withPlan.id());
        assertThat(listIds(t, q -> q.artifactType("FILE"))).isEmpty();
        Run listed = store.runs().list(t.teamId(), RunQuery.builder().artifactType("PULL_REQUEST").build()).runs().get(0);
        assertThat(listed.artifacts()).extracting(a -> a.artifactType()).containsExactly("PLAN", "PULL_REQUEST");
        // find joins the artifacts into the run's query: every one, in seq order, and none for a run without
        assertThat(store.runs().find(t.teamId(), withPr.id()).orElseThrow().artifacts())
                .extracting(a -> a.artifactType()).containsExactly("PLAN", "PULL_REQUEST");
        assertThat(store.runs().find(t.teamId(), withPlan.id()).orElseThrow().artifacts()).hasSize(1);
        // An unfiltered page mixes runs with and without artifacts: each run gets exactly its own.
        Map<String, List<String>> byTitle = new HashMap<>();
        store.runs().list(t.teamId(), RunQuery.builder().build()).runs().forEach(r ->
                byTitle.put(r.title(), r.artifacts().stream().map(a -> a.artifactType()).toList()));
        assertThat(byTitle).containsEntry("nothing", List.of()).containsEntry("plan", List.of("PLAN"))
                .containsEntry("pr", List.of("PLAN", "PULL_REQUEST"));
    }

    @Test
    void timeFiltersAreExclusiveBounds() {
        TeamUser t = fixture.newTeam();
        Run first = fixture.create(t.run("first"));
        clock.advance(Duration.ofMinutes(1));
        Run second = fixture.create(t.run("second"));
        clock.advance(Duration.ofMinutes(1));
        Run third = fixture.create(t.run("third"));
        clock.advance(Duration.ofMinutes(1));
        move(first.id(), RunState.INPROGRESS, null); // first now has the newest updated_at

        assertThat(listIds(t, q -> q.createdAfter(first.createdAt()))).containsExactlyInAnyOrder(second.id(), third.id());
        assertThat(listIds(t, q -> q.createdBefore(third.createdAt()))).containsExactlyInAnyOrder(first.id(), second.id());
        assertThat(listIds(t, q -> q.createdAfter(first.createdAt()).createdBefore(third.createdAt())))
                .containsExactly(second.id());
        assertThat(listIds(t, q -> q.updatedAfter(third.updatedAt()))).containsExactly(first.id());
    }

    @Test
    void textSearchLooksAtTitlePromptAndSkillSpecIgnoringCaseAndWildcards() {
        TeamUser t = fixture.newTeam();
        Run byTitle = fixture.create(new NewRun(t.teamId(), "Upgrade Gradle", "do it", AgentConfig.empty(),
                RunSource.API, t.user().id(), false, null, null));
        Run byPrompt = fixture.create(new NewRun(t.teamId(), "misc", "please upgrade the GRADLE wrapper",
                AgentConfig.empty(), RunSource.API, t.user().id(), false, null, null));
        Run bySkill = fixture.create(t.run("other", StoreFixture.config(null, null, null, "acme/gradle-skills:upgrade")));
        Run percent = fixture.create(new NewRun(t.teamId(), "100% done", "x", AgentConfig.empty(), RunSource.API,
                t.user().id(), false, null, null));
        fixture.create(t.run("unrelated"));

        assertThat(listIds(t, q -> q.q("gradle"))).containsExactlyInAnyOrder(byTitle.id(), byPrompt.id(), bySkill.id());
        assertThat(listIds(t, q -> q.q("UPGRADE"))).containsExactlyInAnyOrder(byTitle.id(), byPrompt.id(), bySkill.id());
        assertThat(listIds(t, q -> q.q("0%"))).containsExactly(percent.id());
        assertThat(listIds(t, q -> q.q("%"))).as("% is literal").containsExactly(percent.id());
        assertThat(listIds(t, q -> q.q("_"))).as("_ is literal").isEmpty();
    }

    // ---------------------------------------------------------------- sorts and pages

    static Stream<Arguments> everySort() {
        return Stream.of(SortBy.values()).flatMap(s -> Stream.of(SortOrder.values()).map(o -> Arguments.of(s, o)));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("everySort")
    void everySortOrdersBySortValueThenIdAndPagesThroughAll(SortBy sortBy, SortOrder order) {
        TeamUser t = fixture.newTeam();
        String[] names = {"delta", "alpha", "charlie", "bravo", "alpha", "echo", "bravo"};
        List<UUID> created = new ArrayList<>();
        for (int i = 0; i < 21; i++) {
            String name = names[i % names.length];
            // A few runs share a millisecond and a name, so the id tie-break is exercised.
            if (i % 3 == 0) {
                clock.advance(Duration.ofMillis(1));
            }
            created.add(fixture.create(t.run(name + names[(i * 5) % names.length],
                    StoreFixture.config(i % 4 == 0 ? null : name, null, null, null))).id());
        }
        for (int i = 0; i < created.size(); i += 4) { // move some updated_at ahead of later-created runs
            clock.advance(Duration.ofMillis(1));
            move(created.get(i), RunState.INPROGRESS, null);
        }
        List<Run> all = created.stream().map(id -> store.runs().find(t.teamId(), id).orElseThrow()).toList();
        Comparator<Run> byValue = switch (sortBy) {
            case UPDATED_AT -> Comparator.comparing(Run::updatedAt);
            case CREATED_AT -> Comparator.comparing(Run::createdAt);
            case TITLE -> Comparator.comparing(Run::title);
            case AGENT -> Comparator.comparing(r -> r.config().name() == null ? "" : r.config().name());
        };
        Comparator<Run> expectedOrder = byValue.thenComparing(Run::id);
        if (order == SortOrder.DESC) {
            expectedOrder = expectedOrder.reversed();
        }
        List<UUID> expected = all.stream().sorted(expectedOrder).map(Run::id).toList();

        RunQuery query = RunQuery.builder().sortBy(sortBy).sortOrder(order).limit(4).build();
        List<UUID> paged = pageThrough(t, query, () -> { });

        assertThat(paged).containsExactlyElementsOf(expected);
        assertThat(ids(store.runs().list(t.teamId(), query.toBuilder().limit(100).build())))
                .containsExactlyElementsOf(expected);
    }

    @Test
    void defaultSortIsUpdatedAtDescending() {
        TeamUser t = fixture.newTeam();
        Run older = fixture.create(t.run("older"));
        clock.advance(Duration.ofSeconds(1));
        Run newer = fixture.create(t.run("newer"));
        assertThat(ids(store.runs().list(t.teamId(), RunQuery.all()))).containsExactly(newer.id(), older.id());
        clock.advance(Duration.ofSeconds(1));
        move(older.id(), RunState.INPROGRESS, null);
        assertThat(ids(store.runs().list(t.teamId(), RunQuery.all()))).containsExactly(older.id(), newer.id());
    }

    @Test
    void limitBoundsThePageAndTheLastPageHasNoCursor() {
        TeamUser t = fixture.newTeam();
        for (int i = 0; i < 5; i++) {
            fixture.create(t.run("r" + i));
        }
        RunPage first = store.runs().list(t.teamId(), RunQuery.builder().limit(3).build());
        assertThat(first.runs()).hasSize(3);
        assertThat(first.nextCursor()).isNotNull();
        RunPage second = store.runs().list(t.teamId(), RunQuery.builder().limit(3).cursor(first.nextCursor()).build());
        assertThat(second.runs()).hasSize(2);
        assertThat(second.nextCursor()).isNull();
        RunPage exact = store.runs().list(t.teamId(), RunQuery.builder().limit(5).build());
        assertThat(exact.runs()).hasSize(5);
        assertThat(exact.nextCursor()).as("no empty last page").isNull();
        assertThatThrownBy(() -> RunQuery.builder().limit(0).build()).isInstanceOf(ApiException.class);
        assertThatThrownBy(() -> RunQuery.builder().limit(101).build()).isInstanceOf(ApiException.class);
    }

    static Stream<Arguments> pagingSorts() {
        return Stream.of(Arguments.of(SortBy.CREATED_AT, SortOrder.DESC), Arguments.of(SortBy.UPDATED_AT, SortOrder.DESC),
                Arguments.of(SortBy.CREATED_AT, SortOrder.ASC), Arguments.of(SortBy.TITLE, SortOrder.ASC));
    }

    /** Invariant 9: keyset pages never repeat or skip a run that existed when paging began. */
    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("pagingSorts")
    void pagingWhileInsertingNeverRepeatsOrSkips(SortBy sortBy, SortOrder order) throws Exception {
        TeamUser t = fixture.newTeam();
        Set<UUID> existing = new HashSet<>();
        for (int i = 0; i < 250; i++) {
            if (i % 2 == 0) {
                clock.advance(Duration.ofMillis(1));
            }
            existing.add(fixture.create(t.run(String.format("title%05d", (i * 7919) % 1000))).id());
        }
        AtomicBoolean stop = new AtomicBoolean();
        ExecutorService inserter = Executors.newSingleThreadExecutor();
        Future<Integer> inserted = inserter.submit(() -> {
            int n = 0;
            while (!stop.get()) {
                clock.advance(Duration.ofMillis(1));
                fixture.create(t.run(String.format("title%05d", (n * 31) % 1000)));
                n++;
            }
            return n;
        });
        try {
            // Between pages the main thread also inserts, so each page boundary sees new rows.
            List<UUID> seen = pageThrough(t, RunQuery.builder().sortBy(sortBy).sortOrder(order).limit(20).build(),
                    () -> fixture.create(t.run("title00000")));
            assertThat(seen).doesNotHaveDuplicates();
            assertThat(seen).containsAll(existing);
        } finally {
            stop.set(true);
            assertThat(inserted.get(30, TimeUnit.SECONDS)).as("runs inserted while paging").isPositive();
            inserter.shutdownNow();
        }
    }

    @Test
    void aCursorFromOtherFiltersOrAnotherSortIsRejected() {
        TeamUser t = fixture.newTeam();
        for (int i = 0; i < 3; i++) {
            fixture.create(t.run("r" + i, StoreFixture.config("agent", null, null, null)));
        }
        RunQuery query = RunQuery.builder().configName("agent").limit(1).build();
        String cursor = store.runs().list(t.teamId(), query).nextCursor();
        assertThat(cursor).isNotNull();

        assertThat(store.runs().list(t.teamId(), query.toBuilder().limit(2).cursor(cursor).build()).runs())
                .as("another limit keeps the cursor valid").hasSize(2);
        assertInvalidRequest(() -> store.runs().list(t.teamId(), query.toBuilder().configName("other").cursor(cursor).build()));
        assertInvalidRequest(() -> store.runs().list(t.teamId(), query.toBuilder().configName(null).cursor(cursor).build()));
        assertInvalidRequest(() -> store.runs().list(t.teamId(), query.toBuilder().states(Set.of("QUEUED")).cursor(cursor).build()));
        assertInvalidRequest(() -> store.runs().list(t.teamId(), query.toBuilder().sortOrder(SortOrder.ASC).cursor(cursor).build()));
        assertInvalidRequest(() -> store.runs().list(t.teamId(), query.toBuilder().sortBy(SortBy.TITLE).cursor(cursor).build()));
        assertInvalidRequest(() -> store.runs().list(t.teamId(), query.toBuilder().cursor("not a cursor!").build()));
        assertInvalidRequest(() -> store.runs().list(t.teamId(), query.toBuilder().cursor("bm9wZQ").build()));
        assertInvalidRequest(() -> store.runs().list(t.teamId(), query.toBuilder().cursor("").build()));
    }

    // ---------------------------------------------------------------- idempotency

    @Test
    void aRetriedCreateWithTheSameKeyAndBodyReplaysTheFirstRun() {
        TeamUser t = fixture.newTeam();
        IdempotencyClaim claim = new IdempotencyClaim(t.user().id(), "key-1", "hash-a");
        CreateResult first = store.runs().create(t.run("once"), claim);
        clock.advance(Duration.ofHours(23));
        CreateResult again = store.runs().create(t.run("once"), claim);

        assertThat(first).isInstanceOf(CreateResult.Created.class);
        assertThat(again).isInstanceOf(CreateResult.Replayed.class);
        assertThat(again.run()).isEqualTo(first.run());
        assertThat(runCount(t)).isEqualTo(1);
    }

    @Test
    void theSameKeyWithAnotherBodyIs422AndStoresNothing() {
        TeamUser t = fixture.newTeam();
        store.runs().create(t.run("once"), new IdempotencyClaim(t.user().id(), "key-1", "hash-a"));

        assertThatThrownBy(() -> store.runs().create(t.run("twice"), new IdempotencyClaim(t.user().id(), "key-1", "hash-b")))
                .isInstanceOfSatisfying(ApiException.class, e -> {
                    assertThat(e.kind()).isEqualTo(ApiException.Kind.UNPROCESSABLE);
                    assertThat(e.errorCode()).isEqualTo(ErrorCode.INVALID_REQUEST);
                });
        assertThat(runCount(t)).isEqualTo(1);
    }

    @Test
    void keysAreScopedToThePrincipalAndExpire() {
        TeamUser t = fixture.newTeam();
        Principal other = store.identities().createPrincipal(t.teamId(), PrincipalType.USER, "Grace", null);
        CreateResult mine = store.runs().create(t.run("mine"), new IdempotencyClaim(t.user().id(), "shared", "h"));
        CreateResult theirs = store.runs().create(new NewRun(t.teamId(), "theirs", "p", AgentConfig.empty(),
                RunSource.API, other.id(), false, null, null), new IdempotencyClaim(other.id(), "shared", "h"));
        assertThat(theirs).isInstanceOf(CreateResult.Created.class);
        assertThat(theirs.run().id()).isNotEqualTo(mine.run().id());

        clock.advance(Duration.ofHours(24).plusMillis(1));
        CreateResult afterExpiry = store.runs().create(t.run("mine again"), new IdempotencyClaim(t.user().id(), "shared", "other-hash"));
        assertThat(afterExpiry).isInstanceOf(CreateResult.Created.class);
        assertThat(runCount(t)).isEqualTo(3);
    }

    /** Invariant 1 under a retry storm: one key, many concurrent creates, exactly one run. */
    @Test
    void concurrentCreatesWithOneKeyMakeOneRun() throws Exception {
        TeamUser t = fixture.newTeam();
        int threads = 8;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            for (int round = 0; round < 5; round++) {
                IdempotencyClaim claim = new IdempotencyClaim(t.user().id(), "race-" + round, "same-body");
                CountDownLatch start = new CountDownLatch(1);
                List<Future<CreateResult>> results = new ArrayList<>();
                for (int i = 0; i < threads; i++) {
                    Callable<CreateResult> create = () -> {
                        start.await();
                        return store.runs().create(t.run("raced " + claim.key()), claim);
                    };
                    results.add(pool.submit(create));
                }
                start.countDown();
                List<CreateResult> done = new ArrayList<>();
                for (Future<CreateResult> f : results) {
                    done.add(f.get(60, TimeUnit.SECONDS));
                }
                assertThat(done).filteredOn(r -> r instanceof CreateResult.Created).hasSize(1);
                assertThat(done).extracting(r -> r.run().id()).containsOnly(done.get(0).run().id());
                assertThat(runCount(t)).isEqualTo(round + 1);
            }
        } finally {
            pool.shutdownNow();
        }
    }

    // ---------------------------------------------------------------- state writer

    @Test
    void stateChangesBumpVersionAndAppendTheNextStateEvent() {
        TeamUser t = fixture.newTeam();
        Run run = fixture.create(t.run("moving"));
        clock.advance(Duration.ofSeconds(5));

        RunStateWriter.Change started = transition(run.id(), RunState.INPROGRESS, 0L).orElseThrow();
        assertThat(started.version()).isEqualTo(1);
        assertThat(started.eventSeq()).isEqualTo(2);
        Run found = store.runs().find(t.teamId(), run.id()).orElseThrow();
        assertThat(found.state()).isEqualTo(RunState.INPROGRESS);
        assertThat(found.startedAt()).isEqualTo(clock.instant().truncatedTo(ChronoUnit.MILLIS));
        assertThat(found.updatedAt()).isEqualTo(found.startedAt());

        assertThat(transition(run.id(), RunState.SUCCEEDED, 0L)).as("stale version").isEmpty();
        assertThat(transition(run.id(), RunState.FAILED, 1L)).isPresent();
        assertThat(move(run.id(), RunState.SUCCEEDED, null)).as("final is final").isEmpty();
        assertThat(move(run.id(), RunState.CANCELLED, null)).as("final is final").isEmpty();

        Run failed = store.runs().find(t.teamId(), run.id()).orElseThrow();
        assertThat(failed.state()).isEqualTo(RunState.FAILED);
        assertThat(failed.statusMessage()).isEqualTo(new StatusMessage("tests failed", ErrorCode.INTERNAL_ERROR, true));
        assertThat(failed.finishedAt()).isNotNull();
        assertThat(lastEventSeq(run.id())).isEqualTo(3L);
        assertThat(database.jdbc().sql("SELECT seq FROM run_events WHERE run_id = :id ORDER BY seq")
                .param("id", run.id()).query(Long.class).list()).containsExactly(1L, 2L, 3L);
    }

    // ---------------------------------------------------------------- keys

    @Test
    void anActiveKeyIsFoundByItsHashWithPrincipalTeamAndScopes() {
        TeamUser t = fixture.newTeam();
        ApiKeySecret secret = ApiKeySecret.generate();
        ApiKeyRecord key = store.identities().createKey(new NewApiKey(t.teamId(), t.user().id(), "ci",
                Set.of(Scope.RUNS_READ, Scope.RUNS_WRITE), null, secret.prefix(), secret.hash()));

        AuthenticatedKey found = store.identities().findActiveKeyByHash(ApiKeySecret.hash(secret.value())).orElseThrow();
        assertThat(found.key()).isEqualTo(key);
        assertThat(found.principal()).isEqualTo(t.user());
        assertThat(found.team()).isEqualTo(t.team());
        assertThat(found.scopes()).containsExactlyInAnyOrder(Scope.RUNS_READ, Scope.RUNS_WRITE);
        assertThat(found.has(Scope.ADMIN)).isFalse();
        assertThat(key.prefix()).isEqualTo(secret.value().substring(0, 10));
        assertThat(store.identities().findActiveKeyByHash(ApiKeySecret.hash(secret.value() + "x"))).isEmpty();
        String stored = database.jdbc().sql("SELECT key_hash FROM api_keys WHERE id = :id").param("id", key.id())
                .query(String.class).single();
        assertThat(stored).isEqualTo(secret.hash()).doesNotContain(secret.value().substring(3));
        assertThat(store.identities().anyKeyExists()).isTrue();
    }

    @Test
    void revokedAndExpiredKeysAreNotFound() {
        TeamUser t = fixture.newTeam();
        TeamUser other = fixture.newTeam();
        ApiKeySecret revoked = ApiKeySecret.generate();
        ApiKeySecret expiring = ApiKeySecret.generate();
        ApiKeySecret expired = ApiKeySecret.generate();
        ApiKeyRecord revokedKey = newKey(t, revoked, null);
        newKey(t, expiring, clock.instant().plus(Duration.ofMinutes(5)));
        newKey(t, expired, clock.instant().minusMillis(1));

        assertThat(store.identities().revokeKey(other.teamId(), revokedKey.id())).as("other team cannot revoke").isFalse();
        assertThat(store.identities().findActiveKeyByHash(revoked.hash())).isPresent();
        assertThat(store.identities().revokeKey(t.teamId(), revokedKey.id())).isTrue();
        assertThat(store.identities().revokeKey(t.teamId(), revokedKey.id())).as("already revoked").isFalse();
        assertThat(store.identities().findActiveKeyByHash(revoked.hash())).isEmpty();
        assertThat(store.identities().findKey(t.teamId(), revokedKey.id()).orElseThrow().revokedAt()).isNotNull();

        assertThat(store.identities().findActiveKeyByHash(expired.hash())).isEmpty();
        assertThat(store.identities().findActiveKeyByHash(expiring.hash())).isPresent();
        clock.advance(Duration.ofMinutes(5));
        assertThat(store.identities().findActiveKeyByHash(expiring.hash())).as("expires at its instant").isEmpty();
    }

    @Test
    void keysAreListedPerTeamAndCannotBeMadeForAnotherTeamsPrincipal() {
        TeamUser t = fixture.newTeam();
        TeamUser other = fixture.newTeam();
        ApiKeyRecord a = newKey(t, ApiKeySecret.generate(), null);
        clock.advance(Duration.ofMillis(1));
        ApiKeyRecord b = newKey(t, ApiKeySecret.generate(), null);
        newKey(other, ApiKeySecret.generate(), null);
        store.identities().markUsed(a.id());

        assertThat(store.identities().listKeys(t.teamId())).extracting(ApiKeyRecord::id).containsExactly(b.id(), a.id());
        assertThat(store.identities().findKey(t.teamId(), a.id()).orElseThrow().lastUsedAt()).isNotNull();
        assertThat(store.identities().findKey(other.teamId(), a.id())).isEmpty();
        ApiKeySecret s = ApiKeySecret.generate();
        assertThatThrownBy(() -> store.identities().createKey(new NewApiKey(other.teamId(), t.user().id(), "x",
                Set.of(Scope.ADMIN), null, s.prefix(), s.hash())))
                .isInstanceOfSatisfying(ApiException.class, e -> assertThat(e.kind()).isEqualTo(ApiException.Kind.NOT_FOUND));
        assertThat(store.identities().findActiveKeyByHash(s.hash())).isEmpty();
    }

    @Test
    void teamsHaveUniqueNamesAndPrincipalsAreTeamScoped() {
        TeamUser t = fixture.newTeam();
        TeamUser other = fixture.newTeam();
        assertThatThrownBy(() -> store.identities().createTeam(t.team().name()))
                .isInstanceOfSatisfying(ApiException.class, e -> assertThat(e.kind()).isEqualTo(ApiException.Kind.CONFLICT));
        assertThat(store.identities().findTeamByName(t.team().name())).contains(t.team());
        assertThat(store.identities().findTeam(t.teamId())).contains(t.team());
        assertThat(store.identities().listTeams()).contains(t.team(), other.team());
        clock.advance(Duration.ofMillis(1)); // listed oldest first; ids break ties only within a millisecond
        Principal bot = store.identities().createPrincipal(t.teamId(), PrincipalType.SERVICE_ACCOUNT, "bot", "https://img.test/b.png");
        assertThat(store.identities().findPrincipal(t.teamId(), bot.id())).contains(bot);
        assertThat(store.identities().findPrincipal(other.teamId(), bot.id())).isEmpty();
        assertThat(store.identities().listPrincipals(t.teamId(), null)).containsExactly(t.user(), bot);
        assertThat(store.identities().listPrincipals(t.teamId(), PrincipalType.SERVICE_ACCOUNT)).containsExactly(bot);
    }

    // ---------------------------------------------------------------- environments

    @Test
    void environmentsRoundTripAndAreTeamScoped() {
        TeamUser t = fixture.newTeam();
        TeamUser other = fixture.newTeam();
        EnvironmentSpec spec = new EnvironmentSpec("web", "the web app", "node:22",
                List.of(new RepoRef("https://git.example.test/acme/web.git", "main"), new RepoRef("file:///srv/repo", null)),
                List.of("npm ci", "npm test"), false);
        Environment env = store.environments().create(t.teamId(), spec);

        assertThat(env.id().version()).isEqualTo(7);
        assertThat(env.name()).isEqualTo("web");
        assertThat(env.repos()).isEqualTo(spec.repos());
        assertThat(env.setupCommands()).containsExactly("npm ci", "npm test");
        assertThat(env.createdAt()).isEqualTo(clock.instant().truncatedTo(ChronoUnit.MILLIS));
        assertThat(store.environments().find(t.teamId(), env.id())).contains(env);
        assertThat(store.environments().find(other.teamId(), env.id())).isEmpty();
        assertThat(store.environments().list(other.teamId())).isEmpty();
        assertThat(store.environments().update(other.teamId(), env.id(), spec)).isEmpty();
        assertThat(store.environments().delete(other.teamId(), env.id())).isFalse();

        clock.advance(Duration.ofSeconds(1));
        Environment updated = store.environments().update(t.teamId(), env.id(),
                new EnvironmentSpec("web2", null, null, List.of(), List.of(), false)).orElseThrow();
        assertThat(updated.name()).isEqualTo("web2");
        assertThat(updated.repos()).isEmpty();
        assertThat(updated.updatedAt()).isAfter(env.updatedAt());
        assertThat(updated.createdAt()).isEqualTo(env.createdAt());
        assertThat(store.environments().list(t.teamId())).containsExactly(updated);
        assertThat(store.environments().delete(t.teamId(), env.id())).isTrue();
        assertThat(store.environments().find(t.teamId(), env.id())).isEmpty();
    }

    @Test
    void atMostOneDefaultEnvironmentPerTeam() {
        TeamUser t = fixture.newTeam();
        TeamUser other = fixture.newTeam();
        assertThat(store.environments().findDefault(t.teamId())).isEmpty();
        Environment first = store.environments().create(t.teamId(), envSpec("first", true));
        Environment otherDefault = store.environments().create(other.teamId(), envSpec("theirs", true));
        assertThat(store.environments().findDefault(t.teamId())).contains(first);

        Environment second = store.environments().create(t.teamId(), envSpec("second", true));
        assertThat(store.environments().findDefault(t.teamId()).map(Environment::id)).contains(second.id());
        assertThat(store.environments().find(t.teamId(), first.id()).orElseThrow().isDefault()).isFalse();
        assertThat(store.environments().findDefault(other.teamId())).contains(otherDefault);

        store.environments().update(t.teamId(), first.id(), envSpec("first", true));
        assertThat(store.environments().findDefault(t.teamId()).map(Environment::id)).contains(first.id());
        assertThat(store.environments().list(t.teamId())).filteredOn(Environment::isDefault).hasSize(1);

        // The database itself refuses a second default, whatever code writes it.
        assertThatThrownBy(() -> database.jdbc().sql("UPDATE environments SET is_default = TRUE, default_for_team = team_id"
                + " WHERE id = :id").param("id", second.id()).update())
                .isInstanceOf(org.springframework.dao.DuplicateKeyException.class);
    }

    // ---------------------------------------------------------------- helpers

    private static EnvironmentSpec envSpec(String name, boolean isDefault) {
        return new EnvironmentSpec(name, null, null, List.of(), List.of(), isDefault);
    }

    private ApiKeyRecord newKey(TeamUser t, ApiKeySecret secret, Instant expiresAt) {
        return store.identities().createKey(new NewApiKey(t.teamId(), t.user().id(), "key", Set.of(Scope.RUNS_READ),
                expiresAt, secret.prefix(), secret.hash()));
    }

    private Optional<RunStateWriter.Change> transition(UUID runId, RunState to, Long version) {
        return database.transactions().execute(s -> store.stateWriter().transition(runId, to, version,
                to == RunState.FAILED ? new StatusMessage("tests failed", ErrorCode.INTERNAL_ERROR, true) : null));
    }

    private Optional<RunStateWriter.Change> move(UUID runId, RunState to, StatusMessage status) {
        return database.transactions().execute(s -> store.stateWriter().transition(runId, to, null, status));
    }

    private long lastEventSeq(UUID runId) {
        return database.jdbc().sql("SELECT last_event_seq FROM runs WHERE id = :id").param("id", runId)
                .query(Long.class).single();
    }

    private long runCount(TeamUser t) {
        return fixture.count("SELECT COUNT(*) FROM runs WHERE team_id = :team", Map.of("team", t.teamId()));
    }

    private List<UUID> listIds(TeamUser t, Function<RunQuery.Builder, RunQuery.Builder> filters) {
        return pageThrough(t, filters.apply(RunQuery.builder().limit(2)).build(), () -> { });
    }

    /** All pages of {@code query}, running {@code betweenPages} after each page. */
    private List<UUID> pageThrough(TeamUser t, RunQuery query, Runnable betweenPages) {
        List<UUID> out = new ArrayList<>();
        RunQuery next = query;
        for (int pages = 0; pages < 10_000; pages++) {
            RunPage page = store.runs().list(t.teamId(), next);
            out.addAll(ids(page));
            if (page.nextCursor() == null) {
                return out;
            }
            assertThat(page.runs()).hasSize(query.limit());
            betweenPages.run();
            next = query.withCursor(page.nextCursor());
        }
        throw new AssertionError("paging did not end");
    }

    private static List<UUID> ids(RunPage page) {
        return page.runs().stream().map(Run::id).toList();
    }

    private static void assertInvalidRequest(org.assertj.core.api.ThrowableAssert.ThrowingCallable call) {
        assertThatThrownBy(call).isInstanceOfSatisfying(ApiException.class, e -> {
            assertThat(e.kind()).isEqualTo(ApiException.Kind.BAD_REQUEST);
            assertThat(e.errorCode()).isEqualTo(ErrorCode.INVALID_REQUEST);
        });
    }
}
