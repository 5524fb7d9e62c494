package io.agentruns.store;

/**
 * The few SQL differences between H2 and PostgreSQL, in one place. Every method returns a fixed
 * fragment chosen by code; user input never reaches here (it is always a bound parameter).
 */
public enum Dialect {
    H2 {
        @Override
        public String updateReturning(String update, String columns) {
            // H2 has no UPDATE ... RETURNING; a data change delta table gives the same in one statement.
            return "SELECT " + columns + " FROM FINAL TABLE (" + update + ")";
        }
    },
    POSTGRESQL {
        @Override
        public String updateReturning(String update, String columns) {
            return update + " RETURNING " + columns;
        }
    };

    /**
     * One statement that runs {@code update} (an UPDATE or INSERT) and yields {@code columns} of the
     * changed rows as they are after the change.
     */
    public abstract String updateReturning(String update, String columns);

    public static Dialect fromJdbcUrl(String jdbcUrl) {
        if (jdbcUrl.startsWith("jdbc:h2:")) {
            return H2;
        }
        if (jdbcUrl.startsWith("jdbc:postgresql:")) {
            return POSTGRESQL;
        }
        throw new IllegalArgumentException("unsupported database URL (expected jdbc:h2: or jdbc:postgresql:): "
                + jdbcUrl.replaceAll("password=[^&;]*", "password=***"));
    }
}
