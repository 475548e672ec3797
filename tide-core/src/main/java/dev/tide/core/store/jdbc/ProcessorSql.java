package dev.tide.core.store.jdbc;

import dev.tide.api.Actor;
import dev.tide.api.ProcessorDefinition;
import dev.tide.api.ProcessorInfo;
import dev.tide.api.ProcessorRun;
import dev.tide.api.TideEvent;
import dev.tide.api.json.Json;
import dev.tide.core.store.EventRow;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Processors' definitions and their nodes' reports, inside a store transaction. Every administrator's change is
 * logged as an event in the same transaction.
 */
final class ProcessorSql {
    private ProcessorSql() {}

    static ProcessorInfo define(Tx tx, ProcessorDefinition definition, Instant now) throws SQLException {
        ProcessorInfo info;
        try (ResultSet rs = tx.prepare("processor_upsert")
                .set("name", definition.name())
                .set("definition", Json.write(definition))
                .set("now", now)
                .query()) {
            rs.next();
            info = read(rs, runsOf(tx, definition.name()));
        }
        log(tx, now, TideEvent.PROCESSOR_DEFINED, definition, Map.of("definition", definition));
        return info;
    }

    static List<ProcessorInfo> list(Tx tx) throws SQLException {
        Map<String, List<ProcessorRun>> runs = new HashMap<>();
        try (ResultSet rs = tx.prepare("processor_run_list").query()) {
            while (rs.next()) {
                runs.computeIfAbsent(rs.getString("processor"), p -> new ArrayList<>())
                        .add(run(rs));
            }
        }
        List<ProcessorInfo> out = new ArrayList<>();
        try (ResultSet rs = tx.prepare("processor_list").query()) {
            while (rs.next()) {
                out.add(read(rs, runs.getOrDefault(rs.getString("name"), List.of())));
            }
        }
        return out;
    }

    static Optional<ProcessorInfo> get(Tx tx, String name) throws SQLException {
        try (ResultSet rs = tx.prepare("processor_get").set("name", name).query()) {
            return rs.next() ? Optional.of(read(rs, runsOf(tx, name))) : Optional.empty();
        }
    }

    static Optional<ProcessorInfo> start(Tx tx, String name, boolean started, Instant now) throws SQLException {
        ProcessorInfo info;
        try (ResultSet rs = tx.prepare("processor_start")
                .set("started", started ? 1L : 0L)
                .set("now", now)
                .set("name", name)
                .query()) {
            if (!rs.next()) {
                return Optional.empty();
            }
            info = read(rs, runsOf(tx, name));
        }
        log(tx, now, started ? TideEvent.PROCESSOR_STARTED : TideEvent.PROCESSOR_STOPPED, info.processor(), Map.of());
        return Optional.of(info);
    }

    static boolean delete(Tx tx, String name, Instant now) throws SQLException {
        Optional<ProcessorInfo> existing = get(tx, name);
        if (existing.isEmpty()
                || tx.prepare("processor_delete").set("name", name).update() == 0) {
            return false;
        }
        tx.prepare("processor_runs_delete").set("processor", name).update();
        log(tx, now, TideEvent.PROCESSOR_DELETED, existing.get().processor(), Map.of());
        return true;
    }

    static void saveRuns(Tx tx, String node, Map<String, ProcessorRun> runs, Instant now) throws SQLException {
        Statement upsert = tx.prepare("processor_run_upsert");
        for (Map.Entry<String, ProcessorRun> run : runs.entrySet()) {
            // node and seenAt are the row's own columns
            upsert.set("processor", run.getKey())
                    .set("node", node)
                    .set("report", Json.write(run.getValue().withNode(null).withSeenAt(null)))
                    .set("seen_at", now)
                    .update();
        }
        tx.prepare("processor_run_forget")
                .set("node", node)
                .setTexts("processors", runs.keySet())
                .update();
    }

    private static List<ProcessorRun> runsOf(Tx tx, String processor) throws SQLException {
        List<ProcessorRun> runs = new ArrayList<>();
        try (ResultSet rs =
                tx.prepare("processor_runs_of").set("processor", processor).query()) {
            while (rs.next()) {
                runs.add(run(rs));
            }
        }
        return runs;
    }

    private static ProcessorRun run(ResultSet rs) throws SQLException {
        return Json.read(rs.getString("report"), ProcessorRun.class)
                .withNode(rs.getString("node"))
                .withSeenAt(Rows.instant(rs, "seen_at"));
    }

    private static ProcessorInfo read(ResultSet rs, List<ProcessorRun> runs) throws SQLException {
        return new ProcessorInfo(
                Json.read(rs.getString("definition"), ProcessorDefinition.class),
                rs.getInt("started") != 0,
                Rows.instant(rs, "updated_at"),
                runs);
    }

    private static void log(Tx tx, Instant now, String kind, ProcessorDefinition processor, Map<String, Object> more)
            throws SQLException {
        Map<String, Object> detail = new LinkedHashMap<>();
        detail.put("actor", Actor.current());
        detail.put("processor", processor.name());
        detail.putAll(more);
        EventSql.insert(tx, new EventRow(now, kind, null, null, processor.queue(), Json.write(detail)));
    }
}
