package dev.tide.core.store.jdbc;

import dev.tide.api.ActiveProfile;
import dev.tide.api.Profile;
import dev.tide.core.store.ClaimNarrowing;
import dev.tide.core.store.TaskClaim;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A claim under profiles: it leases in dispatch order as any claim does, then counts each task against the profile
 * that governs it, and gives back, in the same transaction, the tasks their profile has no room for. A profile that
 * refused a task is closed for the rest of the claim (its types are passed over), so its tasks go out in order and the
 * claim is done after at most one more statement per profile.
 *
 * <p>A profile's room is opened when the claim first meets one of its tasks: the hour's row is created if need be and
 * read (on PostgreSQL locked until commit, so claims on every node count against one figure), with the session's use
 * and, under a concurrency cap, the profile's leases now. Profiles with a priority boost in force are served first.
 */
final class ProfiledClaim {

    /** Leases a claim's tasks in dispatch order (the claim without profiles). */
    interface Lessor {
        List<Claimed> lease(TaskClaim claim) throws SQLException;
    }

    private final Tx tx;
    private final TaskClaim claim;
    private final ProfileBook book;
    private final Map<String, Room> rooms = new LinkedHashMap<>();
    private final Map<String, ActiveProfile> actives = new HashMap<>();
    private final List<Claimed> kept = new ArrayList<>();

    private ProfiledClaim(Tx tx, TaskClaim claim, ProfileBook book) {
        this.tx = tx;
        this.claim = claim;
        this.book = book;
    }

    static List<Claimed> run(Tx tx, TaskClaim claim, ProfileBook book, Lessor lessor) throws SQLException {
        ProfiledClaim run = new ProfiledClaim(tx, claim, book);
        run.closeKnownSpent();
        for (Profile boosted : run.boostedFirst()) {
            run.fill(lessor, boosted);
        }
        run.fill(lessor, null);
        run.charge();
        return run.kept;
    }

    /**
     * Closes, before anything is leased, the rooms this claim can tell are spent without reading the database: the
     * session's budget used up, an hourly limit of 0, or an hour this node found spent a moment ago. Their tasks are
     * then passed over instead of leased and given back.
     */
    private void closeKnownSpent() {
        for (Profile p : book.all()) {
            ActiveProfile active = active(p);
            Integer perSession = active.limits().maxPerSession();
            Long perHour = active.maxPerHour();
            boolean spent = (perSession != null && claim.session().used(p.key()) >= perSession)
                    || (perHour != null && (perHour == 0 || book.knownSpent(p.key(), active.hourStart(), perHour)));
            if (spent) {
                rooms.put(p.key(), Room.knownSpent(p, active));
            }
        }
    }

    /** What the profile says at the claim's instant, worked out once per claim. */
    private ActiveProfile active(Profile profile) {
        return actives.computeIfAbsent(profile.key(), k -> profile.activeAt(claim.now(), claim.load()));
    }

    /** The profiles with a boost in force that this claim may serve, largest boost first. */
    private List<Profile> boostedFirst() {
        List<Profile> boosted = new ArrayList<>();
        Map<Profile, Integer> boosts = new LinkedHashMap<>();
        for (Profile p : book.all()) {
            if (p.taskType() != null
                    && !claim.types().isEmpty()
                    && !claim.types().contains(p.taskType())) {
                continue;
            }
            Integer boost = active(p).limits().priorityBoost();
            if (boost != null && boost > 0) {
                boosted.add(p);
                boosts.put(p, boost);
            }
        }
        boosted.sort(Comparator.comparing((Profile p) -> -boosts.get(p)).thenComparing(Profile::key));
        return boosted;
    }

    /** Leases until the claim is full or nothing more is ready; {@code only} restricts it to one profile's tasks. */
    private void fill(Lessor lessor, Profile only) throws SQLException {
        while (kept.size() < claim.limit()) {
            if (only != null && isClosed(only)) {
                return;
            }
            int limit = claim.limit() - kept.size();
            List<Claimed> leased = lessor.lease(narrowed(limit, only));
            if (leased.isEmpty()) {
                return;
            }
            List<Long> refused = new ArrayList<>();
            for (Claimed row : leased) {
                Profile governing = book.governing(row.type(), row.jobType());
                if (governing == null) {
                    kept.add(row);
                    continue;
                }
                Room room = room(governing);
                int grant = room.isClosed() ? 0 : room.grant(row.units(), row.divisible());
                if (grant == 0) {
                    room.close();
                    refused.add(row.id());
                } else {
                    room.take(grant);
                    kept.add(row.granted(new Claimed.Grant(governing.key(), room.active.hourStart(), grant)));
                }
            }
            if (!refused.isEmpty()) {
                giveBack(refused);
            } else if (leased.size() < limit) {
                return;
            }
        }
    }

    private boolean isClosed(Profile profile) throws SQLException {
        return room(profile).isClosed();
    }

    private TaskClaim narrowed(int limit, Profile only) {
        Set<String> closedTypes = new HashSet<>();
        Set<String> closedJobTypes = new HashSet<>();
        for (Room room : rooms.values()) {
            if (room.isClosed()) {
                if (room.profile.taskType() != null) {
                    closedTypes.add(room.profile.taskType());
                } else {
                    closedJobTypes.add(room.profile.jobType());
                }
            }
        }
        Set<String> types = claim.types();
        String onlyJobType = null;
        if (only != null && only.taskType() != null) {
            types = Set.of(only.taskType());
        } else if (only != null) {
            onlyJobType = only.jobType();
        }
        return claim.narrowed(
                limit, types, new ClaimNarrowing(closedTypes, closedJobTypes, book.profiledTypes(), onlyJobType));
    }

    private void giveBack(List<Long> ids) throws SQLException {
        tx.prepare("task_claim_give_back")
                .setLongs("ids", ids)
                .set("token", claim.token())
                .set("now", claim.now())
                .update();
    }

    /**
     * Writes each task's grant and adds the units to their hours: the tasks started whole in one statement per room, a
     * divisible task started with part of its units on its own.
     */
    private void charge() throws SQLException {
        Map<String, List<Long>> whole = new LinkedHashMap<>();
        Statement partial = null;
        for (Claimed row : kept) {
            Claimed.Grant grant = row.grant();
            if (grant == null) {
                continue;
            }
            if (grant.units() == row.units()) {
                whole.computeIfAbsent(grant.profileKey(), k -> new ArrayList<>())
                        .add(row.id());
                continue;
            }
            partial = partial == null ? tx.prepare("task_charge") : partial;
            partial.set("units", (long) grant.units())
                    .set("profile", grant.profileKey())
                    .set("hour_start", grant.hour())
                    .set("id", row.id())
                    .update();
        }
        for (Room room : rooms.values()) {
            List<Long> ids = whole.get(room.profile.key());
            if (ids != null) {
                tx.prepare("task_charge_whole")
                        .setLongs("ids", ids)
                        .set("profile", room.profile.key())
                        .set("hour_start", room.active.hourStart())
                        .update();
            }
            if (!room.assumed && room.hourLeft <= 0 && room.active.maxPerHour() != null) {
                book.markSpent(room.profile.key(), room.active.hourStart(), room.active.maxPerHour());
            }
            if (room.charged > 0) {
                tx.prepare("profile_hour_add")
                        .set("units", room.charged)
                        .set("profile", room.profile.key())
                        .set("hour_start", room.active.hourStart())
                        .update();
            }
        }
    }

    private Room room(Profile profile) throws SQLException {
        Room room = rooms.get(profile.key());
        if (room == null) {
            room = open(profile);
            rooms.put(profile.key(), room);
        }
        return room;
    }

    private Room open(Profile profile) throws SQLException {
        ActiveProfile active = active(profile);
        Integer cap = active.limits().concurrency();
        long hourLeft = Long.MAX_VALUE;
        if (active.maxPerHour() != null || cap != null) {
            // the hour's row is locked under a concurrency cap too: it serializes the claims that count the leases
            long used = hourUsed(profile.key(), active);
            hourLeft = active.maxPerHour() == null ? Long.MAX_VALUE : active.maxPerHour() - used;
        }
        Integer perSession = active.limits().maxPerSession();
        long sessionLeft = perSession == null
                ? Long.MAX_VALUE
                : perSession - claim.session().used(profile.key());
        long leasesLeft = cap == null ? Long.MAX_VALUE : cap - leased(tx, book, profile, claim.token());
        return new Room(profile, active, hourLeft, sessionLeft, leasesLeft);
    }

    private long hourUsed(String key, ActiveProfile active) throws SQLException {
        try (ResultSet rs = tx.prepare("profile_hour_take")
                .set("profile", key)
                .set("hour_start", active.hourStart())
                .query()) {
            rs.next();
            return rs.getLong("used");
        }
    }

    /** The profile's tasks leased now, but for those of the lease {@code token} (a claim's own). */
    static long leased(Tx tx, ProfileBook book, Profile profile, String token) throws SQLException {
        Statement st = profile.taskType() != null
                ? tx.prepare("profile_leased_types").setTexts("types", List.of(profile.taskType()))
                : tx.prepare("profile_leased_job_type")
                        .set("job_type", profile.jobType())
                        .setTexts("profiled_types", book.profiledTypes());
        st.set("token", token);
        try (ResultSet rs = st.query()) {
            rs.next();
            return rs.getLong("n");
        }
    }

    /** What a profile has left for this claim. */
    private static final class Room {
        final Profile profile;
        final ActiveProfile active;
        long hourLeft;
        long sessionLeft;
        long leasesLeft;
        long charged;
        boolean closed;
        /** Closed from what this node knew, without reading the profile's row: its figures are not the store's. */
        final boolean assumed;

        Room(Profile profile, ActiveProfile active, long hourLeft, long sessionLeft, long leasesLeft) {
            this(profile, active, hourLeft, sessionLeft, leasesLeft, false);
        }

        private Room(
                Profile profile,
                ActiveProfile active,
                long hourLeft,
                long sessionLeft,
                long leasesLeft,
                boolean assumed) {
            this.profile = profile;
            this.active = active;
            this.hourLeft = hourLeft;
            this.sessionLeft = sessionLeft;
            this.leasesLeft = leasesLeft;
            this.assumed = assumed;
            this.closed = hourLeft <= 0 || sessionLeft <= 0 || leasesLeft <= 0;
        }

        static Room knownSpent(Profile profile, ActiveProfile active) {
            return new Room(profile, active, 0, 0, 0, true);
        }

        /** The units a task may start with now: all of them, what is left for a divisible task, or none. */
        int grant(int units, boolean divisible) {
            long left = Math.min(hourLeft, sessionLeft);
            if (leasesLeft <= 0 || left <= 0) {
                return 0;
            }
            if (units <= left) {
                return units;
            }
            return divisible ? (int) left : 0;
        }

        void take(int units) {
            hourLeft -= units;
            sessionLeft -= units;
            leasesLeft--;
            charged += units;
            closed = hourLeft <= 0 || sessionLeft <= 0 || leasesLeft <= 0;
        }

        void close() {
            closed = true;
        }

        boolean isClosed() {
            return closed;
        }
    }
}
