package dev.tide.api;

/**
 * The caller no longer holds the lease it names (HTTP 409): it expired and was reclaimed, the task was cancelled, or the
 * token is stale. Nothing was changed. A worker that sees this must not assume its result was recorded.
 */
public class LeaseLostException extends ConflictException {
    private static final long serialVersionUID = 1L;

    private final long taskId;

    public LeaseLostException(long taskId) {
        super("lease lost: task " + taskId + " is no longer held under this token");
        this.taskId = taskId;
    }

    public long taskId() {
        return taskId;
    }

    @Override
    public String code() {
        return "lease_lost";
    }
}
