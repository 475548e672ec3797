package dev.tide.core.store.jdbc;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The named statements of one dialect, read from a classpath {@code .sql} file in which each statement follows a
 * {@code -- name: some_name} line. Both dialects' files use the same names, so the shared store code stays
 * dialect-free.
 */
public final class SqlFile {
    /** Where a statement takes the filters it is composed with ({@link #composed}). */
    static final String FILTERS = "/*filters*/";

    private final Map<String, NamedSql> statements;
    private final Map<String, String> texts;
    private final Map<String, NamedSql> compositions = new ConcurrentHashMap<>();
    private final String resource;

    private SqlFile(String resource, Map<String, String> texts) {
        this.resource = resource;
        this.texts = texts;
        Map<String, NamedSql> parsed = new HashMap<>();
        texts.forEach((name, sql) -> parsed.put(name, NamedSql.parse(name, sql)));
        this.statements = parsed;
    }

    public static SqlFile load(String resource) {
        try (InputStream in = SqlFile.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("missing SQL resource " + resource);
            }
            return new SqlFile(resource, texts(new String(in.readAllBytes(), StandardCharsets.UTF_8)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Map<String, NamedSql> parse(String text) {
        Map<String, NamedSql> out = new HashMap<>();
        texts(text).forEach((name, sql) -> out.put(name, NamedSql.parse(name, sql)));
        return out;
    }

    /** Each statement's SQL by name. */
    static Map<String, String> texts(String text) {
        Map<String, String> out = new HashMap<>();
        String name = null;
        StringBuilder body = new StringBuilder();
        for (String line : text.split("\n", -1)) {
            String trimmed = line.trim();
            if (trimmed.startsWith("-- name:")) {
                put(out, name, body);
                name = trimmed.substring("-- name:".length()).trim();
                body.setLength(0);
            } else if (name != null && !trimmed.startsWith("--")) {
                body.append(line).append('\n');
            }
        }
        put(out, name, body);
        return out;
    }

    private static void put(Map<String, String> out, String name, StringBuilder body) {
        if (name == null) {
            return;
        }
        String sql = body.toString().trim();
        if (sql.endsWith(";")) {
            sql = sql.substring(0, sql.length() - 1).trim();
        }
        if (out.put(name, sql) != null) {
            throw new IllegalStateException("statement " + name + " defined twice");
        }
    }

    /**
     * Statement {@code name} with the filter statements {@code filters} put in place of its {@value #FILTERS}, in
     * order; parsed once per combination.
     */
    public NamedSql composed(String name, List<String> filters) {
        if (filters.isEmpty()) {
            return get(name);
        }
        String key = compositionName(name, filters);
        return compositions.computeIfAbsent(key, k -> {
            String base = text(name);
            if (!base.contains(FILTERS)) {
                throw new IllegalStateException("statement " + name + " takes no filters");
            }
            StringBuilder joined = new StringBuilder();
            for (String filter : filters) {
                joined.append(text(filter)).append('\n');
            }
            return NamedSql.parse(k, base.replace(FILTERS, joined.toString().trim()));
        });
    }

    static String compositionName(String name, List<String> filters) {
        return filters.isEmpty() ? name : name + "+" + String.join("+", filters);
    }

    private String text(String name) {
        String sql = texts.get(name);
        if (sql == null) {
            throw new IllegalStateException("no statement named " + name + " in " + resource);
        }
        return sql;
    }

    /** A statement by name; a name such as {@code task_claim+claim_if_types} is that {@link #composed} statement. */
    public NamedSql get(String name) {
        if (name.indexOf('+') > 0) {
            List<String> parts = List.of(name.split("\\+"));
            return composed(parts.get(0), parts.subList(1, parts.size()));
        }
        NamedSql sql = statements.get(name);
        if (sql == null) {
            throw new IllegalStateException("no statement named " + name + " in " + resource);
        }
        return sql;
    }
}
