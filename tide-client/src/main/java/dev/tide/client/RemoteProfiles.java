package dev.tide.client;

import dev.tide.api.Profile;
import dev.tide.api.ProfileStatus;
import dev.tide.api.Profiles;
import dev.tide.api.http.HttpBodies;
import dev.tide.api.http.Routes;
import java.util.List;

/** {@link Profiles} over the HTTP API: what {@link TideClient#profiles()} answers with. */
final class RemoteProfiles implements Profiles {
    private final JsonHttp http;

    RemoteProfiles(JsonHttp http) {
        this.http = http;
    }

    @Override
    public Profile define(Profile profile) {
        return http.call("PUT", Routes.path(Routes.PROFILES), profile, Profile.class);
    }

    @Override
    public List<Profile> list() {
        return http.call("GET", Routes.path(Routes.PROFILES), null, HttpBodies.Profiles.class)
                .profiles();
    }

    @Override
    public void delete(String key) {
        http.call("DELETE", Routes.path(Routes.PROFILE, key), null, Void.class);
    }

    @Override
    public List<ProfileStatus> status() {
        return http.call("GET", Routes.path(Routes.PROFILE_STATUS), null, HttpBodies.ProfileStatuses.class)
                .profiles();
    }

    @Override
    public void reportLoad(String signal, double value) {
        http.call("PUT", Routes.path(Routes.LOAD, signal), new HttpBodies.LoadReading(value), Void.class);
    }
}
