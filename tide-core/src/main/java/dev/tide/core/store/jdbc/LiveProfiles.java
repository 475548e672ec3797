package dev.tide.core.store.jdbc;

import java.sql.SQLException;

/**
 * This node's copy of the profiles, shared by claims, settlements and the profile role. A claim runs under the copy it
 * has and checks the revision its own statement read ({@code profile_revision} in {@code task_claim}'s answer), so a
 * queue without profiles pays no statement for them; a change made on any node takes effect at the next claim. A
 * settlement's refund forgets what the copy counted as spent.
 */
final class LiveProfiles {
    private volatile ProfileBook book = ProfileBook.NONE;

    /** The copy as last read, without asking the database. */
    ProfileBook known() {
        return book;
    }

    /** The book as of the database's revision, read again only when that changed. */
    ProfileBook current(Tx tx) throws SQLException {
        ProfileBook now = book.current(tx);
        book = now;
        return now;
    }

    /** Throws {@link ProfilesChanged} unless {@code used} is the database's revision; the copy is then read anew. */
    void requireCurrent(Tx tx, ProfileBook used) throws SQLException {
        if (current(tx).revision() != used.revision()) {
            throw new ProfilesChanged();
        }
    }

    void forgetSpent(String profileKey) {
        book.forgetSpent(profileKey);
    }
}
