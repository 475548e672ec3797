package dev.tide.server;

import dev.tide.api.auth.AccountWorkers;
import dev.tide.api.auth.Caller;
import io.javalin.http.Context;

/**
 * Whose worker names a request uses ({@link AccountWorkers}): a worker name belongs to the account that claimed under
 * it, so every claim records its caller, and a caller lists, resumes and releases only the leases it claimed. An
 * administrator is unscoped: its claims belong to no account, and it sees every lease of a name.
 */
final class WorkerNames {
    private WorkerNames() {}

    /** The account a request's claims and lease lookups are made for; null (unscoped) for an administrator. */
    static String account(Context ctx) {
        Caller caller = Authentication.required(ctx);
        return caller.isAdmin() ? null : caller.user();
    }
}
