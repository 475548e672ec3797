package dev.tide.api;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/** Where a bulk action stands ({@link BulkInfo#state()}). Every state but {@link #RUNNING} is final. */
public enum BulkState {
    /** Batches remain; some node works through them (any node takes over one whose node died). */
    RUNNING,
    /** Every matched task was processed. */
    DONE,
    /** Stopped by {@link BulkActions#cancel} before its next batch; the batches already done stay done. */
    CANCELLED,
    /** Stopped by an error that a later try would meet again; its message says which. */
    FAILED;

    @JsonValue
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    @JsonCreator
    public static @Nullable BulkState parse(@Nullable String text) {
        return Wire.parse(BulkState.class, "state", text);
    }

    /** Whether nothing more will happen to it. */
    public boolean isFinal() {
        return this != RUNNING;
    }
}
