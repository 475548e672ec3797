package dev.tide.core.store.jdbc;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.UnaryOperator;

/**
 * The named statements of one dialect, read from classpath {@code .sql} files in which each statement follows a
 * {@code -- name: some_name} line: those written once for every dialect, and the dialect's own over them
 * ({@link StatementLayers}). Every dialect has the same names, so the shared store code stays dialect-free.
 */
public final class SqlFile {
    /** Where a statement takes the filters it is composed with ({@link #composed}). */
    static final String FILTERS = "/*filters*/";

    private final Map<String, NamedSql> statements;
    private final Map<String, String> texts;
    private final Map<String, NamedSql> compositions = new ConcurrentHashMap<>();
    private final String source;
    /** Names the schema in a statement (PostgreSQL); SQLite's statements stay as written. */
    private final UnaryOperator<String> qualifier;
    /** The schema {@link #qualifier} names, or null where there is none (SQLite). */
    private final String schema;

    private SqlFile(String source, Map<String, String> texts, UnaryOperator<String> qualifier, String schema) {
        this.source = source;
        this.qualifier = qualifier;
        this.schema = schema;
        Map<String, String> qualified = new HashMap<>();
        texts.forEach((name, sql) -> qualified.put(name, qualifier.apply(sql)));
        this.texts = qualified;
        texts = qualified;
        Map<String, NamedSql> parsed = new HashMap<>();
        texts.forEach((name, sql) -> parsed.put(name, NamedSql.parse(name, sql)));
        this.statements = parsed;
    }

    /** The statements of {@code dialect} (its {@link Dialect#name()}): the common layer, then the dialect's own over it. */
    public static SqlFile forDialect(String dialect) {
        return load(StatementLayers.STORE, StatementLayers.CONCERNS, dialect, UnaryOperator.identity(), null);
    }

    /**
     * The statements of {@code dialect}, each rewritten once by {@code qualifier} to name {@code schema} (statements
     * composed later are made of rewritten parts; statements built at run time go through {@link #qualify}).
     */
    public static SqlFile forDialect(String dialect, UnaryOperator<String> qualifier, String schema) {
        return load(StatementLayers.STORE, StatementLayers.CONCERNS, dialect, qualifier, schema);
    }

    static SqlFile load(String base, List<String> concerns, String dialect) {
        return load(base, concerns, dialect, UnaryOperator.identity(), null);
    }

    private static SqlFile load(
            String base, List<String> concerns, String dialect, UnaryOperator<String> qualifier, String schema) {
        Map<String, String> texts = new HashMap<>(
                StatementLayers.common(base, concerns).requireNoDuplicates().texts());
        texts.putAll(
                StatementLayers.dialect(base, dialect).requireNoDuplicates().texts());
        return new SqlFile(dialect + " statements", texts, qualifier, schema);
    }

    /** A statement built at run time (a list's query), naming the schema as the named statements do. */
    public String qualify(String sql) {
        return qualifier.apply(sql);
    }

    /** The schema the statements name, or null (SQLite: one database, one set of tables). */
    public String schema() {
        return schema;
    }

    /** Each statement of one file as its name and SQL, in the order written (a name written twice comes twice). */
    static List<Map.Entry<String, String>> statements(String text) {
        List<Map.Entry<String, String>> out = new ArrayList<>();
        String name = null;
        StringBuilder body = new StringBuilder();
        for (String line : text.split("\n", -1)) {
            String trimmed = line.trim();
            if (trimmed.startsWith("-- name:")) {
                add(out, name, body);
                name = trimmed.substring("-- name:".length()).trim();
                body.setLength(0);
            } else if (name != null && !trimmed.startsWith("--")) {
                body.append(line).append('\n');
            }
        }
        add(out, name, body);
        return out;
    }

    private static void add(List<Map.Entry<String, String>> out, String name, StringBuilder body) {
        if (name == null) {
            return;
        }
        String sql = body.toString().trim();
        if (sql.endsWith(";")) {
            sql = sql.substring(0, sql.length() - 1).trim();
        }
        out.add(Map.entry(name, sql));
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
            throw new IllegalStateException("no statement named " + name + " in the " + source);
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
            throw new IllegalStateException("no statement named " + name + " in the " + source);
        }
        return sql;
    }
}
