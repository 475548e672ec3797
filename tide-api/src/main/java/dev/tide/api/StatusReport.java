package dev.tide.api;

import java.util.List;

/**
 * Queue depths and open jobs: what {@code tide status} prints.
 *
 * @param suspended whether dispatch is suspended server-wide ({@link TaskQueue#suspendServer()})
 */
public record StatusReport(List<QueueDepth> queues, List<JobInfo> openJobs, boolean suspended) {

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
