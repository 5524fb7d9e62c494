package io.agentruns.store.testing;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;
import java.util.UUID;
import org.junit.jupiter.api.Assumptions;

/**
 * A throw-away PostgreSQL database for one test run: created with a random name on the server at
 * 127.0.0.1:5432 (user postgres, trust auth; override with AGENTRUNS_TEST_PG_HOST/PORT/USER) and
 * dropped on {@link #close}. When the server is unreachable the calling test is skipped with a
 * clear message, except under CI=true where it fails: CI must never pass without PostgreSQL.
 * Shared with the server's tests through the store test-jar.
 */
public final class PostgresTestDatabase implements AutoCloseable {
    private final String name;

    private PostgresTestDatabase(String name) {
        this.name = name;
    }

    public static PostgresTestDatabase create() {
        String name = "agentruns_test_" + UUID.randomUUID().toString().replace("-", "").substring(0, 16);
        try (Connection c = adminConnection(); Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE " + name); // name is generated above, never user input
        } catch (SQLException e) {
            unreachable(e);
        }
        return new PostgresTestDatabase(name);
    }

    public String name() {
        return name;
    }

    public String jdbcUrl() {
        return "jdbc:postgresql://" + host() + ":" + port() + "/" + name + "?user=" + user();
    }

    public String username() {
        return user();
    }

    @Override
    public void close() {
        try (Connection c = adminConnection(); Statement s = c.createStatement()) {
            s.execute("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)");
        } catch (SQLException e) {
            throw new IllegalStateException("could not drop test database " + name, e);
        }
    }

    /** Whether a PostgreSQL server answers at the configured address (no database is created). */
    public static boolean isReachable() {
        try (Connection c = adminConnection()) {
            return c.isValid(2);
        } catch (SQLException e) {
            return false;
        }
    }

    private static void unreachable(SQLException e) {
        String where = user() + "@" + host() + ":" + port();
        if ("true".equals(System.getenv("CI"))) {
            throw new IllegalStateException("PostgreSQL at " + where + " is required under CI=true but failed: "
                    + e.getMessage(), e);
        }
        Assumptions.abort("PostgreSQL at " + where + " is not reachable (" + e.getMessage()
                + "); skipping PostgreSQL tests. Set CI=true to make this a failure.");
    }

    private static Connection adminConnection() throws SQLException {
        DriverManager.setLoginTimeout(5);
        return DriverManager.getConnection("jdbc:postgresql://" + host() + ":" + port() + "/postgres?user=" + user());
    }

    private static String host() {
        return env("AGENTRUNS_TEST_PG_HOST", "127.0.0.1");
    }

    private static String port() {
        return env("AGENTRUNS_TEST_PG_PORT", "5432");
    }

    private static String user() {
        return env("AGENTRUNS_TEST_PG_USER", "postgres").toLowerCase(Locale.ROOT);
    }

    private static String env(String name, String fallback) {
        String v = System.getenv(name);
        return v == null || v.isBlank() ? fallback : v;
    }
}
