package dev.tide.server;

import dev.tide.api.TaskQueue;
import dev.tide.api.auth.Accounts;
import java.time.InstantSource;

/**
 * What a server lends the routes it serves beside its API ({@link ServerRoutes}): its queue, its users and who their
 * tokens name, the sign-in throttle its own sign-in counts against, and its clock.
 */
public record ServerServices(
        TaskQueue queue, Accounts accounts, Authorization authorization, SignInGuard signIns, InstantSource clock) {}
