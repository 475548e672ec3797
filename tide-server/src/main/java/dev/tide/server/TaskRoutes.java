package dev.tide.server;

import dev.tide.api.EnqueueResult;
import dev.tide.api.EnqueuedAndClaimed;
import dev.tide.api.NewTask;
import dev.tide.api.TaskQueue;
import dev.tide.api.TaskSelection;
import dev.tide.api.auth.AccountWorkers;
import dev.tide.api.http.HttpBodies;
import dev.tide.api.http.Routes;
import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;

/** Producing and browsing tasks: enqueue one or many, read, list, cancel, retry, park and unpark. */
final class TaskRoutes {
    private final TaskQueue queue;
    private final AccountWorkers workers;
    private final JsonBody body;
    private final TenantScope tenants;

    TaskRoutes(TaskQueue queue, AccountWorkers workers, JsonBody body) {
        this.queue = queue;
        this.workers = workers;
        this.body = body;
        this.tenants = new TenantScope(queue);
    }

    void addTo(RoutesConfig routes) {
        routes.post(Routes.TASKS, this::enqueue, Access.SUBMITTER);
        routes.post(Routes.TASK_BATCH, this::enqueueAll, Access.SUBMITTER);
        routes.post(Routes.ENQUEUE_AND_CLAIM, this::enqueueAndClaim, Access.SUBMITTER);
        routes.get(
                Routes.TASKS,
                ctx -> ctx.json(TaskAnswers.of(ctx).page(queue.tasks(tenants.own(ctx, TaskQueryParams.parse(ctx))))),
                Access.SUBMITTER,
                Access.WORKER);
        // Before TASK, whose {id} would otherwise take "count".
        routes.get(
                Routes.TASK_COUNT,
                ctx -> ctx.json(queue.countTasks(tenants.own(ctx, TaskQueryParams.parse(ctx)))),
                Access.SUBMITTER,
                Access.WORKER);
        routes.get(
                Routes.TASK,
                ctx -> ctx.json(TaskAnswers.of(ctx).task(tenants.task(ctx, PathParams.id(ctx)))),
                Access.SUBMITTER,
                Access.WORKER);
        routes.post(Routes.TASK_CANCEL, this::cancel, Access.SUBMITTER);
        routes.post(Routes.TASK_RETRY, this::retry, Access.SUBMITTER);
        routes.post(Routes.PARK, ctx -> ctx.json(new HttpBodies.Parked(queue.park(selection(ctx)))), Access.ADMIN);
        routes.post(
                Routes.UNPARK, ctx -> ctx.json(new HttpBodies.Unparked(queue.unpark(selection(ctx)))), Access.ADMIN);
    }

    /**
     * 201 with the new task; 200 with an existing one ({@code created: false}) when its idempotency key matched, or its
     * coalescing key met a pending task that its type ignores the newcomer for or merges it into.
     */
    private void enqueue(Context ctx) {
        TaskAnswers answers = TaskAnswers.of(ctx);
        EnqueueResult result = queue.enqueue(tenants.own(ctx, body.required(ctx, NewTask.class), ""));
        ctx.status(result.created() ? 201 : 200).json(answers.enqueued(result));
    }

    /** 201 (200 when an idempotency or coalescing key answered with an existing task), leased to the caller or not. */
    private void enqueueAndClaim(Context ctx) {
        TaskAnswers answers = TaskAnswers.of(ctx);
        HttpBodies.EnqueueAndClaim request = body.required(ctx, HttpBodies.EnqueueAndClaim.class);
        EnqueuedAndClaimed result = workers.enqueueAndClaim(
                WorkerNames.account(ctx),
                tenants.own(ctx, request.task(), "task"),
                request.worker(),
                request.leaseDuration());
        ctx.status(result.enqueued().created() ? 201 : 200).json(answers.enqueuedAndClaimed(result));
    }

    /** All or nothing: one invalid task refuses the whole batch, naming it as {@code tasks[i].field}. */
    private void enqueueAll(Context ctx) {
        TaskAnswers answers = TaskAnswers.of(ctx);
        HttpBodies.TaskBatch batch = body.required(ctx, HttpBodies.TaskBatch.class);
        ctx.status(201)
                .json(new HttpBodies.EnqueueResults(
                        answers.enqueued(queue.enqueueAll(tenants.own(ctx, batch.tasks(), "tasks")))));
    }

    private void cancel(Context ctx) {
        TaskAnswers answers = TaskAnswers.of(ctx);
        long id = tenants.taskId(ctx, PathParams.id(ctx));
        String reason = body.optional(ctx, HttpBodies.Reason.class)
                .map(HttpBodies.Reason::reason)
                .orElse(null);
        ctx.json(answers.task(queue.cancel(id, reason)));
    }

    private TaskSelection selection(Context ctx) {
        return body.required(ctx, TaskSelection.class);
    }

    private void retry(Context ctx) {
        TaskAnswers answers = TaskAnswers.of(ctx);
        long id = tenants.taskId(ctx, PathParams.id(ctx));
        body.optional(ctx, HttpBodies.Empty.class);
        ctx.json(answers.task(queue.retry(id)));
    }
}
