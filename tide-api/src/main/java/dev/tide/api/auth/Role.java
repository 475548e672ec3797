package dev.tide.api.auth;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import dev.tide.api.Wire;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/** What a user of a Tide server may do. A user holds one or more; {@link #ADMIN} may do everything. */
public enum Role {
    /** Enqueues tasks and jobs for itself, and sees, cancels and retries only its own. */
    SUBMITTER,
    /** Claims tasks of every user, heartbeats and acknowledges them, reports load. */
    WORKER,
    /** Everything: every user's tasks, queues, types, profiles, schedules, users, events and metrics. */
    ADMIN;

    @JsonValue
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    @JsonCreator
    public static @Nullable Role parse(@Nullable String text) {
        return Wire.parse(Role.class, "role", text);
    }
}
