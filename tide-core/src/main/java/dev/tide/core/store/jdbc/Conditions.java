package dev.tide.core.store.jdbc;

import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * The conditions of a list query built at run time (tasks, jobs, events), joined with AND, with their parameters in
 * the order they bind. Parameters are {@code Long} or {@code String}, bound by position.
 */
public final class Conditions {
    private final StringBuilder sql = new StringBuilder();
    private final List<Object> params = new ArrayList<>();

    /** Adds a condition with its parameters, one per {@code ?} in order. */
    public Conditions add(String clause, Object... values) {
        sql.append(sql.isEmpty() ? "" : " AND ").append(clause);
        params.addAll(List.of(values));
        return this;
    }

    /** Adds a condition of one parameter when its value is given: a filter left open adds nothing. */
    public Conditions addIf(String clause, Object value) {
        return value == null ? this : add(clause, value);
    }

    public boolean isEmpty() {
        return sql.isEmpty();
    }

    /** The conditions as they stand; {@code 1 = 1} when there are none. */
    public Where where() {
        return new Where(sql.isEmpty() ? "1 = 1" : sql.toString(), params);
    }

    /**
     * A WHERE condition with its parameters in order.
     *
     * @param sql a condition on the columns of one table, unqualified
     */
    public record Where(String sql, List<Object> params) {
        public Where {
            params = List.copyOf(params);
        }

        /** Binds the parameters from position {@code first} (1-based); answers the next free position. */
        public int bind(PreparedStatement ps, int first) throws SQLException {
            return Conditions.bind(ps, first, params);
        }
    }

    /** Binds {@code params} from position {@code first} (1-based); answers the next free position. */
    static int bind(PreparedStatement ps, int first, List<Object> params) throws SQLException {
        int i = first;
        for (Object p : params) {
            if (p instanceof Long l) {
                ps.setLong(i++, l);
            } else {
                ps.setString(i++, (String) p);
            }
        }
        return i;
    }
}
