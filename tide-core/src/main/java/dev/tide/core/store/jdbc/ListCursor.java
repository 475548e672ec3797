package dev.tide.core.store.jdbc;

import dev.tide.api.InvalidRequestException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * The keyset cursors of the task and job lists: {@code <position>:...:<digest>}, a row's position (its sort value and
 * id, or its id) and a digest binding the cursor to its listing, the first 8 bytes (hex) of SHA-256 over the listing's
 * filters and order, owner included. A cursor is taken only by the listing that issued it, so one user's cursor cannot
 * page through another's listing, nor can it be made up to probe positions.
 */
final class ListCursor {
    private ListCursor() {}

    /** The digest of a listing, from what makes it one (its filters and order, not its page size). */
    static String digest(String... listing) {
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256")
                    .digest(String.join("\0", listing).getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(hash, 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }

    /** The cursor pointing after the row at {@code position} of the listing with this digest. */
    static String encode(String digest, long... position) {
        StringBuilder cursor = new StringBuilder();
        for (long value : position) {
            cursor.append(value).append(':');
        }
        return cursor.append(digest).toString();
    }

    /**
     * The position ({@code size} numbers) of a cursor of the listing with this digest. A malformed cursor and one of
     * another listing (other filters, another owner) answer alike.
     */
    static long[] decode(String cursor, String digest, int size) {
        String[] parts = cursor.split(":", -1);
        if (parts.length == size + 1 && parts[size].equals(digest)) {
            try {
                long[] position = new long[size];
                for (int i = 0; i < size; i++) {
                    position[i] = Long.parseLong(parts[i]);
                }
                return position;
            } catch (NumberFormatException e) {
                // answered below
            }
        }
        throw new InvalidRequestException(
                "cursor", "is not a cursor of this listing: pass the nextCursor of the previous page, same filters");
    }
}
