package dev.tide.server.jmx;

import dev.tide.api.InvalidRequestException;
import dev.tide.api.Profile;
import dev.tide.api.json.Json;
import dev.tide.core.Tide;

/** The profiles bean over the engine. */
final class ProfilesAdmin implements ProfilesAdminMXBean {
    private final Tide tide;

    ProfilesAdmin(Tide tide) {
        this.tide = tide;
    }

    @Override
    public String[] getProfiles() {
        return JmxCalls.read(
                () -> tide.profiles().list().stream().map(Json::write).toArray(String[]::new));
    }

    @Override
    public String[] getStatus() {
        return JmxCalls.read(
                () -> tide.profiles().status().stream().map(Json::write).toArray(String[]::new));
    }

    @Override
    public String define(String json) {
        return JmxCalls.change(() -> Json.write(tide.profiles().define(parse(json))));
    }

    @Override
    public void remove(String key) {
        JmxCalls.change(() -> tide.profiles().delete(key));
    }

    private static Profile parse(String json) {
        try {
            return Json.strict().readValue(json, Profile.class);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            if (e.getCause() instanceof InvalidRequestException invalid) {
                throw invalid;
            }
            throw new InvalidRequestException("json", e.getOriginalMessage());
        }
    }
}
