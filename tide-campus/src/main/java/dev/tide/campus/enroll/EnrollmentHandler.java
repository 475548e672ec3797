package dev.tide.campus.enroll;

import dev.tide.api.worker.TaskContext;
import dev.tide.api.worker.TaskHandler;
import dev.tide.core.Tide;
import java.util.Optional;

/**
 * Runs one {@code enrollment} task (seed 000's enrollment task): checks its line against the campus tables, writes the
 * enrollment, and acknowledges the task, all in one transaction ({@link Tide#transaction}). A crash can never leave an
 * enrollment written without its task acknowledged, so a retried task never finds its own line "already enrolled"; a
 * rejected line fails the task for good with the reason as its message, for the import's report, and writes nothing.
 */
final class EnrollmentHandler implements TaskHandler {
    private final Tide tide;
    private final EnrollmentChecks checks;

    EnrollmentHandler(Tide tide, EnrollmentChecks checks) {
        this.tide = tide;
        this.checks = checks;
    }

    @Override
    public void handle(TaskContext context) {
        EnrollmentLine line = context.payload(EnrollmentLine.class);
        Long jobId = context.task().jobId();
        tide.transaction((connection, queue) -> {
            Optional<String> rejected = checks.enroll(connection, line, jobId);
            rejected.ifPresent(context::fail);
            return context.acknowledgeThrough(queue);
        });
    }
}
