package dev.tide.core.store.jdbc;

import dev.tide.api.Profile;
import dev.tide.api.json.Json;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The profiles as one revision of {@code tide_profiles} holds them, with the lookup a claim needs: which profile governs
 * a task (its type's, else its job type's).
 */
final class ProfileBook {
    static final ProfileBook EMPTY = new ProfileBook(-1, List.of());

    private final long revision;
    private final List<Profile> profiles;
    private final Map<String, Profile> byTaskType = new HashMap<>();
    private final Map<String, Profile> byJobType = new HashMap<>();

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
