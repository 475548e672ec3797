package dev.tide.api;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/** What a blocked task does when a task it depends on ends without succeeding (failed, cancelled or expired). */
public enum DependencyFailure {
    /** The default: it ends cancelled too, its message naming the dependency, and so do the tasks waiting on it. */
    CANCEL,
    /** It counts the dependency as done and runs once the others are. */
    RUN;

    @JsonValue
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    @JsonCreator
    public static @Nullable DependencyFailure parse(@Nullable String text) {
        return Wire.parse(DependencyFailure.class, "onDependencyFailure", text);
    }
}
