package dev.tide.core.store.jdbc;

import dev.tide.api.LoadReadings;
import dev.tide.api.Profile;
import dev.tide.api.ProfileStatus;
import dev.tide.core.store.ProfileStore;
import java.time.Instant;
import java.util.List;
import java.util.function.DoubleSupplier;

/**
 * Profiles and the load readings they are judged by.
 */
public final class JdbcProfiles implements ProfileStore {
    private final Database db;
    private final LiveProfiles profiles;
    private final DoubleSupplier activeConnections;

    /** @param activeConnections the database's active connections now, NaN where the store cannot tell */
    JdbcProfiles(Database db, LiveProfiles profiles, DoubleSupplier activeConnections) {
        this.db = db;
        this.profiles = profiles;
        this.activeConnections = activeConnections;
    }

    @Override
    public double activeConnections() {
        return activeConnections.getAsDouble();
    }

    @Override
    public void profileUpsert(Profile profile, Instant now) {
        db.adminWrite(tx -> {
            ProfileSql.upsert(tx, profile, now);
            return null;
        });
    }

    @Override
    public boolean profileDelete(String key, Instant now) {
        return db.adminWrite(tx -> ProfileSql.delete(tx, key, now));
    }

    @Override
    public List<Profile> profileList() {
        return db.read(profiles::current).all();
    }

    @Override
    public List<ProfileStatus> profileStatus(Instant now, LoadReadings load) {
        return db.read(tx -> ProfileSql.status(tx, profiles.current(tx), now, load));
    }

    @Override
    public void loadRecord(String signal, Instant hour, double value) {
        db.write(tx -> {
            ProfileSql.loadRecord(tx, signal, hour, value);
            return null;
        });
    }

    @Override
    public double loadMean(String signal, List<Instant> hours) {
        return db.read(tx -> ProfileSql.loadMean(tx, signal, hours));
    }

    @Override
    public int profileHoursPrune(Instant cutoff) {
        return db.write(
                tx -> tx.prepare("profile_hours_prune").set("cutoff", cutoff).update()
                        + tx.prepare("load_hours_prune").set("cutoff", cutoff).update());
    }
}
