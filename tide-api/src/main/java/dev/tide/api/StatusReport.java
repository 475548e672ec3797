package dev.tide.api;

import java.util.List;

/**
 * Queue depths and open jobs: what {@code tide status} prints.
 *
 * @param suspended whether dispatch is suspended server-wide ({@link Queues#suspendAll()})
 * @param warnings what needs a look though nothing failed: types of waiting tasks that nothing names
 *     ({@link Warning#UNKNOWN_TYPE}), which no worker will ever take
 */
public record StatusReport(List<QueueDepth> queues, List<JobInfo> openJobs, boolean suspended, List<Warning> warnings) {
    public StatusReport {
        warnings = warnings == null ? List.of() : List.copyOf(warnings);
    }

    public StatusReport(List<QueueDepth> queues, List<JobInfo> openJobs, boolean suspended) {
        this(queues, openJobs, suspended, List.of());
    }

    /** This report with {@code more} warnings after its own. */
    public StatusReport withWarnings(List<Warning> more) {
        return new StatusReport(
                queues,
                openJobs,
                suspended,
                java.util.stream.Stream.concat(warnings.stream(), more.stream()).toList());
    }

    /** Task counts of one queue by state, and by outcome for finished tasks still retained. */
    public record QueueDepth(
            String queue,
            long scheduled,
            long blocked,
            long ready,
            long leased,
            long parked,
            long succeeded,
            long failed,
            long cancelled,
            long expired,
            long superseded) {}
}
