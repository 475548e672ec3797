package dev.tide.cli;

import dev.tide.api.DependencyFailure;
import dev.tide.api.EnqueueResult;
import dev.tide.api.NewTask;
import dev.tide.api.json.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code tide enqueue}: one task. */
@Command(name = "enqueue", description = "Enqueue one task and print its id.")
final class EnqueueCommand implements Runnable {
    @Mixin
    TargetOptions target;

    @Option(names = "--type", required = true, description = "Task type.")
    String type;

    @Option(names = "--queue", description = "Queue (default: default).")
    String queue;

    @Option(names = "--payload", description = "Payload as JSON; @file reads a file, - reads standard input.")
    String payload;

    @Option(names = "--owner", description = "User the task runs for.")
    String owner;

    @Option(names = "--priority", description = "Priority; higher runs first.")
    Integer priority;

    @Option(names = "--weight", description = "Share of the draw in a roulette queue (default 1).")
    Double weight;

    @Option(names = "--delay", converter = Durations.class, description = "Run after this long (30s, 5m, PT1H).")
    Duration delay;

    @Option(names = "--run-at", converter = Instants.class, description = "Run at this time (ISO-8601).")
    Instant runAt;

    @Option(names = "--deadline", converter = Instants.class, description = "Deadline (ISO-8601).")
    Instant deadline;

    @Option(names = "--max-attempts", description = "Attempts before the task fails for good.")
    Integer maxAttempts;

    @Option(names = "--key", description = "Idempotency key: the same key returns the same task.")
    String key;

    @Option(
            names = "--expires-at",
            converter = Instants.class,
            description = "Never deliver the task after this time (ISO-8601); it ends expired.")
    Instant expiresAt;

    @Option(
            names = "--depends-on",
            split = ",",
            paramLabel = "ID",
            description = "Task ids that must succeed first (comma-separated); the task is blocked until then.")
    List<Long> dependsOn = new ArrayList<>();

    @Option(
            names = "--on-dependency-failure",
            description = "cancel (default) or run: what happens when a dependency does not succeed.")
    String onDependencyFailure;

    @Option(
            names = "--coalescing-key",
            description = "Relates the task to pending ones with this key (its type's coalescing policy decides).")
    String coalescingKey;

    @Option(names = "--job", description = "Id of an open job the task joins.")
    Long job;

    @Option(names = "--units", description = "What the task costs against its profile's budgets (default 1).")
    Integer units;

    @Option(
            names = "--divisible",
            description = "The task may start with part of its units, as many as its profile's budget has left.")
    boolean divisible;

    @Option(names = "--json", description = "Print the result as JSON.")
    boolean json;

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        NewTask task = new NewTask(
                type,
                queue,
                payloadText(),
                job,
                owner,
                priority,
                weight,
                runAt,
                delay,
                deadline,
                maxAttempts,
                key,
                expiresAt,
                null,
                dependsOn.stream().map(String::valueOf).toList(),
                DependencyFailure.parse(onDependencyFailure),
                coalescingKey,
                units,
                divisible ? Boolean.TRUE : null);
        try (TargetOptions.Target t = target.open("tide enqueue")) {
            EnqueueResult result = t.queue().enqueue(task);
            var out = spec.commandLine().getOut();
            if (json) {
                out.println(Json.write(result));
            } else if (result.created()) {
                out.printf("enqueued task %d (%s)%n", result.id(), result.task().status());
            } else if (key != null && key.equals(result.task().idempotencyKey())) {
                out.printf(
                        "task %d already exists for key %s (%s)%n",
                        result.id(), key, result.task().status());
            } else {
                // The type's coalescing policy answered the pending task (ignore, merge).
                out.printf(
                        "task %d is pending with coalescing key %s (%s); no new task%n",
                        result.id(), coalescingKey, result.task().status());
            }
            out.flush();
            if (!json) {
                // Beside the answer, not in it: scripts read standard output.
                result.warnings().forEach(w -> spec.commandLine().getErr().println("tide: warning: " + w.message()));
            }
        }
    }

    private String payloadText() {
        if (payload == null) {
            return null;
        }
        try {
            if (payload.equals("-")) {
                return new String(System.in.readAllBytes(), StandardCharsets.UTF_8);
            }
            if (payload.startsWith("@")) {
                return Files.readString(Path.of(payload.substring(1)));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read payload " + payload + ": " + e.getMessage(), e);
        }
        return payload;
    }
}
