package dev.tide.server.dashboard;

import dev.tide.api.auth.Caller;

/**
 * A signed-in person as a dashboard request carries it.
 *
 * @param caller who, with which roles
 * @param csrfToken what each of their changes must carry ({@link Csrf})
 * @param signedInHere whether the dashboard signed them in (and can sign them out), or the host application's
 *     authenticator names them
 */
record Session(Caller caller, String csrfToken, boolean signedInHere) {}
