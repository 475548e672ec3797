package dev.tide.server;

import dev.tide.api.ClaimRequest;
import dev.tide.api.ConflictException;
import dev.tide.api.auth.AccountWorkers;
import dev.tide.api.http.HttpBodies;
import dev.tide.api.http.Routes;
import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;

/** Taking work: claims from a queue (optionally a long poll), and a claim of one chosen task. */
final class ClaimRoutes {
    private final AccountWorkers workers;
    private final JsonBody body;
    private final LongPoll longPoll;

    ClaimRoutes(AccountWorkers workers, JsonBody body, LongPoll longPoll) {
        this.workers = workers;
        this.body = body;
        this.longPoll = longPoll;
    }

    void addTo(RoutesConfig routes) {
        routes.post(Routes.CLAIMS, this::claim, Access.WORKER);
        routes.post(Routes.TASK_CLAIM, this::claimOne, Access.WORKER);
    }

    /** 200 with up to {@code limit} leased tasks; an empty list when none became ready within {@code waitFor}. */
    private void claim(Context ctx) {
        ClaimRequest request = body.required(ctx, ClaimRequest.class);
        ctx.json(new HttpBodies.Tasks(longPoll.claim(WorkerNames.account(ctx), request)));
    }

    /** 200 with the leased task; 409 when it is not ready (held, scheduled or finished); 404 when it does not exist. */
    private void claimOne(Context ctx) {
        long id = PathParams.id(ctx);
        HttpBodies.ClaimOne request = body.required(ctx, HttpBodies.ClaimOne.class);
        ctx.json(workers.claimTask(WorkerNames.account(ctx), id, request.worker(), request.leaseDuration())
                .orElseThrow(() -> new ConflictException("task " + id + " is not ready to be claimed")));
    }
}
