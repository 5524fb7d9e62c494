package io.agentruns.agent;

import static io.agentruns.agent.testing.ScriptedModelServer.answer;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.agentruns.agent.exec.CommandRunner;
import io.agentruns.agent.exec.Sandbox;
import io.agentruns.agent.exec.SandboxMode;
import io.agentruns.agent.exec.ScrubbedEnvironment;
import io.agentruns.agent.skill.RepoSkillCatalog;
import io.agentruns.agent.skill.SkillSpec;
import io.agentruns.agent.testing.GitFixture;
import io.agentruns.agent.testing.HarnessFixture;
import io.agentruns.agent.testing.RecordingEventSink;
import io.agentruns.agent.testing.ScriptedModelServer;
import io.agentruns.agent.testing.TestCancellation;
import io.agentruns.core.environment.Environment;
import io.agentruns.core.environment.RepoRef;
import io.agentruns.core.error.ErrorCode;
import io.agentruns.core.event.EventType;
import io.agentruns.core.harness.Harness;
import io.agentruns.core.harness.HarnessException;
import io.agentruns.core.harness.RunOutcome;
import io.agentruns.core.skill.Skill;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Skills from an environment's repository: they shape the prompt, name the run, and are listed. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class AgentHarnessSkillTest {
    static final String SKILL = """
            ---
            name: fix-calc
            description: "Fixes broken calculators"
            ---
            # Fixing calculators
            Always run `sh test.sh` before answering. SKILL-MARKER-42
            """;

    @TempDir
    Path tmp;
    ScriptedModelServer model;
    RecordingEventSink events = new RecordingEventSink();
    TestCancellation cancel = new TestCancellation();
    Environment env;

    @BeforeEach
    void start() throws Exception {
        model = new ScriptedModelServer();
        Map<String, String> files = new HashMap<>(HarnessFixture.CALC_PROJECT);
        files.put("skills/fix-calc/SKILL.md", SKILL);
        files.put("docs/writer/SKILL.md", "---\nname: writer\ndescription: Writes docs\n---\nWrite well.\n");
        files.put("notes/SKILL.md", "no front matter, so not a skill\n");
        Path repo = GitFixture.repo(tmp.resolve("origin"), "acme", "calc", files);
        env = HarnessFixture.environment(List.of(new RepoRef(GitFixture.url(repo), "main")), List.of());
    }

    @AfterEach
    void stop() {
        model.close();
    }

    private RunOutcome run(String prompt, String skillSpec) throws Exception {
        AgentHarness harness = HarnessFixture.harness(HarnessFixture.settings(tmp.resolve("data"), model));
        var run = HarnessFixture.run(prompt, HarnessFixture.config("gpt-4.1", "Be terse. BASE-MARKER", skillSpec, Map.of()), env);
        try (Harness.PreparedRun prepared = harness.prepare(run, events, cancel)) {
            return prepared.execute(events, cancel);
        }
    }

    @Test
    void skillByNameShapesTheSystemPrompt() throws Exception {
        model.script(answer("ok"));

        RunOutcome outcome = run(null, "acme/calc:fix-calc");

        assertThat(outcome).isInstanceOf(RunOutcome.Succeeded.class);
        String system = model.systemPrompt(0);
        assertThat(system).contains("## Skill: fix-calc").contains("Fixes broken calculators").contains("SKILL-MARKER-42");
        assertThat(system.indexOf("BASE-MARKER")).isLessThan(system.indexOf("SKILL-MARKER-42"));
        assertThat(system.indexOf("coding agent")).isLessThan(system.indexOf("BASE-MARKER"));
        assertThat(events.of(EventType.ENVIRONMENT_STEP)).anySatisfy(d ->
                assertThat(d).containsEntry("step", "skill").containsEntry("name", "fix-calc")
                        .containsEntry("path", "skills/fix-calc/SKILL.md"));
        // a run from a skill without a prompt still gets a user turn
        assertThat(model.requests().getFirst().path("messages").toString()).contains("Carry out the skill");
    }

    @Test
    void skillByPathIsResolvedToo() throws Exception {
        model.script(answer("ok"));

        assertThat(run("write", "acme/calc:docs/writer/SKILL.md")).isInstanceOf(RunOutcome.Succeeded.class);
        assertThat(model.systemPrompt(0)).contains("## Skill: writer").contains("Write well.");
    }

    @Test
    void missingSkillFailsTheRun() {
        assertThatThrownBy(() -> run("x", "acme/calc:nope")).isInstanceOfSatisfying(HarnessException.class, e -> {
            assertThat(e.status().errorCode()).isEqualTo(ErrorCode.RESOURCE_NOT_FOUND);
            assertThat(e.status().message()).contains("acme/calc:nope");
        });
        assertThatThrownBy(() -> run("x", "other/repo:fix-calc")).isInstanceOf(HarnessException.class);
    }

    @Test
    void catalogListsTheSkillsOfATeamsEnvironments() {
        Environment second = new Environment(java.util.UUID.randomUUID(), env.teamId(), "second", null, null,
                env.repos(), List.of(), false, env.createdAt(), env.updatedAt());
        CommandRunner runner = new CommandRunner(Sandbox.create(SandboxMode.PROCESS, tmp.resolve("data")),
                ScrubbedEnvironment.current(), 10_000);
        RepoSkillCatalog catalog = new RepoSkillCatalog(team -> team.equals(env.teamId()) ? List.of(env, second) : List.of(),
                tmp.resolve("data/skill-cache"), runner, Clock.systemUTC(), Duration.ofMinutes(5));

        List<Skill> skills = catalog.list(env.teamId());

        assertThat(skills).extracting(Skill::name).containsExactly("fix-calc", "writer");
        Skill fix = skills.getFirst();
        assertThat(fix.id()).isEqualTo("acme/calc:skills/fix-calc/SKILL.md");
        assertThat(fix.description()).isEqualTo("Fixes broken calculators");
        assertThat(fix.owner()).isEqualTo("acme");
        assertThat(fix.repo()).isEqualTo("calc");
        assertThat(fix.body()).contains("SKILL-MARKER-42");
        assertThat(fix.environments()).extracting(Skill.EnvironmentRef::name).containsExactly("test-env", "second");
        assertThat(catalog.list(java.util.UUID.randomUUID())).isEmpty();
        assertThat(catalog.find(env.teamId(), "acme/calc:fix-calc")).map(Skill::name).contains("fix-calc");
        assertThat(catalog.find(env.teamId(), "acme/calc:docs/writer/SKILL.md")).map(Skill::name).contains("writer");
        assertThat(SkillSpec.parse("acme/calc:skills/fix-calc/SKILL.md").impliedName()).isEqualTo("fix-calc");
    }
}
