package io.agentruns.server.execution;

import io.agentruns.server.Main;
import java.util.Arrays;

/**
 * {@code agentruns serve|worker ...} with the {@link TestHarness} instead of the agent: what the
 * process-level tests start, with the test classpath, in separate JVMs.
 */
public final class TestServerMain {
    private TestServerMain() {
    }

    public static void main(String[] args) {
        String[] all = Arrays.copyOf(args, args.length + 1);
        all[args.length] = "--agentruns.test-harness.enabled=true";
        Main.main(all);
    }
}
