package dev.tide.core.store.jdbc;

import dev.tide.core.store.jdbc.StatementLayers.Layer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The rules the statement layers ({@link StatementLayers}) keep, each returning the mistakes it finds, so that a test
 * can run them on Tide's own statements and on small resource sets that each hold one mistake.
 */
final class StatementFileChecks {
    private final Layer common;
    private final Map<String, Layer> dialects;
    private final StatementUses uses;

    private StatementFileChecks(Layer common, Map<String, Layer> dialects, StatementUses uses) {
        this.common = common;
        this.dialects = dialects;
        this.uses = uses;
    }

    /**
     * The layers under classpath folder {@code base} and the uses in the Java code under {@code sources}; {@code
     * otherSql} is SQL that is not a statement (migrations), whose words are no statement names.
     */
    static StatementFileChecks of(String base, List<String> concerns, Path sources, Collection<String> otherSql) {
        Layer common = StatementLayers.common(base, concerns);
        Map<String, Layer> dialects = new LinkedHashMap<>();
        for (String dialect : List.of("sqlite", "postgresql")) {
            dialects.put(dialect, StatementLayers.dialect(base, dialect));
        }
        Set<String> names = new HashSet<>(common.texts().keySet());
        List<String> sql = new ArrayList<>(otherSql);
        sql.addAll(common.texts().values());
        for (Layer layer : dialects.values()) {
            names.addAll(layer.texts().keySet());
            sql.addAll(layer.texts().values());
        }
        return new StatementFileChecks(common, dialects, StatementUses.scan(sources, names, sql));
    }

    /** Every mistake found. */
    List<String> problems() {
        List<String> out = new ArrayList<>();
        out.addAll(definedTwice());
        out.addAll(postgresqlMissesOrChanges());
        out.addAll(overridesLikeCommon());
        out.addAll(writtenInEveryDialect());
        out.addAll(usedButUndefined());
        out.addAll(commonNotUsedByEveryDialect());
        return out;
    }

    /** A name written twice in one layer: which text wins would depend on the order the files are read in. */
    List<String> definedTwice() {
        List<String> out = new ArrayList<>();
        for (Layer layer : layers()) {
            layer.duplicates().forEach(d -> out.add("defined twice in the " + layer.name() + " layer: " + d));
        }
        return out;
    }

    /**
     * The shared store code names statements without knowing the dialect, so PostgreSQL must define every statement
     * SQLite does, with the same parameters. A statement named {@code sqlite_*} belongs to the SQLite store's own code
     * and has no PostgreSQL twin.
     */
    List<String> postgresqlMissesOrChanges() {
        Map<String, String> sqlite = effective("sqlite");
        Map<String, String> postgresql = effective("postgresql");
        List<String> out = new ArrayList<>();
        for (String name : new TreeSet<>(sqlite.keySet())) {
            if (name.startsWith("sqlite_")) {
                continue;
            }
            if (!postgresql.containsKey(name)) {
                out.add("postgresql lacks " + name + ", which sqlite defines");
            } else if (!parameters(postgresql, name).equals(parameters(sqlite, name))) {
                out.add("parameters of " + name + " differ: sqlite " + parameters(sqlite, name) + ", postgresql "
                        + parameters(postgresql, name));
            }
        }
        return out;
    }

    /** A dialect's override whose text is the common one's: it says nothing and would drift from it unseen. */
    List<String> overridesLikeCommon() {
        List<String> out = new ArrayList<>();
        dialects.forEach((dialect, layer) -> layer.texts().forEach((name, sql) -> {
            String shared = common.texts().get(name);
            if (shared != null && normalized(shared).equals(normalized(sql))) {
                out.add(dialect + " overrides " + name + " with the common text");
            }
        }));
        return out;
    }

    /** A statement every dialect writes alike belongs in the common layer, written once. */
    List<String> writtenInEveryDialect() {
        List<String> out = new ArrayList<>();
        Set<String> first = dialects.values().iterator().next().texts().keySet();
        for (String name : new TreeSet<>(first)) {
            Set<String> texts = new HashSet<>();
            for (Layer layer : dialects.values()) {
                String sql = layer.texts().get(name);
                texts.add(sql == null ? null : normalized(sql));
            }
            if (texts.size() == 1 && !common.texts().containsKey(name)) {
                out.add(name + " has the same text in every dialect: write it once, in the common layer");
            }
        }
        return out;
    }

    /** A name the code uses that neither the common layer nor the dialect its code runs on defines. */
    List<String> usedButUndefined() {
        List<String> out = new ArrayList<>();
        for (String name : uses.names()) {
            for (Path file : uses.filesUsing(name)) {
                for (String dialect : dialectsOf(file)) {
                    if (!common.texts().containsKey(name)
                            && !dialects.get(dialect).texts().containsKey(name)) {
                        out.add(file + " uses " + name + ", which neither the common layer nor " + dialect
                                + "'s defines");
                    }
                }
            }
        }
        return out;
    }

    /**
     * A common statement is there for every dialect: each one's code uses it, and some dialect uses its text (one
     * that every dialect overrides is dead). A statement only one dialect's code uses belongs in that dialect's layer.
     */
    List<String> commonNotUsedByEveryDialect() {
        List<String> out = new ArrayList<>();
        for (String name : new TreeSet<>(common.texts().keySet())) {
            if (dialects.values().stream().allMatch(layer -> layer.texts().containsKey(name))) {
                out.add("common " + name + " is overridden by every dialect");
            }
            Set<String> using = new TreeSet<>();
            uses.filesUsing(name).forEach(file -> using.addAll(dialectsOf(file)));
            for (String dialect : dialects.keySet()) {
                if (!using.contains(dialect)) {
                    out.add("common " + name + " is used by no code of " + dialect);
                }
            }
        }
        return out;
    }

    /** Each dialect's statements as its store loads them: the common layer, its own layer over it. */
    Map<String, String> effective(String dialect) {
        Map<String, String> out = new LinkedHashMap<>(common.texts());
        out.putAll(dialects.get(dialect).texts());
        return out;
    }

    List<Layer> layers() {
        List<Layer> out = new ArrayList<>();
        out.add(common);
        out.addAll(dialects.values());
        return out;
    }

    /** The dialects a source file's code runs on: the one its package is named after, or every one. */
    private Set<String> dialectsOf(Path file) {
        for (Path part : file) {
            if (dialects.containsKey(part.toString())) {
                return Set.of(part.toString());
            }
        }
        return dialects.keySet();
    }

    private static Set<String> parameters(Map<String, String> statements, String name) {
        return NamedSql.parse(name, statements.get(name)).parameterNames();
    }

    static String normalized(String sql) {
        return String.join(" ", sql.trim().split("\\s+"));
    }
}
