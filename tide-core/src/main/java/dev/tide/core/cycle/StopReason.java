package dev.tide.core.cycle;

/** Why a processing cycle stopped taking tasks. */
public enum StopReason {
    /** Nothing it could take was ready. */
    DRAINED("drained: nothing ready"),
    /** Its session had spent a profile's {@code maxPerSession}; the next cycle has a budget of its own. */
    SESSION_BUDGET("session budget spent"),
    /** A profile's {@code maxPerHour} was reached; its tasks wait for the next hour. */
    HOURLY_LIMIT("hourly limit reached"),
    /** Its {@code maxDuration} had passed. */
    TIME_LIMIT("time limit reached"),
    /** It had taken its {@code maxTasks}. */
    TASK_LIMIT("task limit reached"),
    /**
     * Ready tasks remain that no claim could take now, for another reason: a profile's concurrency cap, a suspended
     * queue, a fair queue's user caps, or tasks costing more units than the budget left.
     */
    BLOCKED("blocked: ready tasks could not be taken now");

    private final String text;

    StopReason(String text) {
        this.text = text;
    }

    /** What the CLI prints. */
    public String text() {
        return text;
    }
}
