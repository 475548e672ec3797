package dev.tide.server;

import dev.tide.api.JobInfo;
import dev.tide.api.JobQuery;
import dev.tide.api.NewJob;
import dev.tide.api.NewTask;
import dev.tide.api.NotFoundException;
import dev.tide.api.TaskInfo;
import dev.tide.api.TaskQuery;
import dev.tide.api.TaskQueue;
import dev.tide.api.auth.Caller;
import dev.tide.api.auth.ForbiddenException;
import dev.tide.api.auth.Owners;
import dev.tide.api.auth.Role;
import io.javalin.http.Context;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Keeps a submitter to its own tasks and jobs. A caller that is neither worker nor administrator enqueues for itself
 * only (an owner left out becomes the caller), lists only its own, and meets another user's task or job id as if it
 * did not exist: 404, and nothing changes. Workers and administrators work on everyone's. Every task and job id a
 * request names, in the path or anywhere else, is checked before the route by {@link Ownership}; the path checks here
 * stay as a second line.
 */
public final class TenantScope {
    private final TaskQueue queue;

    TenantScope(TaskQueue queue) {
        this.queue = queue;
    }

    /**
     * The task, owned by the caller as far as the caller's scope asks.
     *
     * @param field where the task sits in the request: {@code ""} for the whole body, else e.g. {@code task}
     */
    NewTask own(Context ctx, NewTask task, String field) {
        String tenant = tenant(ctx);
        if (tenant == null || task == null) {
            return task;
        }
        if (task.owner() == null) {
            return task.withOwner(tenant);
        }
        requireSelf(tenant, task.owner(), field);
        return task;
    }

    List<NewTask> own(Context ctx, List<NewTask> tasks, String field) {
        if (tasks == null || tenant(ctx) == null) {
            return tasks;
        }
        List<NewTask> owned = new ArrayList<>(tasks.size());
        for (int i = 0; i < tasks.size(); i++) {
            owned.add(own(ctx, tasks.get(i), field + "[" + i + "]"));
        }
        return owned;
    }

    NewJob own(Context ctx, NewJob job) {
        String tenant = tenant(ctx);
        if (tenant == null || job == null) {
            return job;
        }
        if (job.owner() != null) {
            requireSelf(tenant, job.owner(), "");
        }
        return new NewJob(
                job.type(),
                job.title(),
                tenant,
                job.priority(),
                job.deadline(),
                job.info(),
                own(ctx, job.tasks(), "tasks"));
    }

    /** The query narrowed to the caller's own tasks. */
    TaskQuery own(Context ctx, TaskQuery query) {
        return own(tenant(ctx), query);
    }

    /**
     * The query narrowed to {@code tenant}'s own tasks (unchanged for null: a caller that sees everyone's); a query
     * naming another owner is refused.
     */
    public static TaskQuery own(String tenant, TaskQuery query) {
        if (tenant == null) {
            return query;
        }
        if (query.owner() != null) {
            requireSelf(tenant, query.owner(), "");
        }
        return query.withOwner(tenant);
    }

    /** The query narrowed to the caller's own jobs. */
    JobQuery own(Context ctx, JobQuery query) {
        String tenant = tenant(ctx);
        if (tenant == null) {
            return query;
        }
        if (query.owner() != null) {
            requireSelf(tenant, query.owner(), "");
        }
        return query.withOwner(tenant);
    }

    /** The task, if the caller may see it; else 404 as for a task that does not exist. */
    TaskInfo task(Context ctx, long id) {
        TaskInfo task = queue.task(id);
        String tenant = tenant(ctx);
        if (tenant != null && !tenant.equals(task.owner())) {
            throw new NotFoundException("task " + id);
        }
        return task;
    }

    /** The job, if the caller may see it; else 404 as for a job that does not exist. */
    JobInfo job(Context ctx, long id) {
        JobInfo job = queue.job(id);
        String tenant = tenant(ctx);
        if (tenant != null && !tenant.equals(job.owner())) {
            throw new NotFoundException("job " + id);
        }
        return job;
    }

    /** The task id, once the caller may act on that task (read only for a confined caller). */
    long taskId(Context ctx, long id) {
        return tenant(ctx) == null ? id : task(ctx, id).id();
    }

    /** The job id, once the caller may act on that job (read only for a confined caller). */
    long jobId(Context ctx, long id) {
        return tenant(ctx) == null ? id : job(ctx, id).id();
    }

    /** The user the caller is confined to, or null when it sees everyone's (a worker or an administrator). */
    private static String tenant(Context ctx) {
        return tenantOf(Authentication.required(ctx));
    }

    /** The user {@code caller} is confined to, or null when it sees everyone's (a worker or an administrator). */
    public static String tenantOf(Caller caller) {
        return caller.may(Role.WORKER) ? null : caller.user();
    }

    /**
     * The ids among {@code ids} a caller confined to {@code tenant} may see (its own tasks); all of them for a caller
     * that sees everyone's ({@code tenant} null).
     */
    public static java.util.List<Long> visibleTasks(Owners owners, String tenant, java.util.List<Long> ids) {
        if (tenant == null || ids.isEmpty()) {
            return ids;
        }
        java.util.Set<Long> own = owners.tasksOwnedBy(tenant, ids);
        return ids.stream().filter(own::contains).toList();
    }

    /** @param prefix where the owner sits in the request ({@code ""} at its top, or {@code tasks[2]}) */
    private static void requireSelf(String tenant, String owner, String prefix) {
        if (!Objects.equals(tenant, owner)) {
            throw new ForbiddenException((prefix.isEmpty() ? "" : prefix + ".") + "owner: user '" + tenant
                    + "' submits and reads its own tasks only, not those of '" + owner + "'");
        }
    }
}
