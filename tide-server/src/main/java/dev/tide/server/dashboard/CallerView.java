package dev.tide.server.dashboard;

import dev.tide.api.EventQuery;
import dev.tide.api.JobInfo;
import dev.tide.api.JobQuery;
import dev.tide.api.NotFoundException;
import dev.tide.api.Page;
import dev.tide.api.TaskInfo;
import dev.tide.api.TaskQuery;
import dev.tide.api.TaskQueue;
import dev.tide.api.TideEvent;
import dev.tide.api.auth.Caller;
import dev.tide.api.auth.ForbiddenException;
import dev.tide.api.auth.Owners;
import dev.tide.api.auth.Role;
import dev.tide.core.Tide;
import dev.tide.server.CallerBulkActions;
import dev.tide.server.TenantScope;
import java.util.List;

/**
 * The queue as one signed-in person may see and change it: the same rules as the HTTP API's. A submitter sees only
 * its own tasks and jobs, meets another's id as a missing one (404), and may retry and cancel its own; workers read
 * everything; administrators change everything.
 */
final class CallerView {
    private final TaskQueue queue;
    private final Caller caller;
    private final String tenant;

    CallerView(TaskQueue queue, Caller caller) {
        this.queue = queue;
        this.caller = caller;
        this.tenant = TenantScope.tenantOf(caller);
    }

    TaskQueue queue() {
        return queue;
    }

    Caller caller() {
        return caller;
    }

    /** Whether the caller sees everyone's tasks (a worker or an administrator). */
    boolean seesAll() {
        return tenant == null;
    }

    /** The listing, narrowed to the caller's own tasks when it is confined to them. */
    Page<TaskInfo> tasks(TaskQuery query) {
        return queue.tasks(confined(query));
    }

    /** How many tasks the listing matches (an estimate past a bound), narrowed as {@link #tasks} is. */
    dev.tide.api.TaskCount countTasks(TaskQuery query) {
        return queue.countTasks(confined(query));
    }

    /** The query as the caller may run it: a confined caller's owner filter is always itself. */
    TaskQuery confined(TaskQuery query) {
        return tenant == null ? query : query.withOwner(tenant);
    }

    TaskInfo task(long id) {
        TaskInfo task = queue.task(id);
        if (tenant != null && !tenant.equals(task.owner())) {
            throw new NotFoundException("task " + id);
        }
        return task;
    }

    JobInfo job(long id) {
        JobInfo job = queue.job(id);
        if (tenant != null && !tenant.equals(job.owner())) {
            throw new NotFoundException("job " + id);
        }
        return job;
    }

    TaskInfo retry(long id) {
        return queue.retry(task(id).id());
    }

    TaskInfo cancel(long id, String reason) {
        return queue.cancel(task(id).id(), reason);
    }

    /** Bulk actions as the caller may use them (the HTTP API's rules). */
    CallerBulkActions bulk() {
        return new CallerBulkActions(queue, caller);
    }

    /** The tasks waiting on a task, those of them the caller may see. */
    List<Long> dependents(long id) {
        List<Long> ids = queue.dependents(task(id).id());
        return tenant == null ? ids : TenantScope.visibleTasks(owners(), tenant, ids);
    }

    /** The jobs listing, narrowed to the caller's own jobs when it is confined to them. */
    Page<JobInfo> jobs(JobQuery query) {
        return queue.jobs(tenant == null ? query : query.withOwner(tenant));
    }

    /** A task's or a job's events, for readers (the event log is not a submitter's: it names other users). */
    List<TideEvent> events(EventQuery query) {
        return seesAll() ? queue.monitoring().events(query) : List.of();
    }

    private Owners owners() {
        if (queue instanceof Tide tide) {
            return tide.owners();
        }
        throw new ForbiddenException("a dashboard in front of something other than a Tide engine shows a confined "
                + "user no dependents: it cannot tell whose they are");
    }

    JobInfo cancelJob(long id, String reason) {
        return queue.cancelJob(job(id).id(), reason);
    }

    /** Refuses a change only administrators may make. */
    void requireAdmin(String what) {
        if (!caller.isAdmin()) {
            throw new ForbiddenException("user '" + caller.user() + "' may not " + what + ": it needs the role admin");
        }
    }

    /** Refuses a page that shows everyone's work to a caller confined to its own. */
    void requireReader(String what) {
        if (!caller.may(Role.WORKER)) {
            throw new ForbiddenException(
                    "user '" + caller.user() + "' may not see " + what + ": it needs the role worker or admin");
        }
    }
}
