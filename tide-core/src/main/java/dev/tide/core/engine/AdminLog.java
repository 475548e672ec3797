package dev.tide.core.engine;

import dev.tide.api.Actor;
import dev.tide.api.json.Json;
import dev.tide.core.store.EventRow;
import dev.tide.core.store.Reporting;
import java.time.InstantSource;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The event log's record of administrators' actions, with who did them ({@link Actor}, null when unknown). Written
 * once the action has taken effect, in a transaction of its own: a crash in between loses the record, never the
 * action, and the store's methods stay free of logging.
 */
public final class AdminLog {
    private final Reporting store;
    private final InstantSource clock;

    public AdminLog(Reporting store, InstantSource clock) {
        this.store = store;
        this.clock = clock;
    }

    /**
     * @param detail further fields by kind (values serialized as JSON), after {@code actor}
     */
    public void record(String kind, Long taskId, Long jobId, String queue, Map<String, ?> detail) {
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("actor", Actor.current());
        fields.putAll(detail);
        store.eventInsert(new EventRow(clock.instant(), kind, taskId, jobId, queue, Json.write(fields)));
    }

    public void record(String kind, String queue) {
        record(kind, null, null, queue, Map.of());
    }
}
