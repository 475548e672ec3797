package dev.tide.api;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/** A job is open while any of its tasks has not ended. */
public enum JobState {
    OPEN,
    FINISHED;

    @JsonValue
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    @JsonCreator
    public static @Nullable JobState parse(@Nullable String text) {
        return Wire.parse(JobState.class, "state", text);
    }
}
