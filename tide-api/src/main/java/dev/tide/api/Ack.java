package dev.tide.api;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonRawValue;
import com.fasterxml.jackson.annotation.JsonValue;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import dev.tide.api.json.Json;
import dev.tide.api.json.RawJsonDeserializer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * What a lease holder reports about its task. Every kind is a compare-and-set on (task id, lease token): when the token
 * is stale nothing changes and the ack reports a lost lease.
 *
 * @param kind what happened (see {@link Kind})
 * @param result JSON result to keep with a finished task
 * @param message note or error text; kept as the task's last message
 * @param retryDelay for {@link Kind#RETRY}: wait this long instead of the type's backoff
 * @param jobInfo new info JSON for the task's job, written in the same transaction (a handler's cursor across cycles)
 * @param enqueue tasks to create in the same transaction, only if this ack is accepted (consume and produce atomically)
 * @param unitsUsed of the units granted with the lease ({@link LeasedTask#budget()}), how many the handler used; the
 *     rest goes back to the hour they were charged to. Null: all of them
 */
public record Ack(
        long taskId,
        String token,
        Kind kind,

        @JsonRawValue @JsonDeserialize(using = RawJsonDeserializer.class) @Nullable
        String result,

        @Nullable String message,
        @Nullable Duration retryDelay,

        @JsonRawValue @JsonDeserialize(using = RawJsonDeserializer.class) @Nullable
        String jobInfo,

        List<NewTask> enqueue,
        @Nullable Integer unitsUsed) {

    public Ack {
        enqueue = enqueue == null ? List.of() : List.copyOf(enqueue);
        if (unitsUsed != null && unitsUsed < 0) {
            throw new InvalidRequestException("unitsUsed", "must not be negative");
        }
    }

    /** The kinds of acknowledgement. */
    public enum Kind {
        /** Finished with success. */
        SUCCEED,
        /** Finished with failure, no further attempts (a logical failure, e.g. an invalid address). */
        FAIL,
        /**
         * This attempt failed; try again after the backoff, or fail for good if it was the last attempt (a "nack").
         */
        RETRY,
        /** Give the task back untouched: the attempt is not counted and it is ready at once (graceful shutdown). */
        RELEASE;

        @JsonValue
        public String wireName() {
            return name().toLowerCase(Locale.ROOT);
        }

        @JsonCreator
        public static @Nullable Kind parse(@Nullable String text) {
            return Wire.parse(Kind.class, "kind", text);
        }
    }

    public static Builder builder(Lease lease) {
        return new Builder(lease.taskId(), lease.token());
    }

    public static Builder builder(long taskId, String token) {
        return new Builder(taskId, token);
    }

    public static Ack succeed(Lease lease) {
        return builder(lease).succeed();
    }

    /** Fluent construction of an acknowledgement; finish with one of the kind methods. */
    public static final class Builder {
        private final long taskId;
        private final String token;
        private @Nullable String result;
        private @Nullable String message;
        private @Nullable String jobInfo;
        private final List<NewTask> enqueue = new ArrayList<>();
        private @Nullable Integer unitsUsed;

        private Builder(long taskId, String token) {
            this.taskId = taskId;
            this.token = token;
        }

        public Builder result(@Nullable Object value) {
            this.result = value == null ? null : Json.write(value);
            return this;
        }

        public Builder resultJson(@Nullable String json) {
            this.result = json;
            return this;
        }

        public Builder message(@Nullable String message) {
            this.message = message;
            return this;
        }

        public Builder jobInfo(@Nullable Object value) {
            this.jobInfo = value == null ? null : Json.write(value);
            return this;
        }

        public Builder jobInfoJson(@Nullable String json) {
            this.jobInfo = json;
            return this;
        }

        public Builder enqueue(NewTask task) {
            this.enqueue.add(task);
            return this;
        }

        public Builder enqueue(List<NewTask> tasks) {
            this.enqueue.addAll(tasks);
            return this;
        }

        /** Of the units granted with the lease, how many were used; the rest is given back to the hour. */
        public Builder unitsUsed(int units) {
            this.unitsUsed = units;
            return this;
        }

        public Ack succeed() {
            return build(Kind.SUCCEED, null);
        }

        public Ack fail() {
            return build(Kind.FAIL, null);
        }

        /** Retry after the task type's backoff. */
        public Ack retry() {
            return build(Kind.RETRY, null);
        }

        /** Retry after {@code delay} instead of the type's backoff. */
        public Ack retry(@Nullable Duration delay) {
            return build(Kind.RETRY, delay);
        }

        public Ack release() {
            return build(Kind.RELEASE, null);
        }

        private Ack build(Kind kind, @Nullable Duration delay) {
            return new Ack(taskId, token, kind, result, message, delay, jobInfo, enqueue, unitsUsed);
        }
    }
}
