package dev.tide.core.statements;

import dev.tide.core.store.jdbc.SqlFile;
import dev.tide.core.store.jdbc.StatementLayers;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Pattern;

/** The name of each statement of a dialect by its JDBC text, to list what an operation sent by name. */
final class StatementNames {
    /** A quoted schema before a relation's name, as Tide's PostgreSQL statements write it. */
    private static final Pattern QUALIFIED = Pattern.compile("\"(?:[^\"]|\"\")+\"\\.(?=tide_)");

    private final Map<String, String> byText = new HashMap<>();
    /** Statements composed with filters, by their text up to the filters. */
    private final Map<String, String> byStart = new HashMap<>();

    StatementNames(String dialect) {
        SqlFile sql = SqlFile.forDialect(dialect);
        Map<String, String> texts =
                new HashMap<>(StatementLayers.common(StatementLayers.STORE, StatementLayers.CONCERNS)
                        .texts());
        texts.putAll(StatementLayers.dialect(StatementLayers.STORE, dialect).texts());
        for (String name : texts.keySet()) {
            try {
                String text = sql.get(name).jdbcSql();
                byText.putIfAbsent(text, name);
                int filters = text.indexOf("/*filters*/");
                if (filters > 0) {
                    byStart.putIfAbsent(text.substring(0, filters), name + " (composed)");
                }
            } catch (RuntimeException e) {
                // A filter fragment, not a statement of its own: never sent alone.
            }
        }
    }

    /**
     * The statement's name, or the start of its text when it has none (composed with filters, or built in code). On
     * PostgreSQL the text sent names Tide's schema ({@code "schema".tide_tasks}); the names are known by the text as
     * written, so the schema is taken off first.
     */
    String of(String sent) {
        String jdbcSql = QUALIFIED.matcher(sent).replaceAll("");
        String name = byText.get(jdbcSql);
        if (name != null) {
            return name;
        }
        for (Map.Entry<String, String> start : byStart.entrySet()) {
            if (jdbcSql.startsWith(start.getKey())) {
                return start.getValue();
            }
        }
        String flat = jdbcSql.replaceAll("\\s+", " ").trim();
        return "\"" + (flat.length() > 48 ? flat.substring(0, 48) + "..." : flat) + "\"";
    }
}
