package dev.tide.api;

import java.util.List;

/**
 * Queue depths and open jobs: what {@code tide status} prints.
 *
 * @param suspended whether dispatch is suspended server-wide ({@link TaskQueue#suspendServer()})
 * @param outOfRange stored values outside today's {@link InputRanges} (written before they were checked), one line
 *     each, e.g. {@code task type x: defaultDuration: is PT99999999999999H; ...}; empty when none
 */
public record StatusReport(
        List<QueueDepth> queues, List<JobInfo> openJobs, boolean suspended, List<String> outOfRange) {

    public StatusReport {
        outOfRange = outOfRange == null ? List.of() : List.copyOf(outOfRange);
    }

    /** A report with nothing out of range. */
    public StatusReport(List<QueueDepth> queues, List<JobInfo> openJobs, boolean suspended) {
        this(queues, openJobs, suspended, List.of());
    }

    /** The same report with the stored values out of range. */
    public StatusReport withOutOfRange(List<String> lines) {
        return new StatusReport(queues, openJobs, suspended, lines);
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
