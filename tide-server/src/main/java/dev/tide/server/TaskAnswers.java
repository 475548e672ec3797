package dev.tide.server;

import dev.tide.api.EnqueueResult;
import dev.tide.api.EnqueuedAndClaimed;
import dev.tide.api.InvalidRequestException;
import dev.tide.api.Page;
import dev.tide.api.TaskInfo;
import io.javalin.http.Context;
import java.util.List;

/**
 * Task answers leave out {@code payload} and {@code result} unless the request asks for them with
 * {@code ?include=payload}: an enqueue of 2 MiB is not answered with 2 MiB, and a list is not a dump of every payload.
 * A claim's leased tasks carry their payloads always (the worker needs them), and so does the leased half of
 * enqueue-and-claim.
 */
final class TaskAnswers {
    static final String PARAMETER = "include";
    static final String PAYLOAD = "payload";

    private final boolean include;

    private TaskAnswers(boolean include) {
        this.include = include;
    }

    /** What the request asks to include; a value other than {@code payload} is a 400 naming the parameter. */
    static TaskAnswers of(Context ctx) {
        List<String> values = ctx.queryParams(PARAMETER);
        if (values.size() > 1) {
            throw new InvalidRequestException(PARAMETER, "is given " + values.size() + " times; give it once");
        }
        if (values.isEmpty()) {
            return new TaskAnswers(false);
        }
        if (!PAYLOAD.equals(values.get(0))) {
            throw new InvalidRequestException(
                    PARAMETER, "'" + values.get(0) + "' is not something to include; the one choice is payload");
        }
        return new TaskAnswers(true);
    }

    TaskInfo task(TaskInfo task) {
        return include ? task : task.withoutPayloadAndResult();
    }

    Page<TaskInfo> page(Page<TaskInfo> page) {
        return include
                ? page
                : new Page<>(page.items().stream().map(this::task).toList(), page.nextCursor(), page.partial());
    }

    EnqueueResult enqueued(EnqueueResult result) {
        return include ? result : new EnqueueResult(task(result.task()), result.created(), result.warnings());
    }

    List<EnqueueResult> enqueued(List<EnqueueResult> results) {
        return include ? results : results.stream().map(this::enqueued).toList();
    }

    EnqueuedAndClaimed enqueuedAndClaimed(EnqueuedAndClaimed both) {
        // The leased task is the worker's: its payload stays. The enqueued echo is an enqueue answer like any.
        return include ? both : new EnqueuedAndClaimed(enqueued(both.enqueued()), both.leased());
    }
}
