package io.agentruns.bench;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.function.LongPredicate;

/** Read-only look-ups in the bench database (the figures of phases 3 and 4 come from stored timestamps). */
final class Db implements AutoCloseable {
    private final Connection connection;

    Db(String jdbcUrl) throws SQLException {
        this.connection = DriverManager.getConnection(jdbcUrl);
    }

    Connection connection() {
        return connection;
    }

    long count(String sql, String param) throws SQLException {
        try (PreparedStatement ps = connection.prepareStatement(sql)) {
            ps.setString(1, param);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }

    /** Polls {@code sql} (one count, one string parameter) every 100 ms until {@code done} or the timeout. */
    long awaitCount(String sql, String param, LongPredicate done, Duration timeout) throws SQLException, InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        long value = count(sql, param);
        while (!done.test(value) && System.nanoTime() < deadline) {
            Thread.sleep(100);
            value = count(sql, param);
        }
        return value;
    }

    @Override
    public void close() throws SQLException {
        connection.close();
    }
}
