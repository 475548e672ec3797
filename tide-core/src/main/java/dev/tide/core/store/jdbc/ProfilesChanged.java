package dev.tide.core.store.jdbc;

/**
 * A claim ran under profiles older than the database's: thrown inside its transaction, so that what it leased is undone
 * and the claim runs again under the new ones ({@link TaskClaiming#claimCounted}).
 */
final class ProfilesChanged extends RuntimeException {
    private static final long serialVersionUID = 1L;

    ProfilesChanged() {
        super("the profiles changed since this node read them", null, false, false);
    }
}
