package dev.tide.core.store.jdbc;

import dev.tide.api.TaskQuery;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;

/**
 * The two statements of bulk actions built at run time around a {@link TaskQuery}'s filters ({@link
 * TaskListSql#where}), in SQL both dialects accept: the count the person confirms, and the choice of the tasks
 * when the bulk action starts. A confined caller's owner is a condition of its own, beside any the filter has.
 */
record BulkSql(String sql, Conditions.Where filter, String owner) {

    /** {@code n}, the tasks matching now, and {@code up_to}, the highest id among them (0 when none). */
    static BulkSql match(TaskQuery query, Dialect dialect, String owner) {
        Conditions.Where filter = TaskListSql.where(query, dialect);
        return new BulkSql(
                "SELECT COUNT(*) AS n, COALESCE(MAX(id), 0) AS up_to FROM tide_tasks WHERE " + filter.sql()
                        + ownerCondition(owner),
                filter,
                owner);
    }

    /** Chooses the matching tasks with an id up to a bound, for one bulk action. */
    static BulkSql choose(TaskQuery query, Dialect dialect, String owner) {
        Conditions.Where filter = TaskListSql.where(query, dialect);
        return new BulkSql(
                "INSERT INTO tide_bulk_action_tasks (bulk_id, task_id) SELECT ?, id FROM tide_tasks WHERE "
                        + filter.sql() + ownerCondition(owner) + " AND id <= ?",
                filter,
                owner);
    }

    private static String ownerCondition(String owner) {
        return owner == null ? "" : " AND owner = ?";
    }

    /** Binds {@code before} (the bulk action's id), the filter's parameters, the owner, then {@code after}. */
    void bind(PreparedStatement ps, List<Long> before, long... after) throws SQLException {
        int i = 1;
        for (long value : before) {
            ps.setLong(i++, value);
        }
        i = filter.bind(ps, i);
        if (owner != null) {
            ps.setString(i++, owner);
        }
        for (long value : after) {
            ps.setLong(i++, value);
        }
    }
}
