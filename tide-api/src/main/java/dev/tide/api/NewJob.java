package dev.tide.api;

import com.fasterxml.jackson.annotation.JsonRawValue;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import dev.tide.api.json.Json;
import dev.tide.api.json.RawJsonDeserializer;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A job to create with its first tasks, in one transaction. Tasks may be of several types; their {@code jobId} is set by
 * Tide. More tasks can join while the job is open (a task's acknowledgement may enqueue them, as a file reader
 * enqueues one task per line it read).
 */
public record NewJob(
        String type,
        @Nullable String title,
        @Nullable String owner,
        @Nullable Integer priority,
        @Nullable Instant deadline,

        @JsonRawValue @JsonDeserialize(using = RawJsonDeserializer.class) @Nullable
        String info,

        List<NewTask> tasks) {

    public NewJob {
        tasks = tasks == null ? List.of() : List.copyOf(tasks);
    }

    public static Builder builder(String type) {
        return new Builder(type);
    }

    /** Fluent construction. */
    public static final class Builder {
        private final String type;
        private @Nullable String title;
        private @Nullable String owner;
        private @Nullable Integer priority;
        private @Nullable Instant deadline;
        private @Nullable String info;
        private final List<NewTask> tasks = new ArrayList<>();

        private Builder(String type) {
            this.type = type;
        }

        public Builder title(String title) {
            this.title = title;
            return this;
        }

        public Builder owner(String owner) {
            this.owner = owner;
            return this;
        }

        public Builder priority(int priority) {
            this.priority = priority;
            return this;
        }

        public Builder deadline(Instant deadline) {
            this.deadline = deadline;
            return this;
        }

        public Builder info(Object info) {
            this.info = info == null ? null : Json.write(info);
            return this;
        }

        public Builder task(NewTask task) {
            tasks.add(task);
            return this;
        }

        public Builder tasks(List<NewTask> more) {
            tasks.addAll(more);
            return this;
        }

        public NewJob build() {
            return new NewJob(type, title, owner, priority, deadline, info, tasks);
        }
    }
}
