package dev.tide.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tide.api.Ack;
import dev.tide.api.InvalidRequestException;
import dev.tide.api.TaskQueue;
import dev.tide.api.http.HttpBodies;
import dev.tide.api.http.Routes;
import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;
import java.util.List;

/**
 * Acknowledgements: one task's (409 {@code lease_lost} when its token is stale, having changed nothing), or a batch
 * settled in one transaction where each item is accepted or not on its own.
 */
final class AckRoutes {
    private final TaskQueue queue;
    private final JsonBody body;

    AckRoutes(TaskQueue queue, JsonBody body) {
        this.queue = queue;
        this.body = body;
    }

    void addTo(RoutesConfig routes) {
        routes.post(Routes.TASK_ACK, this::ack, Access.WORKER);
        routes.post(Routes.ACKS, this::ackAll, Access.WORKER);
    }

    /** The body is an {@link Ack} whose task id comes from the path; a {@code taskId} in the body must agree. */
    private void ack(Context ctx) {
        long id = PathParams.id(ctx);
        ObjectNode json = body.requiredObject(ctx);
        JsonNode given = json.get("taskId");
        if (given != null && !(given.isIntegralNumber() && given.canConvertToLong() && given.asLong() == id)) {
            throw new InvalidRequestException("taskId", "is " + given + " but the path names task " + id);
        }
        json.put("taskId", id);
        ctx.json(queue.ack(body.convert(json, Ack.class)));
    }

    private void ackAll(Context ctx) {
        List<Ack> given = body.required(ctx, HttpBodies.Acks.class).acks();
        List<Ack> acks = given == null ? List.of() : given; // the queue refuses an empty batch in its own words
        for (int i = 0; i < acks.size(); i++) {
            if (acks.get(i) == null) {
                throw new InvalidRequestException("acks[" + i + "]", "is null");
            }
            if (acks.get(i).taskId() <= 0) {
                throw new InvalidRequestException("acks[" + i + "].taskId", "is required (a positive task id)");
            }
        }
        ctx.json(new HttpBodies.AckResults(queue.ackAll(acks)));
    }
}
