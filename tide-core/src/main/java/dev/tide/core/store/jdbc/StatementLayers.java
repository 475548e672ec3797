package dev.tide.core.store.jdbc;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Where a dialect's statements are written. A statement whose text is the same on every dialect is written once, in
 * the common layer: {@code sql/<concern>.sql}, one file per concern. A dialect's own layer, {@code
 * <dialect>/queries.sql}, holds its text of the others and the statements only it has; there a statement overrides the
 * common one of the same name. Written once, a shared statement cannot drift apart between the dialects, and a
 * dialect's file shows only what truly differs.
 */
public final class StatementLayers {
    /** The classpath folder the layers are read under. */
    public static final String STORE = "/dev/tide/core/store";

    /** The common layer's files, {@code sql/<concern>.sql}: by the statements' concern, and the {@code *Sql} code using them. */
    public static final List<String> CONCERNS = List.of(
            "types",
            "queues",
            "jobs",
            "enqueue",
            "claims",
            "leases",
            "tasks",
            "deadlines",
            "events",
            "profiles",
            "schedules",
            "processors",
            "nodes",
            "intake",
            "accounts",
            "stats",
            "status",
            "bulk");

    private StatementLayers() {}

    /** The common layer under {@code base}, read from each concern's file in turn. */
    public static Layer common(String base, List<String> concerns) {
        List<String> resources = new ArrayList<>();
        for (String concern : concerns) {
            resources.add(base + "/sql/" + concern + ".sql");
        }
        return Layer.read("common", resources);
    }

    /** The own layer of {@code dialect} (its {@link Dialect#name()}) under {@code base}. */
    public static Layer dialect(String base, String dialect) {
        return Layer.read(dialect, List.of(base + "/" + dialect + "/queries.sql"));
    }

    /**
     * One layer's statements by name, in the order written, with the resource each came from. A name written twice
     * keeps its first text and is listed in {@code duplicates}: the loader refuses such a layer, the statement-file test
     * names them all.
     */
    public record Layer(
            String name, Map<String, String> texts, Map<String, String> resources, List<String> duplicates) {
        static Layer read(String name, List<String> resources) {
            Map<String, String> texts = new LinkedHashMap<>();
            Map<String, String> origins = new LinkedHashMap<>();
            List<String> duplicates = new ArrayList<>();
            for (String resource : resources) {
                for (Map.Entry<String, String> statement : SqlFile.statements(read(resource))) {
                    if (texts.putIfAbsent(statement.getKey(), statement.getValue()) == null) {
                        origins.put(statement.getKey(), resource);
                    } else {
                        duplicates.add(statement.getKey() + " (in " + origins.get(statement.getKey()) + " and "
                                + resource + ")");
                    }
                }
            }
            return new Layer(name, Map.copyOf(texts), Map.copyOf(origins), List.copyOf(duplicates));
        }

        Layer requireNoDuplicates() {
            if (!duplicates.isEmpty()) {
                throw new IllegalStateException(
                        "statement defined twice in the " + name + " layer: " + String.join(", ", duplicates));
            }
            return this;
        }

        private static String read(String resource) {
            try (InputStream in = StatementLayers.class.getResourceAsStream(resource)) {
                if (in == null) {
                    throw new IllegalStateException("missing SQL resource " + resource);
                }
                return new String(in.readAllBytes(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
