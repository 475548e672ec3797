package dev.tide.core.store.jdbc;

import dev.tide.api.Profile;
import dev.tide.api.json.Json;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The profiles as one revision of {@code tide_profiles} holds them, with the lookup a claim needs: which profile governs
 * a task (its type's, else its job type's).
 */
final class ProfileBook {
    /**
     * No profiles, at revision 0: a database where no profile was ever defined (every change to the profiles bumps the
     * revision, removing the last one too).
     */
    static final ProfileBook NONE = new ProfileBook(0, List.of());

    static final Duration SPENT_FOR = Duration.ofSeconds(1);

    private final long revision;
    private final List<Profile> profiles;
    private final Map<String, Profile> byTaskType = new HashMap<>();
    private final Map<String, Profile> byJobType = new HashMap<>();
    private final Map<String, Long> spent = new ConcurrentHashMap<>();

    private ProfileBook(long revision, List<Profile> profiles) {
        this.revision = revision;
        this.profiles = List.copyOf(profiles);
        for (Profile p : profiles) {
            if (p.taskType() != null) {
                byTaskType.put(p.taskType(), p);
            } else {
                byJobType.put(p.jobType(), p);
            }
        }
    }

    /** The revision of the profiles this book holds. */
    long revision() {
        return revision;
    }

    /** The book as of the database's revision: this one when it is current, else read anew. */
    ProfileBook current(Tx tx) throws SQLException {
        long now;
        try (ResultSet rs = tx.prepare("profile_revision").query()) {
            rs.next();
            now = rs.getLong("revision");
        }
        if (now == revision) {
            return this;
        }
        List<Profile> read = new ArrayList<>();
        try (ResultSet rs = tx.prepare("profile_list").query()) {
            while (rs.next()) {
                read.add(Json.read(rs.getString("definition"), Profile.class));
            }
        }
        return new ProfileBook(now, read);
    }

    /**
     * Remembers that a profile's hour is spent under a limit, so that the claims of this node pass its tasks over
     * without leasing and giving them back, until the finding is {@link #SPENT_FOR} old, the hour or the limit changes
     * (a new revision is a new book), or a task of the profile gives units back here ({@link #forgetSpent}). A refund
     * on another node is seen here at most {@link #SPENT_FOR} late: the limit is never exceeded, only reached a moment
     * later.
     */
    void markSpent(String key, Instant hour, long limit) {
        spent.put(spentKey(key, hour, limit), System.nanoTime() + SPENT_FOR.toNanos());
    }

    boolean knownSpent(String key, Instant hour, long limit) {
        Long until = spent.get(spentKey(key, hour, limit));
        return until != null && System.nanoTime() - until < 0;
    }

    void forgetSpent(String key) {
        spent.keySet().removeIf(k -> k.startsWith(key + "@"));
    }

    private static String spentKey(String key, Instant hour, long limit) {
        return key + "@" + hour.toEpochMilli() + "/" + limit;
    }

    boolean isEmpty() {
        return profiles.isEmpty();
    }

    List<Profile> all() {
        return profiles;
    }

    /** The profile of a task of this type in a job of that type (null for none), or null when none governs it. */
    Profile governing(String type, String jobType) {
        Profile own = byTaskType.get(type);
        if (own != null || jobType == null) {
            return own;
        }
        return byJobType.get(jobType);
    }

    Set<String> profiledTypes() {
        return byTaskType.keySet();
    }
}
