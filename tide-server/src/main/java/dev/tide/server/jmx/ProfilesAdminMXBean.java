package dev.tide.server.jmx;

/**
 * {@code dev.tide:type=Profiles}: the throughput profiles of task and job types, as JSON (the form
 * {@code PUT /v1/profiles} takes).
 */
public interface ProfilesAdminMXBean {
    /** Every profile as JSON, by key ({@code task:<type>}, then {@code job:<type>}). */
    String[] getProfiles();

    /** What each profile allows now and what its hour has used, as JSON. */
    String[] getStatus();

    /** Creates or replaces a profile from its JSON; returns it. */
    String define(String json);

    /** Removes a profile by its key ({@code task:<type>} or {@code job:<type>}). */
    void remove(String key);
}
