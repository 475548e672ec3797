package dev.tide.core.engine;

import dev.tide.api.DeadlineNotice;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;

/**
 * Counts deadline notices: {@code tide.deadline.warnings} and {@code tide.deadline.violations}, tagged with the task's
 * {@code queue} ({@value #JOB_QUEUE} for a job, which has none) and the {@code subject} ({@code task} or {@code job}).
 */
final class DeadlineMeters {
    static final String WARNINGS = "tide.deadline.warnings";
    static final String VIOLATIONS = "tide.deadline.violations";
    static final String JOB_QUEUE = "-";

    private final MeterRegistry registry;

    DeadlineMeters(MeterRegistry registry) {
        this.registry = registry;
    }

    void count(DeadlineNotice notice) {
        String name = notice.kind() == DeadlineNotice.Kind.WARNING ? WARNINGS : VIOLATIONS;
        Counter.builder(name)
                .description("deadline notices raised by this node")
                .tag("queue", notice.aboutJob() ? JOB_QUEUE : notice.queue())
                .tag("subject", notice.aboutJob() ? "job" : "task")
                .register(registry)
                .increment();
    }
}
