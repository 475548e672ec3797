package dev.tide.client;

import dev.tide.api.Intake;
import dev.tide.api.IntakeStatus;
import dev.tide.api.http.HttpBodies;
import dev.tide.api.http.Routes;

/** {@link Intake} over the HTTP API: what {@link TideClient#intake()} answers with. */
final class RemoteIntake implements Intake {
    private final JsonHttp http;

    RemoteIntake(JsonHttp http) {
        this.http = http;
    }

    @Override
    public IntakeStatus status() {
        return http.call("GET", Routes.path(Routes.INTAKE), null, IntakeStatus.class);
    }

    @Override
    public IntakeStatus switchTo(boolean enabled) {
        return http.call("PUT", Routes.path(Routes.INTAKE), new HttpBodies.IntakeSwitch(enabled), IntakeStatus.class);
    }
}
