package dev.tide.api;

/**
 * The request contradicts the stored state (HTTP 409): an idempotency key reused with another payload, a task that is
 * not in a state the operation needs, a job that has already finished.
 */
public class ConflictException extends TideException {
    private static final long serialVersionUID = 1L;

    public ConflictException(String message) {
        super(409, message);
    }

    @Override
    public String code() {
        return "conflict";
    }
}
