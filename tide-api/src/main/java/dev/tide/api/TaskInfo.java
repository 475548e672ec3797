package dev.tide.api;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonRawValue;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import dev.tide.api.json.Json;
import dev.tide.api.json.RawJsonDeserializer;
import java.time.Instant;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A task as stored. The lease token is never part of it: only the holder learns the token, through {@link LeasedTask}.
 *
 * @param attempts attempts started so far (a claim starts one)
 * @param message the last error or note, kept for reports (the thesis's {@code message} field)
 * @param result the JSON result of a finished task, if the handler gave one
 * @param leaseOwner the worker holding (or, once finished, last holding) the task
 * @param startedAt when the first attempt started
 * @param expiresAt when it expires unless leased by then, or null
 * @param dependsOn the tasks it waits on to succeed (empty when none)
 * @param coalescingKey the key relating it to other pending tasks of its queue and owner, or null
 * @param units what it costs against its profile's budgets
 * @param divisible whether it may start with part of its units
 * @param blob where the payload is kept when it is too large for the task's row, or null (see {@link TaskBlob}); a
 *     task read by id or claimed has its payload read back from there, a task in a list has a null payload
 */
public record TaskInfo(
        long id,
        String queue,
        String type,
        @Nullable Long jobId,
        @Nullable String owner,

        @JsonRawValue @JsonDeserialize(using = RawJsonDeserializer.class) @Nullable
        String payload,

        int priority,
        double weight,
        Instant runAt,
        @Nullable Instant deadline,
        TaskState state,
        @Nullable Outcome outcome,
        int attempts,
        int maxAttempts,
        @Nullable String message,

        @JsonRawValue @JsonDeserialize(using = RawJsonDeserializer.class) @Nullable
        String result,

        @Nullable String leaseOwner,
        @Nullable Instant leaseExpiresAt,
        @Nullable String idempotencyKey,
        Instant createdAt,
        @Nullable Instant startedAt,
        @Nullable Instant finishedAt,
        @Nullable Instant expiresAt,
        List<Long> dependsOn,
        @Nullable String coalescingKey,
        int units,
        boolean divisible,
        @Nullable TaskBlob blob) {

    public TaskInfo {
        dependsOn = dependsOn == null ? List.of() : List.copyOf(dependsOn);
    }

    /** A task whose payload lives in its row. */
    public TaskInfo(
            long id,
            String queue,
            String type,
            @Nullable Long jobId,
            @Nullable String owner,
            @Nullable String payload,
            int priority,
            double weight,
            Instant runAt,
            @Nullable Instant deadline,
            TaskState state,
            @Nullable Outcome outcome,
            int attempts,
            int maxAttempts,
            @Nullable String message,
            @Nullable String result,
            @Nullable String leaseOwner,
            @Nullable Instant leaseExpiresAt,
            @Nullable String idempotencyKey,
            Instant createdAt,
            @Nullable Instant startedAt,
            @Nullable Instant finishedAt,
            @Nullable Instant expiresAt,
            List<Long> dependsOn,
            @Nullable String coalescingKey,
            int units,
            boolean divisible) {
        this(
                id,
                queue,
                type,
                jobId,
                owner,
                payload,
                priority,
                weight,
                runAt,
                deadline,
                state,
                outcome,
                attempts,
                maxAttempts,
                message,
                result,
                leaseOwner,
                leaseExpiresAt,
                idempotencyKey,
                createdAt,
                startedAt,
                finishedAt,
                expiresAt,
                dependsOn,
                coalescingKey,
                units,
                divisible,
                null);
    }

    /** This task with its payload as given (a blob's payload read back). */
    public TaskInfo withPayload(String value) {
        return with(value, result);
    }

    /**
     * This task without its payload and result, as HTTP answers give it unless asked ({@code ?include=payload}): a
     * client that sent a large payload does not get it back. Where a blob payload is kept stays named.
     */
    public TaskInfo withoutPayloadAndResult() {
        return payload == null && result == null ? this : with(null, null);
    }

    private TaskInfo with(@Nullable String newPayload, @Nullable String newResult) {
        return new TaskInfo(
                id,
                queue,
                type,
                jobId,
                owner,
                newPayload,
                priority,
                weight,
                runAt,
                deadline,
                state,
                outcome,
                attempts,
                maxAttempts,
                message,
                newResult,
                leaseOwner,
                leaseExpiresAt,
                idempotencyKey,
                createdAt,
                startedAt,
                finishedAt,
                expiresAt,
                dependsOn,
                coalescingKey,
                units,
                divisible,
                blob);
    }

    /** Whether the payload is kept in a blob that has not been deleted, and this copy does not carry it. */
    public boolean payloadInBlob() {
        return blob != null && !blob.deleted() && payload == null;
    }

    /** One word for lists and the CLI: the outcome once finished, else the state. */
    @JsonProperty(value = "status", access = JsonProperty.Access.READ_ONLY)
    public String status() {
        return outcome != null ? outcome.wireName() : state.wireName();
    }

    /** The payload read into {@code type}. */
    public <T> T payloadAs(Class<T> type) {
        return Json.read(payload == null ? "null" : payload, type);
    }
}
