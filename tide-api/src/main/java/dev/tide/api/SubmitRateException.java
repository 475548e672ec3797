package dev.tide.api;

/**
 * An enqueue refused because its owner submitted its most tasks this minute ({@code Account#submitsPerMinute()}, or
 * the server's default): HTTP 429 with a {@code Retry-After} header saying when the next minute begins. Nothing of the
 * request was written.
 */
public class SubmitRateException extends TideException {
    private static final long serialVersionUID = 1L;

    private final String user;
    private final int limit;
    private final int retryAfterSeconds;

    public SubmitRateException(String user, int limit, int retryAfterSeconds) {
        super(
                429,
                "user '" + user + "' submitted its maximum of " + limit + " tasks this minute (submitsPerMinute); try"
                        + " again in " + retryAfterSeconds + " s");
        this.user = user;
        this.limit = limit;
        this.retryAfterSeconds = retryAfterSeconds;
    }

    public String user() {
        return user;
    }

    public int limit() {
        return limit;
    }

    /** Seconds until the next minute, when the user may submit again. */
    public int retryAfterSeconds() {
        return retryAfterSeconds;
    }

    @Override
    public String code() {
        return "rate_limited";
    }
}
