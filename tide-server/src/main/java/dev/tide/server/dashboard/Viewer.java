package dev.tide.server.dashboard;

import dev.tide.api.auth.Caller;
import dev.tide.api.auth.Role;

/**
 * What every page needs of the person looking at it and of where the dashboard is mounted: their name and rights (to
 * show only what they may use), the token their forms carry, and the paths of pages and assets.
 *
 * @param notice what the last change did, shown once at the top of the page (null for none)
 */
public record Viewer(
        Caller caller, String csrfToken, String basePath, boolean canSignOut, String notice, ManagedObjects managed) {

    /** The viewer of a page shown before sign-in (the sign-in page itself, an error): nobody, with no rights. */
    static Viewer anonymous(String basePath) {
        return new Viewer(new Caller("", java.util.Set.of()), "", basePath, false, null, ManagedObjects.NONE);
    }

    /** Whether someone is signed in (the navigation is shown only then). */
    public boolean signedIn() {
        return !caller.user().isEmpty();
    }

    public String user() {
        return caller.user();
    }

    public boolean admin() {
        return caller.isAdmin();
    }

    /** Whether the person sees everyone's work (a worker or an administrator), not only their own. */
    public boolean reader() {
        return caller.may(Role.WORKER);
    }

    /** A page's path under the dashboard's base path; {@code relative} starts with '/' (or is empty for the start). */
    public String path(String relative) {
        return basePath + relative;
    }

    public String asset(String name) {
        return basePath + "/assets/" + name;
    }

    public String csrfField() {
        return Csrf.FIELD;
    }
}
