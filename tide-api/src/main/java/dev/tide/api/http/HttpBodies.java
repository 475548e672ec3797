package dev.tide.api.http;

import dev.tide.api.Ack;
import dev.tide.api.AckResult;
import dev.tide.api.EnqueueResult;
import dev.tide.api.JobType;
import dev.tide.api.Lease;
import dev.tide.api.LeasedTask;
import dev.tide.api.NewTask;
import dev.tide.api.QueueInfo;
import dev.tide.api.QueueUser;
import dev.tide.api.TaskType;
import dev.tide.api.TideEvent;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * The request and response bodies of the HTTP API that are not API records themselves: one definition for the server
 * and the client, so they agree by construction. The server reads requests strictly, so every component here is a field
 * a client may send, and nothing else is.
 */
public final class HttpBodies {
    private HttpBodies() {}

    /** A body for routes that take none: only {@code {}} (or nothing) is accepted. */
    public record Empty() {}

    public record Reason(String reason) {}

    public record TaskBatch(List<NewTask> tasks) {}

    public record EnqueueResults(List<EnqueueResult> results) {}

    public record ClaimOne(String worker, Duration leaseDuration) {}

    /** {@code POST /v1/tasks/enqueue-and-claim}: a task, and who runs it at once if its profile has room. */
    public record EnqueueAndClaim(NewTask task, String worker, Duration leaseDuration) {}

    public record Tasks(List<LeasedTask> tasks) {}

    public record Heartbeat(String token, Duration extension) {}

    public record Heartbeats(List<Lease> leases, Duration extension) {}

    public record Leases(List<Lease> leases) {}

    public record Acks(List<Ack> acks) {}

    public record AckResults(List<AckResult> results) {}

    public record Resume(Duration leaseDuration) {}

    public record Released(int released) {}

    /**
     * A bulk action's filter: the task list's filters ({@link dev.tide.api.TaskQuery} without its page and order),
     * each optional.
     */
    public record TaskFilter(
            @Nullable String queue,
            dev.tide.api.@Nullable TaskState state,
            dev.tide.api.@Nullable Outcome outcome,
            @Nullable String type,
            @Nullable Long jobId,
            @Nullable String owner,
            @Nullable String leaseOwner,
            @Nullable Boolean errorsOnly,
            java.time.@Nullable Instant receivedFrom,
            java.time.@Nullable Instant receivedTo,
            java.time.@Nullable Instant runAtFrom,
            java.time.@Nullable Instant runAtTo,
            java.time.@Nullable Instant finishedFrom,
            java.time.@Nullable Instant finishedTo,
            @Nullable String errorText,
            @Nullable String payloadPath,
            @Nullable String payloadValue) {

        public static TaskFilter of(dev.tide.api.TaskQuery q) {
            return new TaskFilter(
                    q.queue(),
                    q.state(),
                    q.outcome(),
                    q.type(),
                    q.jobId(),
                    q.owner(),
                    q.leaseOwner(),
                    q.errorsOnly(),
                    q.receivedFrom(),
                    q.receivedTo(),
                    q.runAtFrom(),
                    q.runAtTo(),
                    q.finishedFrom(),
                    q.finishedTo(),
                    q.errorText(),
                    q.payloadPath(),
                    q.payloadValue());
        }

        public dev.tide.api.TaskQuery query() {
            dev.tide.api.TaskQuery q = dev.tide.api.TaskQuery.all().withErrorsOnly(Boolean.TRUE.equals(errorsOnly));
            if (queue != null) {
                q = q.withQueue(queue);
            }
            if (state != null) {
                q = q.withState(state);
            }
            if (outcome != null) {
                q = q.withOutcome(outcome);
            }
            if (type != null) {
                q = q.withType(type);
            }
            if (jobId != null) {
                q = q.withJob(jobId);
            }
            if (owner != null) {
                q = q.withOwner(owner);
            }
            if (leaseOwner != null) {
                q = q.withLeaseOwner(leaseOwner);
            }
            if (receivedFrom != null || receivedTo != null) {
                q = q.receivedBetween(receivedFrom, receivedTo);
            }
            if (runAtFrom != null || runAtTo != null) {
                q = q.runAtBetween(runAtFrom, runAtTo);
            }
            if (finishedFrom != null || finishedTo != null) {
                q = q.finishedBetween(finishedFrom, finishedTo);
            }
            if (errorText != null) {
                q = q.withErrorText(errorText);
            }
            if (payloadPath != null || payloadValue != null) {
                q = q.withPayload(payloadPath, payloadValue);
            }
            return q;
        }
    }

    /** The filter of a bulk action's count ({@code POST /v1/bulk-actions/match}). */
    public record BulkMatchRequest(TaskFilter filter) {}

    /** A bulk action to start ({@code POST /v1/bulk-actions}): a {@link dev.tide.api.BulkRequest} on the wire. */
    public record BulkStart(
            dev.tide.api.BulkAction action,
            @Nullable TaskFilter filter,
            @Nullable List<Long> taskIds,
            @Nullable Long upToTaskId,
            @Nullable String reason) {

        public static BulkStart of(dev.tide.api.BulkRequest r) {
            return new BulkStart(
                    r.action(),
                    r.filter() == null ? null : TaskFilter.of(r.filter()),
                    r.taskIds().isEmpty() ? null : r.taskIds(),
                    r.upToTaskId(),
                    r.reason());
        }

        /** The request, checked as {@link dev.tide.api.BulkRequest} checks it. */
        public dev.tide.api.BulkRequest request() {
            return new dev.tide.api.BulkRequest(
                    action,
                    filter == null ? null : filter.query(),
                    taskIds == null ? List.of() : taskIds,
                    upToTaskId,
                    reason);
        }
    }

    /** Bulk actions, newest first. */
    public record BulkList(List<dev.tide.api.BulkInfo> bulkActions) {}

    public record Parked(int parked) {}

    public record Unparked(int unparked) {}

    public record TaskTypes(List<TaskType> types) {}

    public record JobTypes(List<JobType> types) {}

    public record Queues(List<QueueInfo> queues) {}

    public record Events(List<TideEvent> events) {}

    /** The ids of the tasks that waited on a task ({@code GET /v1/tasks/{id}/dependents}). */
    public record Dependents(List<Long> dependents) {}

    public record Stats(List<dev.tide.api.HourlyStats> hours) {}

    public record Profiles(List<dev.tide.api.Profile> profiles) {}

    public record ProfileStatuses(List<dev.tide.api.ProfileStatus> profiles) {}

    /** {@code PUT /v1/intake}: the folder intake switch. */
    public record IntakeSwitch(Boolean enabled) {}

    public record Schedules(List<dev.tide.api.ScheduleInfo> schedules) {}

    /** A schedule's upcoming firings, earliest first. */
    public record Firings(List<java.time.Instant> firings) {}

    /** A load signal's reading, as a host application reports it. */
    public record LoadReading(Double value) {}

    public record QueueUsers(List<QueueUser> users) {}

    public record Processors(List<dev.tide.api.ProcessorInfo> processors) {}

    /** The nodes registry ({@code GET /v1/nodes}). */
    public record Nodes(List<dev.tide.api.NodeInfo> nodes) {}

    /** A set of user names: the server-wide prohibited users. */
    public record Users(Set<String> users) {
        public Users {
            users = users == null ? Set.of() : Set.copyOf(users);
        }
    }

    /**
     * What the health probe answers.
     *
     * @param node this node's name, when the queue is an embedded engine
     * @param maintenanceLeader whether this node did the maintenance chores on its last pass
     */
    public record Health(
            String status, @Nullable String node, @Nullable Boolean maintenanceLeader) {}

    // --- users and credentials -----------------------------------------------------------------------------------

    public record UserList(List<dev.tide.api.auth.Account> users) {}

    public record Roles(Set<dev.tide.api.auth.Role> roles) {}

    public record Password(String password) {
        @Override
        public String toString() {
            return "Password[***]";
        }
    }

    public record Limits(
            @Nullable Integer pendingLimit, @Nullable Integer submitsPerMinute) {}

    /**
     * A request for a new API token.
     *
     * @param validFor null: an API token valid until revoked
     */
    public record TokenRequest(String label, @Nullable Duration validFor) {}

    public record TokenList(List<dev.tide.api.auth.TokenInfo> tokens) {}

    /**
     * A sign-in with a password, for a session token.
     *
     * @param validFor null: the server's default session length
     */
    public record SignIn(
            String user, String password, @Nullable Duration validFor) {
        @Override
        public String toString() {
            return "SignIn[user=" + user + ", password=***, validFor=" + validFor + "]";
        }
    }
}
