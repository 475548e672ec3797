package dev.tide.core.store.jdbc;

import java.sql.SQLException;

/**
 * This node's copy of the profiles, shared by claims, settlements and the profile role: each claim checks its revision
 * against the database's, and a settlement's refund forgets what the copy counted as spent.
 */
final class LiveProfiles {
    private volatile ProfileBook book = ProfileBook.EMPTY;

    /** The book as of the database's revision, read again only when that changed. */
    ProfileBook current(Tx tx) throws SQLException {
        ProfileBook now = book.current(tx);
        book = now;
        return now;
    }

    void forgetSpent(String profileKey) {
        book.forgetSpent(profileKey);
    }
}
