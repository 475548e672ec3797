package dev.tide.core.store.jdbc;

import dev.tide.api.ActiveProfile;
import dev.tide.api.Actor;
import dev.tide.api.LoadReadings;
import dev.tide.api.Profile;
import dev.tide.api.ProfileStatus;
import dev.tide.api.TideEvent;
import dev.tide.api.json.Json;
import dev.tide.core.store.EventRow;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/** Profiles as stored, changed and reported, inside a store transaction. Every change is logged as an event. */
final class ProfileSql {
    private ProfileSql() {}

    static void upsert(Tx tx, Profile profile, Instant now) throws SQLException {
        String definition = Json.write(profile);
        tx.prepare("profile_upsert")
                .set("key", profile.key())
                .set("definition", definition)
                .set("now", now)
                .update();
        changed(tx, now, TideEvent.PROFILE_DEFINED, profile.key(), definition);
    }

    static boolean delete(Tx tx, String key, Instant now) throws SQLException {
        if (tx.prepare("profile_delete").set("key", key).update() == 0) {
            return false;
        }
        changed(tx, now, TideEvent.PROFILE_DELETED, key, null);
        return true;
    }

    private static void changed(Tx tx, Instant now, String kind, String key, String definition) throws SQLException {
        tx.prepare("profile_revision_bump").update();
        String detail = "{\"actor\":" + Json.write(Actor.current()) + ",\"profile\":" + Json.write(key)
                + (definition == null ? "" : ",\"definition\":" + definition) + "}";
        EventSql.insert(tx, new EventRow(now, kind, null, null, null, detail));
    }

    static List<ProfileStatus> status(Tx tx, ProfileBook book, Instant now, LoadReadings load) throws SQLException {
        List<ProfileStatus> status = new ArrayList<>();
        for (Profile profile : book.all()) {
            ActiveProfile active = profile.activeAt(now, load);
            long used = 0;
            try (ResultSet rs = tx.prepare("profile_hour_used_now")
                    .set("profile", profile.key())
                    .set("hour_start", active.hourStart())
                    .query()) {
                if (rs.next()) {
                    used = rs.getLong("used");
                }
            }
            status.add(new ProfileStatus(active, used, ProfiledClaim.leased(tx, book, profile, "")));
        }
        return status;
    }

    /**
     * Gives back to its hour what a task was granted and did not use, and takes what it used off a divisible task's
     * units: what is left is what its next start asks for. Answers the profile the units went back to, if any.
     */
    static String refund(Tx tx, long taskId, String token, int unitsUsed) throws SQLException {
        if (unitsUsed > 0) {
            tx.prepare("task_units_spend")
                    .set("used", (long) unitsUsed)
                    .set("id", taskId)
                    .set("token", token)
                    .update();
        }
        String profile;
        Instant hour;
        long unused;
        try (ResultSet rs = tx.prepare("task_charge_get")
                .set("id", taskId)
                .set("token", token)
                .query()) {
            if (!rs.next()) {
                return null;
            }
            unused = rs.getLong("granted_units") - unitsUsed;
            profile = rs.getString("charge_profile");
            hour = Rows.instant(rs, "charge_hour");
        }
        if (unused > 0) {
            tx.prepare("profile_hour_add")
                    .set("units", -unused)
                    .set("profile", profile)
                    .set("hour_start", hour)
                    .update();
            return profile;
        }
        return null;
    }

    static void loadRecord(Tx tx, String signal, Instant hour, double value) throws SQLException {
        tx.prepare("load_hour_add")
                .set("signal", signal)
                .set("hour_start", hour)
                .set("value", value)
                .update();
    }

    /** The mean of a signal's readings over the given hours; NaN when none was recorded. */
    static double loadMean(Tx tx, String signal, List<Instant> hours) throws SQLException {
        try (ResultSet rs = tx.prepare("load_hours_mean")
                .set("signal", signal)
                .setLongs("hours", hours.stream().map(Instant::toEpochMilli).toList())
                .query()) {
            if (!rs.next() || rs.getLong("samples") == 0) {
                return Double.NaN;
            }
            return rs.getDouble("total") / rs.getLong("samples");
        }
    }
}
