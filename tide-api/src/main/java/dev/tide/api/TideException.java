package dev.tide.api;

/** Base of every error Tide reports on purpose; each subclass maps to one HTTP status. */
public class TideException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final int httpStatus;

    public TideException(int httpStatus, String message) {
        super(message);
        this.httpStatus = httpStatus;
    }

    public TideException(int httpStatus, String message, Throwable cause) {
        super(message, cause);
        this.httpStatus = httpStatus;
    }

    /** The HTTP status the server answers with, and the client maps back from. */
    public int httpStatus() {
        return httpStatus;
    }

    /** A stable, machine-readable name of the error kind, sent as {@code error} in HTTP error bodies. */
    public String code() {
        return "internal";
    }
}
