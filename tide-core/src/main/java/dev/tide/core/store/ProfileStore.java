package dev.tide.core.store;

import dev.tide.api.LoadReadings;
import dev.tide.api.Profile;
import dev.tide.api.ProfileStatus;
import java.time.Instant;
import java.util.List;

/**
 * Profiles (named capacity limits claims are charged to) and the load readings they are judged by.
 */
public interface ProfileStore {

    /** Creates or replaces a profile, bumping the revision every claim checks, and logs the change. */
    void profileUpsert(Profile profile, Instant now);

    /** Removes a profile; false when there was none with that key. */
    boolean profileDelete(String key, Instant now);

    List<Profile> profileList();

    /** What each profile says at {@code now}, with the units counted in its hour and its leases. */
    List<ProfileStatus> profileStatus(Instant now, LoadReadings load);

    /** The database's active connections now (a load signal); NaN where the store cannot tell. */
    default double activeConnections() {
        return Double.NaN;
    }

    /** Adds a reading of a load signal to its hour. */
    void loadRecord(String signal, Instant hour, double value);

    /** The mean of a signal's readings over the given hours; NaN when none was recorded. */
    double loadMean(String signal, List<Instant> hours);

    /** Deletes the profiles' hour counts and the load readings of hours before {@code cutoff}; returns how many. */
    int profileHoursPrune(Instant cutoff);
}
