package io.agentruns.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** The jar's main class dispatches to serve, worker and the cli module's client commands. */
class MainTest {

    @Test
    void helpListsServerAndClientCommands() {
        CommandLine cl = Main.commandLine();
        StringWriter out = new StringWriter();
        cl.setOut(new PrintWriter(out));
        assertThat(cl.execute("--help")).isZero();
        assertThat(out.toString()).contains("serve", "worker");
        assertThat(cl.getSubcommands()).containsKeys("serve", "worker", "run", "runs", "keys");
    }
}
