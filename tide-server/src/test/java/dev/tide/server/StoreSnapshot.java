package dev.tide.server;

import dev.tide.api.BulkActions;
import dev.tide.api.EventQuery;
import dev.tide.api.TaskQuery;
import dev.tide.api.json.Json;
import dev.tide.core.Tide;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a refused request must leave as it was, read through the engine: counts of tasks, open jobs, types and queues,
 * and a digest of everything a request can write (tasks, jobs, types, queues, schedules, processor definitions,
 * profiles, users, intake's switch, the event log's newest entry).
 */
record StoreSnapshot(int tasks, int openJobs, int taskTypes, int jobTypes, int queues, Map<String, String> digests) {

    static StoreSnapshot of(Tide engine) {
        Map<String, Object> state = new LinkedHashMap<>();
        var tasks = engine.tasks(TaskQuery.all().withLimit(TaskQuery.MAX_LIMIT)).items();
        var status = engine.monitoring().status();
        state.put("tasks", tasks);
        state.put("status", status);
        state.put("taskTypes", engine.taskTypes());
        state.put("jobTypes", engine.jobTypes());
        state.put("queues", engine.queues().list());
        state.put("schedules", engine.schedules().list());
        state.put(
                "processors",
                engine.processors().list().stream()
                        .map(p -> List.of(p.processor(), p.started()))
                        .toList());
        state.put("profiles", engine.profiles().list());
        state.put("prohibited", engine.queues().prohibitedUsers());
        state.put("accounts", engine.accounts().accounts());
        state.put("intake", engine.intake().status().enabled());
        state.put("bulkActions", engine.bulk().recent(BulkActions.MAX_RECENT));
        state.put("newestEvent", engine.monitoring().events(new EventQuery(null, null, 1)));
        return new StoreSnapshot(
                tasks.size(),
                status.openJobs().size(),
                engine.taskTypes().size(),
                engine.jobTypes().size(),
                engine.queues().list().size(),
                digests(state));
    }

    /** One digest for each part, so that a difference names what changed. */
    private static Map<String, String> digests(Map<String, Object> state) {
        Map<String, String> out = new LinkedHashMap<>();
        state.forEach((part, value) -> out.put(part, sha256(Json.write(value)).substring(0, 12)));
        return out;
    }

    /** The parts that differ from {@code other}'s. */
    List<String> changedSince(StoreSnapshot other) {
        return digests.keySet().stream()
                .filter(part -> !digests.get(part).equals(other.digests.get(part)))
                .toList();
    }

    private static String sha256(String text) {
        try {
            return HexFormat.of()
                    .formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
