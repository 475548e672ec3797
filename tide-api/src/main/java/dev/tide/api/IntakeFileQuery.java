package dev.tide.api;

import org.jspecify.annotations.Nullable;

/**
 * A page of the files folder intake took or refused ({@link Intake#files}), newest first. Pages are keyset pages: pass
 * the previous page's {@link Page#nextCursor()}.
 *
 * @param limit page size, 1 to {@link #MAX_LIMIT}; {@link #DEFAULT_LIMIT} when 0
 * @param cursor from the previous page's {@link Page#nextCursor()}; null for the first page
 */
public record IntakeFileQuery(int limit, @Nullable String cursor) {
    public static final int DEFAULT_LIMIT = 50;
    public static final int MAX_LIMIT = 1000;

    public IntakeFileQuery {
        if (limit == 0) {
            limit = DEFAULT_LIMIT;
        }
        if (limit < 1 || limit > MAX_LIMIT) {
            throw new InvalidRequestException("limit", "must be between 1 and " + MAX_LIMIT);
        }
        if (cursor != null) {
            before(cursor);
        }
    }

    /** The newest files, the default page size. */
    public static IntakeFileQuery recent() {
        return new IntakeFileQuery(0, null);
    }

    /** The cursor of the page after the file with this id. */
    public static String cursorAfter(long id) {
        return Long.toString(id);
    }

    /** The id the page starts below: the cursor's, or {@link Long#MAX_VALUE} on the first page. */
    public long before() {
        return cursor == null ? Long.MAX_VALUE : before(cursor);
    }

    public IntakeFileQuery withLimit(int value) {
        return new IntakeFileQuery(value, cursor);
    }

    public IntakeFileQuery withCursor(@Nullable String value) {
        return new IntakeFileQuery(limit, value);
    }

    private static long before(String cursor) {
        try {
            long id = Long.parseLong(cursor);
            if (id > 0) {
                return id;
            }
        } catch (NumberFormatException e) {
            // answered below
        }
        throw new InvalidRequestException(
                "cursor", "is not a cursor of this listing: pass the nextCursor of the previous page");
    }
}
