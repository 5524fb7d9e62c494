package io.agentruns.agent.loop;

import io.agentruns.agent.skill.SkillResolver.ResolvedSkill;
import io.agentruns.agent.workspace.RepoNames;
import io.agentruns.agent.workspace.Workspace;
import io.agentruns.core.environment.Environment;

/** Builds the system prompt: built-in instructions, the environment, base_prompt, then the skill. */
public final class SystemPrompt {
    static final String INSTRUCTIONS = """
            You are a coding agent running unattended: nobody will answer questions, so decide and act.
            You work in a workspace on a Linux machine through tools: shell, read_file, write_file, edit_file,
            list_files, search, and any MCP tools listed (named mcp__<server>__<tool>).
            - Look at the relevant code before changing it; keep changes focused on the task.
            - Prefer edit_file with an exact, unique old_text for small changes; write_file for new files.
            - Verify your work (build, run the tests) with the shell tool when that is possible.
            - Commands are non-interactive and time-limited; do not start servers that never exit.
            - When you are done, reply with a short summary of what you did and the result, without calling
              any tool. That reply ends the run and becomes its output.
            """;

    private SystemPrompt() {
    }

    public static String build(Environment env, Workspace ws, String sandbox, boolean network, String basePrompt,
                               ResolvedSkill skill) {
        StringBuilder sb = new StringBuilder(INSTRUCTIONS);
        sb.append("\n## Environment\n");
        if (env != null) {
            sb.append("- Environment: ").append(env.name());
            if (env.description() != null && !env.description().isBlank()) {
                sb.append(" -- ").append(env.description().strip());
            }
            sb.append('\n');
        }
        sb.append("- Working directory: ").append(ws.workingDir()).append(" (relative paths start here)\n");
        sb.append("- Workspace root: ").append(ws.root()).append('\n');
        if (ws.repos().isEmpty()) {
            sb.append("- No repositories were cloned.\n");
        }
        for (Workspace.ClonedRepo r : ws.repos()) {
            sb.append("- Repository ").append(r.ownerAndRepo()).append(" (").append(RepoNames.redact(r.ref().url()));
            if (r.ref().branch() != null && !r.ref().branch().isBlank()) {
                sb.append(", branch ").append(r.ref().branch());
            }
            sb.append(") is checked out at ").append(r.dir()).append('\n');
        }
        if (env != null && !env.setupCommands().isEmpty()) {
            sb.append("- These setup commands already ran: ").append(String.join(" ; ", env.setupCommands())).append('\n');
        }
        sb.append("- Sandbox: ").append(sandbox).append(sandbox.equals("bubblewrap")
                ? " (only the workspace and /tmp are writable; network " + (network ? "available" : "disabled") + ")"
                : "").append('\n');
        if (basePrompt != null && !basePrompt.isBlank()) {
            sb.append("\n## Instructions for this run\n").append(basePrompt.strip()).append('\n');
        }
        if (skill != null) {
            sb.append("\n## Skill: ").append(skill.name()).append('\n');
            if (skill.description() != null && !skill.description().isBlank()) {
                sb.append(skill.description().strip()).append("\n\n");
            }
            sb.append(skill.body()).append('\n');
        }
        return sb.toString();
    }
}
