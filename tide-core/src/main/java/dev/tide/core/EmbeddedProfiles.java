package dev.tide.core;

import dev.tide.api.InvalidRequestException;
import dev.tide.api.LoadCondition;
import dev.tide.api.NotFoundException;
import dev.tide.api.Profile;
import dev.tide.api.ProfileStatus;
import dev.tide.api.Profiles;
import dev.tide.core.engine.Inputs;
import dev.tide.core.engine.LoadSignals;
import dev.tide.core.store.ProfileStore;
import java.time.InstantSource;
import java.util.List;

/**
 * {@link Profiles} in this process: definitions go to the store (which records them in the event log in the same
 * transaction), load readings to this node's signals, which the claims of this node read.
 */
final class EmbeddedProfiles implements Profiles {
    private final ProfileStore store;
    private final InstantSource clock;
    private final LoadSignals load;

    EmbeddedProfiles(ProfileStore store, InstantSource clock, LoadSignals load) {
        this.store = store;
        this.clock = clock;
        this.load = load;
    }

    @Override
    public Profile define(Profile profile) {
        if (profile == null) {
            throw new InvalidRequestException("profile", "is required");
        }
        store.profileUpsert(profile, clock.instant());
        return profile;
    }

    @Override
    public List<Profile> list() {
        return store.profileList();
    }

    @Override
    public void delete(String key) {
        if (!store.profileDelete(Inputs.requiredText("key", key), clock.instant())) {
            throw new NotFoundException("profile " + key);
        }
    }

    @Override
    public List<ProfileStatus> status() {
        List<ProfileStatus> status = store.profileStatus(clock.instant(), load);
        // the readings sampled for this answer are recorded as a claim's are, outside the store's transaction
        load.recordSampled();
        return status;
    }

    @Override
    public void reportLoad(String signal, double value) {
        if (!Double.isFinite(value)) {
            throw new InvalidRequestException("value", "must be a finite number");
        }
        load.report(new LoadCondition(signal, null, 0.0, null).signal(), value);
    }
}
