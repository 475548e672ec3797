package dev.tide.core.store.jdbc;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One SQL statement with {@code :name} parameters, turned into JDBC's positional {@code ?}. PostgreSQL casts
 * ({@code ::bigint}) and quoted text are left alone.
 *
 * <p>The text is parsed once, when its file is loaded; binding a parameter then looks its positions up in two small
 * arrays, by identity first: callers name parameters with string literals, which are the same interned strings the
 * parse produced, so the usual lookup is a few reference comparisons (a drain profile showed the hashed map lookup of
 * every bind).
 */
public final class NamedSql {
    private final String name;
    private final String jdbcSql;
    private final Map<String, int[]> positions;
    /** The parameter names, interned, and at the same index {@link #at} their positions. */
    private final String[] names;

    private final int[][] at;

    private NamedSql(String name, String jdbcSql, Map<String, int[]> positions) {
        this.name = name;
        this.jdbcSql = jdbcSql;
        this.positions = positions;
        this.names = new String[positions.size()];
        this.at = new int[positions.size()][];
        int i = 0;
        for (Map.Entry<String, int[]> e : positions.entrySet()) {
            names[i] = e.getKey().intern();
            at[i++] = e.getValue();
        }
    }

    public static NamedSql parse(String name, String sql) {
        StringBuilder out = new StringBuilder(sql.length());
        List<String> params = new ArrayList<>();
        boolean quoted = false;
        for (int i = 0; i < sql.length(); i++) {
            char c = sql.charAt(i);
            if (c == '\'') {
                quoted = !quoted;
                out.append(c);
            } else if (!quoted && c == ':' && i + 1 < sql.length() && sql.charAt(i + 1) == ':') {
                out.append("::");
                i++;
            } else if (!quoted
                    && c == ':'
                    && i + 1 < sql.length()
                    && Character.isJavaIdentifierStart(sql.charAt(i + 1))) {
                int end = i + 1;
                while (end < sql.length() && Character.isJavaIdentifierPart(sql.charAt(end))) {
                    end++;
                }
                params.add(sql.substring(i + 1, end));
                out.append('?');
                i = end - 1;
            } else {
                out.append(c);
            }
        }
        Map<String, List<Integer>> byName = new HashMap<>();
        for (int i = 0; i < params.size(); i++) {
            byName.computeIfAbsent(params.get(i), k -> new ArrayList<>()).add(i + 1);
        }
        Map<String, int[]> positions = new HashMap<>();
        byName.forEach((k, v) ->
                positions.put(k, v.stream().mapToInt(Integer::intValue).toArray()));
        return new NamedSql(name, out.toString(), Map.copyOf(positions));
    }

    public String name() {
        return name;
    }

    public String jdbcSql() {
        return jdbcSql;
    }

    /** The names of the parameters. */
    public Set<String> parameterNames() {
        return positions.keySet();
    }

    /** The same statement behind a prefix without parameters, e.g. {@code "EXPLAIN "}. */
    public NamedSql prefixed(String prefix) {
        return new NamedSql(name, prefix + jdbcSql, positions);
    }

    /** The 1-based JDBC positions of parameter {@code param}. */
    int[] positions(String param) {
        for (int i = 0; i < names.length; i++) {
            if (names[i] == param) {
                return at[i];
            }
        }
        for (int i = 0; i < names.length; i++) {
            if (names[i].equals(param)) {
                return at[i];
            }
        }
        throw new IllegalArgumentException("statement " + name + " has no parameter :" + param);
    }
}
