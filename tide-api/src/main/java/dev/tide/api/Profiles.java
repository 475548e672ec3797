package dev.tide.api;

import java.util.List;

/**
 * Profiles: the throughput directives of a task type, or the defaults of a job type's tasks (see {@link Profile}), and
 * the load signals they may scale or choose by. Reached from {@code profiles()} of the embedded engine and of the HTTP
 * client alike.
 */
public interface Profiles {

    /**
     * Creates or replaces a profile. Takes effect at the next claim on every node, and is recorded in the event log.
     */
    Profile define(Profile profile);

    /** All profiles, sorted by key ({@code job:<type>} or {@code task:<type>}). */
    List<Profile> list();

    /** Removes a profile by its key ({@code task:<type>} or {@code job:<type>}); {@link NotFoundException} if none. */
    void delete(String key);

    /**
     * What each profile says now: the entry in force, the hourly limit after load scaling, and the units already
     * counted in the current hour.
     */
    List<ProfileStatus> status();

    /**
     * Sets a load signal's reading, as a host application reporting its request rate does; profiles that scale or
     * choose by the signal read it at the next claim on this node.
     */
    void reportLoad(String signal, double value);
}
