package io.agentruns.store.tx;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.jdbc.core.namedparam.SqlParameterSource;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * Rows that nothing reads before the commit, written just before it as one JDBC batch per statement
 * (one round trip for all the rows of a statement, where each would cost one): when
 * {@link GroupCommit} puts many creates in one transaction, their first events go in together.
 * Still in the transaction, so they commit or roll back with it. Statements run in the order of
 * their first use in the transaction; without a transaction a row is written at once.
 */
public final class InsertsAtCommit {
    private final NamedParameterJdbcTemplate jdbc;
    private final Object resourceKey = new Object();

    public InsertsAtCommit(NamedParameterJdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /** Writes {@code sql} with {@code params} at the commit of the current transaction. */
    public void add(String sql, Map<String, ?> params) {
        if (!TransactionSynchronizationManager.isActualTransactionActive()
                || !TransactionSynchronizationManager.isSynchronizationActive()) {
            jdbc.update(sql, params);
            return;
        }
        Pending pending = TransactionBoundState.current(resourceKey, Pending::new);
        pending.rows.computeIfAbsent(sql, s -> new ArrayList<>()).add(new MapSqlParameterSource(params));
    }

    /** The rows of one transaction, bound to the thread while that transaction is. */
    private final class Pending extends TransactionBoundState {
        final Map<String, List<SqlParameterSource>> rows = new LinkedHashMap<>();

        Pending(Object resourceKey) {
            super(resourceKey);
        }

        @Override
        public void beforeCommit(boolean readOnly) {
            rows.forEach((sql, params) -> {
                if (params.size() == 1) {
                    jdbc.update(sql, params.getFirst());
                } else {
                    jdbc.batchUpdate(sql, params.toArray(SqlParameterSource[]::new));
                }
            });
        }
    }
}
