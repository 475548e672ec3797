package dev.tide.core.store.jdbc;

import dev.tide.api.Discipline;
import dev.tide.api.QueueDefinition;
import dev.tide.api.QueueInfo;
import dev.tide.api.QueueUser;
import dev.tide.api.UserShares;
import dev.tide.core.dispatch.DispatchKey;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** Queue definitions, their users' shares and the prohibited users, read and written inside a store transaction. */
final class QueueSettings {
    /** The scope of server-wide prohibited users in {@code tide_prohibited_users}; a queue's scope is its name. */
    static final String EVERY_QUEUE = "*";

    private QueueSettings() {}

    static QueueInfo define(Tx tx, QueueDefinition definition, Instant now) throws SQLException {
        try (ResultSet rs = tx.prepare("queue_define")
                .set("name", definition.name())
                .set("discipline", definition.discipline().wireName())
                .set("default_allocation", (long) definition.defaultAllocation())
                .set("default_concurrency", toLong(definition.defaultConcurrency()))
                .set("max_pending", toLong(definition.maxPending()))
                .set("max_pending_per_key", toLong(definition.maxPendingPerKey()))
                .set("max_pending_per_user", toLong(definition.maxPendingPerUser()))
                .set("now", now)
                .query()) {
            rs.next();
            replaceProhibited(tx, definition.name(), definition.prohibitedUsers());
            QueueInfo defined = info(tx, rs);
            if (definition.bounded()) {
                // Tasks that waited before the queue had a bound start counting against it.
                tx.prepare("task_bound_pending").set("queue", definition.name()).update();
            }
            return defined;
        }
    }

    static List<QueueInfo> list(Tx tx) throws SQLException {
        List<QueueInfo> queues = new ArrayList<>();
        try (ResultSet rs = tx.prepare("queue_list").query()) {
            while (rs.next()) {
                queues.add(info(tx, rs));
            }
        }
        return queues;
    }

    /**
     * The row of {@code tide_queues} that stands for the whole server: claims check it with their queue's own row,
     * and a name no queue can have keeps it out of every list.
     */
    static final String SERVER = "*";

    /** Whether dispatch is suspended server-wide. */
    static boolean serverSuspended(Tx tx) throws SQLException {
        try (ResultSet rs = tx.prepare("queue_get").set("name", SERVER).query()) {
            return rs.next() && rs.getInt("suspended") != 0;
        }
    }

    static QueueInfo suspend(Tx tx, String name, boolean suspended, Instant now) throws SQLException {
        try (ResultSet rs = tx.prepare("queue_suspend")
                .set("name", name)
                .set("suspended", suspended ? 1L : 0L)
                .set("now", now)
                .query()) {
            rs.next();
            return info(tx, rs);
        }
    }

    private static QueueInfo info(Tx tx, ResultSet rs) throws SQLException {
        String name = rs.getString("name");
        Integer defaultConcurrency = Rows.nullableInt(rs, "default_concurrency");
        return new QueueInfo(
                name,
                Discipline.parse(rs.getString("discipline")),
                rs.getInt("suspended") != 0,
                Rows.nullableLong(rs, "rekey_after_id") != null,
                rs.getInt("default_allocation"),
                defaultConcurrency,
                prohibited(tx, name),
                Rows.instant(rs, "updated_at"),
                Rows.nullableInt(rs, "max_pending"),
                Rows.nullableInt(rs, "max_pending_per_key"),
                Rows.nullableInt(rs, "max_pending_per_user"));
    }

    /**
     * Sets the users' shares: all of them ({@code user_assign}, null giving back the queue's default), or only those
     * given ({@code user_adjust}, null keeping the user's own).
     */
    static List<QueueUser> assign(Tx tx, String queue, UserShares shares, boolean onlyGiven) throws SQLException {
        Statement assign = tx.prepare(onlyGiven ? "user_adjust" : "user_assign");
        for (String user : shares.users()) {
            byte[][] range = DispatchKey.userRange(user);
            assign.set("queue", queue)
                    .set("owner", user)
                    .set("key_from", range[0])
                    .set("key_to", range[1])
                    .set("allocation", toLong(shares.allocation()))
                    .set("concurrency", toLong(shares.concurrency()))
                    .set("max_pending", toLong(shares.maxPending()))
                    .update();
        }
        Statement assigned = tx.prepare("user_list", List.of("fair_if_users")).setTexts("owners", shares.users());
        return users(assigned.set("queue", queue));
    }

    static List<QueueUser> users(Tx tx, String queue) throws SQLException {
        return users(tx.prepare("user_list").set("queue", queue));
    }

    private static List<QueueUser> users(Statement list) throws SQLException {
        List<QueueUser> users = new ArrayList<>();
        try (ResultSet rs = list.query()) {
            while (rs.next()) {
                Integer allocation = Rows.nullableInt(rs, "allocation");
                Integer concurrency = Rows.nullableInt(rs, "concurrency");
                Integer defaultAllocation = Rows.nullableInt(rs, "default_allocation");
                Integer defaultConcurrency = Rows.nullableInt(rs, "default_concurrency");
                Integer maxPending = Rows.nullableInt(rs, "max_pending");
                Integer queueMaxPending = Rows.nullableInt(rs, "max_pending_per_user");
                users.add(new QueueUser(
                        rs.getString("owner"),
                        allocation,
                        concurrency,
                        allocation != null ? allocation : defaultAllocation != null ? defaultAllocation : 1,
                        concurrency != null ? concurrency : defaultConcurrency,
                        rs.getInt("leased"),
                        rs.getInt("active") != 0,
                        maxPending,
                        queueMaxPending == null ? null : maxPending != null ? maxPending : queueMaxPending));
            }
        }
        return users;
    }

    static void replaceProhibited(Tx tx, String scope, Set<String> users) throws SQLException {
        tx.prepare("prohibited_clear").set("scope", scope).update();
        Statement add = tx.prepare("prohibited_add");
        for (String user : users) {
            add.set("owner", user).set("scope", scope).update();
        }
    }

    static Set<String> prohibited(Tx tx, String scope) throws SQLException {
        Set<String> users = new LinkedHashSet<>();
        try (ResultSet rs = tx.prepare("prohibited_list").set("scope", scope).query()) {
            while (rs.next()) {
                users.add(rs.getString("owner"));
            }
        }
        return users;
    }

    private static Long toLong(Integer value) {
        return value == null ? null : value.longValue();
    }
}
