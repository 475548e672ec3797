package dev.tide.api.worker;

import dev.tide.api.Ack;
import dev.tide.api.AckResult;
import dev.tide.api.LeasedTask;
import dev.tide.api.TaskQueue;
import dev.tide.api.TaskType;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * The handlers of a consumer by task type, and how one task is run by them: the handler is called in the calling thread
 * and its outcome turned into the task's acknowledgement. A {@link WorkerPool}, a processing cycle and a task run at
 * once in its caller all run tasks through this one path.
 */
public final class HandlerRegistry {
    private final Map<String, TaskHandler> handlers;
    private final @Nullable TaskHandler anyType;

    private HandlerRegistry(Map<String, TaskHandler> handlers, @Nullable TaskHandler anyType) {
        this.handlers = Map.copyOf(handlers);
        this.anyType = anyType;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** One handler for one task type. */
    public static HandlerRegistry of(String taskType, TaskHandler handler) {
        return builder().handler(taskType, handler).build();
    }

    /**
     * The task types there is a handler for: what a consumer claims. Empty when one handler takes every type
     * ({@link Builder#anyType}): the consumer then claims tasks of any type.
     */
    public Set<String> types() {
        return anyType != null ? Set.of() : handlers.keySet();
    }

    public boolean isEmpty() {
        return handlers.isEmpty() && anyType == null;
    }

    /**
     * The handler that runs tasks of {@code taskType}: its own, else the one for any type; null when there is none. For
     * a host that gathers handlers from several registries into its own (a framework's worker pools, say).
     */
    public @Nullable TaskHandler handler(String taskType) {
        return handlers.getOrDefault(taskType, anyType);
    }

    /**
     * Runs the task's handler in the calling thread and returns the acknowledgement to send: success unless the handler
     * said otherwise, failure for good on {@link TaskFailure}, a failed attempt (retried) on any other exception or when
     * no handler is registered for the task's type. Never throws. A handler that acknowledged the task itself
     * ({@link TaskContext#acknowledgeThrough}) returns the acknowledgement it sent, already recorded: send it only
     * through {@link #runAndAcknowledge}, which knows.
     */
    public Ack run(LeasedTask task, TaskQueue queue) {
        return run(new TaskContext(task, queue));
    }

    /**
     * Runs the task's handler in the calling thread, as {@link #run(LeasedTask, TaskQueue)} does, and acknowledges the
     * task with what it decided, unless the handler acknowledged it itself in its own transaction
     * ({@link TaskContext#acknowledgeThrough}): a second acknowledgement would find the lease gone and count a task
     * that succeeded as lost. What consumers that run handlers one by one (cycles, run-now, test support) call.
     */
    public HandledTask runAndAcknowledge(LeasedTask task, TaskQueue queue) {
        TaskContext context = new TaskContext(task, queue);
        Ack ack = run(context);
        AckResult sent = context.handlerAckResult();
        return new HandledTask(
                ack, sent != null ? sent : queue.ackAll(List.of(ack)).get(0));
    }

    Ack run(TaskContext context) {
        TaskHandler handler = handler(context.task().type());
        try {
            if (handler == null) {
                throw new IllegalStateException(
                        "no handler for task type " + context.task().type());
            }
            handler.handle(context);
            return context.completed();
        } catch (Throwable error) {
            return context.failed(error);
        }
    }

    /** Collects handlers; a later one for the same type replaces the earlier. */
    public static final class Builder {
        private final Map<String, TaskHandler> handlers = new LinkedHashMap<>();
        private @Nullable TaskHandler anyType;

        private Builder() {}

        public Builder handler(String taskType, TaskHandler handler) {
            TaskType.requireName("taskType", taskType);
            if (handler == null) {
                throw new IllegalArgumentException("the handler of " + taskType + " is null");
            }
            handlers.put(taskType, handler);
            return this;
        }

        /** The handler of every type that has none of its own (a command run per task, say). */
        public Builder anyType(TaskHandler handler) {
            if (handler == null) {
                throw new IllegalArgumentException("the handler of any type is null");
            }
            this.anyType = handler;
            return this;
        }

        public Builder handlers(HandlerRegistry registry) {
            handlers.putAll(registry.handlers);
            if (registry.anyType != null) {
                anyType = registry.anyType;
            }
            return this;
        }

        public boolean isEmpty() {
            return handlers.isEmpty() && anyType == null;
        }

        public HandlerRegistry build() {
            return new HandlerRegistry(handlers, anyType);
        }
    }
}
