package dev.tide.client;

import com.fasterxml.jackson.core.type.TypeReference;
import dev.tide.api.Intake;
import dev.tide.api.IntakeFile;
import dev.tide.api.IntakeFileQuery;
import dev.tide.api.IntakeStatus;
import dev.tide.api.Page;
import dev.tide.api.http.HttpBodies;
import dev.tide.api.http.Routes;

/** {@link Intake} over the HTTP API: what {@link TideClient#intake()} answers with. */
final class RemoteIntake implements Intake {
    private static final TypeReference<Page<IntakeFile>> FILE_PAGE = new TypeReference<>() {};

    private final JsonHttp http;

    RemoteIntake(JsonHttp http) {
        this.http = http;
    }

    @Override
    public IntakeStatus status() {
        return http.call("GET", Routes.path(Routes.INTAKE), null, IntakeStatus.class);
    }

    @Override
    public Page<IntakeFile> files(IntakeFileQuery query) {
        return http.call(
                "GET",
                Routes.path(Routes.INTAKE_FILES) + QueryString.of(query == null ? IntakeFileQuery.recent() : query),
                null,
                FILE_PAGE);
    }

    @Override
    public IntakeStatus switchTo(boolean enabled) {
        return http.call("PUT", Routes.path(Routes.INTAKE), new HttpBodies.IntakeSwitch(enabled), IntakeStatus.class);
    }
}
