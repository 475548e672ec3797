package dev.tide.core;

import dev.tide.api.EventQuery;
import dev.tide.api.HourlyStats;
import dev.tide.api.InvalidRequestException;
import dev.tide.api.Monitoring;
import dev.tide.api.NodeInfo;
import dev.tide.api.StatsQuery;
import dev.tide.api.StatusReport;
import dev.tide.api.TideEvent;
import dev.tide.api.Warning;
import dev.tide.core.engine.Inputs;
import dev.tide.core.engine.KnownTypes;
import dev.tide.core.engine.TypeRanges;
import dev.tide.core.store.Catalog;
import dev.tide.core.store.Reporting;
import java.util.List;

/** {@link Monitoring} in this process: read from the store, with the warnings only the engine knows added. */
final class EmbeddedMonitoring implements Monitoring {
    private static final int OPEN_JOBS_IN_STATUS = 50;

    private final Reporting store;
    private final Catalog catalog;
    private final KnownTypes knownTypes;
    private final NodeRoster nodes;

    EmbeddedMonitoring(Reporting store, Catalog catalog, KnownTypes knownTypes, NodeRoster nodes) {
        this.store = store;
        this.catalog = catalog;
        this.knownTypes = knownTypes;
        this.nodes = nodes;
    }

    @Override
    public StatusReport status() {
        return store.status(OPEN_JOBS_IN_STATUS)
                .withWarnings(knownTypes.waitingUnnamed())
                .withWarnings(
                        storedOutOfRange().stream().map(Warning::outOfRange).toList());
    }

    /**
     * What stored definitions hold outside today's {@link dev.tide.api.InputRanges}, one line each (written before the
     * ranges were checked): the engine bounds such values where it uses them; {@code tide status} shows these lines.
     */
    List<String> storedOutOfRange() {
        return TypeRanges.outOfRange(catalog.taskTypeList(), catalog.jobTypeList());
    }

    @Override
    public List<TideEvent> events(EventQuery query) {
        EventQuery q = query == null ? EventQuery.recent() : query;
        if (q.kind() != null) {
            Inputs.requiredText("kind", q.kind());
        }
        return store.eventList(q);
    }

    @Override
    public List<HourlyStats> stats(StatsQuery query) {
        if (query == null) {
            throw new InvalidRequestException("query", "is required");
        }
        return store.statsList(query);
    }

    @Override
    public List<NodeInfo> nodes() {
        return nodes.list();
    }
}
