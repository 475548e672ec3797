package dev.tide.core.store.postgresql;

import java.util.Locale;
import java.util.Set;
import java.util.function.UnaryOperator;

/**
 * Names Tide's schema in a statement, so it runs the same on any connection whatever its {@code search_path}: an
 * application's borrowed connection ({@code Tide.joining}) or a pooled one of a {@code DataSource} knows nothing of
 * Tide's schema.
 *
 * <p>The rewrite is exact, not a pattern: the text is read as SQL tokens (quoted text, quoted identifiers and comments
 * are skipped whole), and only a bare word that is one of {@link #RELATIONS} (Tide's tables and sequences, checked
 * against the migrated catalog by a test) and not already qualified becomes {@code "schema".word}. Index, column,
 * constraint and channel names are other words and stay. Two more exact forms: a quoted literal that is a whole
 * relation name ({@code nextval('tide_tasks_id_seq')}, {@code to_regclass('tide_settings')}) names the schema inside
 * the literal, and {@code current_schema()} (advisory lock keys, catalog lookups) becomes the schema as a literal, so
 * the keys stay those every node computed before.
 */
final class SchemaQualifier implements UnaryOperator<String> {
    /** Every relation Tide's migrations create, tables and sequences alike. */
    static final Set<String> RELATIONS = Set.of(
            "tide_accounts",
            "tide_bulk_action_tasks",
            "tide_bulk_actions",
            "tide_bulk_actions_id_seq",
            "tide_digest",
            "tide_events",
            "tide_events_id_seq",
            "tide_intake",
            "tide_intake_files",
            "tide_intake_files_id_seq",
            "tide_job_types",
            "tide_jobs",
            "tide_jobs_id_seq",
            "tide_load_hours",
            "tide_named_types",
            "tide_nodes",
            "tide_owner_minutes",
            "tide_processor_runs",
            "tide_processors",
            "tide_profile_hours",
            "tide_profile_revision",
            "tide_profiles",
            "tide_prohibited_users",
            "tide_queues",
            "tide_schedules",
            "tide_schema_version",
            "tide_settings",
            "tide_stats",
            "tide_store_id",
            "tide_task_dependencies",
            "tide_task_types",
            "tide_tasks",
            "tide_tasks_id_seq",
            "tide_tokens",
            "tide_users");

    /** The call whose answer, on a borrowed connection, would be the application's schema. */
    private static final String CURRENT_SCHEMA = "current_schema()";

    private final String schema;
    private final String quotedSchema;

    SchemaQualifier(String schema) {
        this.schema = schema;
        this.quotedSchema = quoteIdentifier(schema);
    }

    /** {@code "name"}, with any double quote in it doubled: a schema name as PostgreSQL reads it, case kept. */
    static String quoteIdentifier(String name) {
        return '"' + name.replace("\"", "\"\"") + '"';
    }

    static String quoteLiteral(String text) {
        return '\'' + text.replace("'", "''") + '\'';
    }

    @Override
    public String apply(String sql) {
        StringBuilder out = new StringBuilder(sql.length() + 64);
        int n = sql.length();
        int i = 0;
        while (i < n) {
            char c = sql.charAt(i);
            if (c == '\'') {
                int end = endOfQuoted(sql, i, '\'');
                String literal = sql.substring(i, end);
                String inner = literal.length() >= 2 ? literal.substring(1, literal.length() - 1) : "";
                if (RELATIONS.contains(inner) && !precededByPrefixLetter(sql, i)) {
                    out.append(quoteLiteral(quotedSchema + "." + inner));
                } else {
                    out.append(literal);
                }
                i = end;
            } else if (c == '"') {
                int end = endOfQuoted(sql, i, '"');
                out.append(sql, i, end);
                i = end;
            } else if (c == '-' && i + 1 < n && sql.charAt(i + 1) == '-') {
                int end = sql.indexOf('\n', i);
                end = end < 0 ? n : end;
                out.append(sql, i, end);
                i = end;
            } else if (c == '/' && i + 1 < n && sql.charAt(i + 1) == '*') {
                int end = sql.indexOf("*/", i + 2);
                end = end < 0 ? n : end + 2;
                out.append(sql, i, end);
                i = end;
            } else if (Character.isLetter(c) || c == '_') {
                int end = i + 1;
                while (end < n && isWordPart(sql.charAt(end))) {
                    end++;
                }
                String word = sql.substring(i, end);
                boolean qualified = previousNonSpace(sql, i) == '.';
                String lower = word.toLowerCase(Locale.ROOT);
                if (!qualified && RELATIONS.contains(lower)) {
                    out.append(quotedSchema).append('.').append(word);
                    i = end;
                } else if (!qualified && sql.regionMatches(true, i, CURRENT_SCHEMA, 0, CURRENT_SCHEMA.length())) {
                    out.append(quoteLiteral(schema));
                    i += CURRENT_SCHEMA.length();
                } else {
                    out.append(word);
                    i = end;
                }
            } else if (Character.isDigit(c) || c == '$') {
                // A number or a parameter ($1) or dollar-quote tag start: copied with its word characters, never a
                // name.
                int end = i + 1;
                while (end < n && isWordPart(sql.charAt(end))) {
                    end++;
                }
                out.append(sql, i, end);
                i = end;
            } else {
                out.append(c);
                i++;
            }
        }
        return out.toString();
    }

    private static boolean isWordPart(char c) {
        return Character.isLetterOrDigit(c) || c == '_' || c == '$';
    }

    /** {@code E'...'}, {@code U&'...'}, {@code B'...'}: a literal of another kind, never a relation's name. */
    private static boolean precededByPrefixLetter(String sql, int quote) {
        return quote > 0 && (Character.isLetterOrDigit(sql.charAt(quote - 1)) || sql.charAt(quote - 1) == '&');
    }

    /** The index just past the closing quote; a doubled quote inside is part of the text. */
    private static int endOfQuoted(String sql, int start, char quote) {
        int i = start + 1;
        while (i < sql.length()) {
            if (sql.charAt(i) == quote) {
                if (i + 1 < sql.length() && sql.charAt(i + 1) == quote) {
                    i += 2;
                    continue;
                }
                return i + 1;
            }
            i++;
        }
        return sql.length();
    }

    private static char previousNonSpace(String sql, int at) {
        for (int i = at - 1; i >= 0; i--) {
            if (!Character.isWhitespace(sql.charAt(i))) {
                return sql.charAt(i);
            }
        }
        return 0;
    }
}
