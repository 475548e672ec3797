package dev.tide.core.store.jdbc;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

/**
 * The named statements of one dialect, read from a classpath {@code .sql} file in which each statement follows a
 * {@code -- name: some_name} line. Both dialects' files use the same names, so the shared store code stays
 * dialect-free.
 */
public final class SqlFile {
    private final Map<String, NamedSql> statements;
    private final String resource;

    private SqlFile(String resource, Map<String, NamedSql> statements) {
        this.resource = resource;
        this.statements = statements;
    }

    public static SqlFile load(String resource) {
        try (InputStream in = SqlFile.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("missing SQL resource " + resource);
            }
            return new SqlFile(resource, parse(new String(in.readAllBytes(), StandardCharsets.UTF_8)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Map<String, NamedSql> parse(String text) {
        Map<String, NamedSql> out = new HashMap<>();
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

    private static void put(Map<String, NamedSql> out, String name, StringBuilder body) {
        if (name == null) {
            return;
        }
        String sql = body.toString().trim();
        if (sql.endsWith(";")) {
            sql = sql.substring(0, sql.length() - 1).trim();
        }
        if (out.put(name, NamedSql.parse(name, sql)) != null) {
            throw new IllegalStateException("statement " + name + " defined twice");
        }
    }

    public NamedSql get(String name) {
        NamedSql sql = statements.get(name);
        if (sql == null) {
            throw new IllegalStateException("no statement named " + name + " in " + resource);
        }
        return sql;
    }
}
