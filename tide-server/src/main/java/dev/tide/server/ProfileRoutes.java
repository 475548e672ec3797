package dev.tide.server;

import dev.tide.api.InvalidRequestException;
import dev.tide.api.Profile;
import dev.tide.api.TaskQueue;
import dev.tide.api.http.HttpBodies;
import dev.tide.api.http.Routes;
import io.javalin.config.RoutesConfig;

/**
 * Profiles: define (create or replace) one, list them, see what each says now, remove one by key; and the load
 * readings a host application reports.
 */
final class ProfileRoutes {
    private final TaskQueue queue;
    private final JsonBody body;

    ProfileRoutes(TaskQueue queue, JsonBody body) {
        this.queue = queue;
        this.body = body;
    }

    void addTo(RoutesConfig routes) {
        routes.put(
                Routes.PROFILES,
                ctx -> ctx.json(queue.profiles().define(body.required(ctx, Profile.class))),
                Access.ADMIN);
        routes.get(
                Routes.PROFILES,
                ctx -> ctx.json(new HttpBodies.Profiles(queue.profiles().list())),
                Access.WORKER,
                Access.ADMIN);
        routes.get(
                Routes.PROFILE_STATUS,
                ctx -> ctx.json(new HttpBodies.ProfileStatuses(queue.profiles().status())),
                Access.WORKER,
                Access.ADMIN);
        routes.delete(
                Routes.PROFILE,
                ctx -> {
                    queue.profiles().delete(ctx.pathParam("key"));
                    ctx.status(204);
                },
                Access.ADMIN);
        routes.put(
                Routes.LOAD,
                ctx -> {
                    HttpBodies.LoadReading reading = body.required(ctx, HttpBodies.LoadReading.class);
                    if (reading.value() == null || !Double.isFinite(reading.value())) {
                        throw new InvalidRequestException("value", "must be a finite number");
                    }
                    queue.profiles().reportLoad(ctx.pathParam("signal"), reading.value());
                    ctx.status(204);
                },
                Access.WORKER,
                Access.ADMIN);
    }
}
