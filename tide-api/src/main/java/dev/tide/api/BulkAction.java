package dev.tide.api;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * What a bulk action does to each task it matched ({@link BulkActions}): the same as the one-task operations of {@link
 * TaskQueue}, with their rules. A task the action no longer applies to when its batch comes is skipped.
 */
public enum BulkAction {
    /** As {@link TaskQueue#retry}: failed or cancelled tasks become ready again, attempts reset. */
    RETRY,
    /** As {@link TaskQueue#cancel}: unfinished tasks end cancelled, with the request's reason. */
    CANCEL,
    /** As {@link TaskQueue#park}: waiting tasks are set aside (administrators only over HTTP). */
    PARK,
    /** As {@link TaskQueue#unpark}: parked tasks return to waiting (administrators only over HTTP). */
    UNPARK;

    @JsonValue
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    @JsonCreator
    public static @Nullable BulkAction parse(@Nullable String text) {
        return Wire.parse(BulkAction.class, "action", text);
    }
}
