package io.agentruns.cli;

import io.agentruns.client.AgentrunsClient;
import io.agentruns.client.errors.AgentrunsException;
import io.agentruns.client.errors.ApiException;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * A command that calls the service. Errors are printed as one line and mapped to exit codes here, not by
 * the root command, so that they hold under any dispatcher: 2 for usage errors, 3 for API and connection
 * errors.
 */
abstract class ApiCommand implements Callable<Integer> {
    static final int EXIT_USAGE = 2;
    static final int EXIT_API = 3;

    @Mixin
    ConnectionOptions connection;

    @Spec
    CommandSpec spec;

    /** Does the work; answers the exit code. */
    abstract int execute(AgentrunsClient client) throws Exception;

    @Override
    public Integer call() throws Exception {
        try {
            return execute(connection.client());
        } catch (ApiException e) {
            err().println("error: " + describe(e));
            return EXIT_API;
        } catch (AgentrunsException e) {
            err().println("error: " + oneLine(e.getMessage()));
            return EXIT_API;
        } catch (UsageException e) {
            err().println("error: " + oneLine(e.getMessage()));
            return EXIT_USAGE;
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), oneLine(e.getMessage()), e);
        }
    }

    static String describe(ApiException e) {
        String code = e.errorCode() == null ? "" : " " + e.errorCode();
        return e.status() + code + ": " + e.problem().summary();
    }

    static String oneLine(String s) {
        return s == null ? "" : s.replaceAll("\\s+", " ").trim();
    }

    PrintWriter out() {
        return spec.commandLine().getOut();
    }

    PrintWriter err() {
        return spec.commandLine().getErr();
    }

    /** Bad input found after parsing (e.g. an unreadable --mcp file): exit 2. */
    static final class UsageException extends RuntimeException {
        UsageException(String message) {
            super(message);
        }
    }
}
