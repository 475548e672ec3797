package dev.tide.core.store.jdbc;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The statement names tide-core's Java code uses, and where. Code names a statement by a string literal, though not
 * always at the call that prepares it (a ternary, a filter list, a helper's argument), so every snake_case literal of
 * a file that names some statement counts, except the words SQL is made of: columns, aliases and tables read by name
 * from a result set or a table listing. A literal there that names nothing any SQL contains is then a statement name,
 * defined or not.
 */
record StatementUses(Map<String, Set<Path>> files) {
    private static final Pattern LITERAL = Pattern.compile("\"((?:[^\"\\\\\\n]|\\\\.)*)\"");
    private static final Pattern SNAKE_CASE = Pattern.compile("[a-z][a-z0-9]*(?:_[a-z0-9]+)+");
    private static final Pattern WORD = Pattern.compile("[a-z_][a-z0-9_]*");

    /**
     * The uses in the {@code .java} files under {@code sources}; {@code statementNames} are the names the layers
     * define, {@code sql} the texts whose words are not statement names (statements, migrations).
     */
    static StatementUses scan(Path sources, Set<String> statementNames, Collection<String> sql) {
        Map<Path, String> code = read(sources);
        Set<String> sqlWords = new HashSet<>();
        sql.forEach(text -> words(text, sqlWords));
        // SQL the Java code builds itself (the browse query, the migrator's own table)
        code.values()
                .forEach(text -> literals(text).stream()
                        .filter(literal -> literal.contains(" "))
                        .forEach(literal -> words(literal, sqlWords)));
        Map<String, Set<Path>> files = new TreeMap<>();
        code.forEach((file, text) -> {
            List<String> names = literals(text).stream()
                    .filter(literal -> SNAKE_CASE.matcher(literal).matches())
                    .toList();
            if (names.stream().noneMatch(statementNames::contains)) {
                return;
            }
            for (String name : names) {
                if (statementNames.contains(name) || !sqlWords.contains(name)) {
                    files.computeIfAbsent(name, k -> new TreeSet<>()).add(sources.relativize(file));
                }
            }
        });
        return new StatementUses(files);
    }

    Set<String> names() {
        return files.keySet();
    }

    /** The files that use {@code name}; none if no code does. */
    Set<Path> filesUsing(String name) {
        return files.getOrDefault(name, Set.of());
    }

    private static List<String> literals(String code) {
        List<String> out = new ArrayList<>();
        Matcher literal = LITERAL.matcher(code);
        while (literal.find()) {
            out.add(literal.group(1));
        }
        return out;
    }

    private static void words(String text, Set<String> into) {
        Matcher word = WORD.matcher(text.toLowerCase());
        while (word.find()) {
            into.add(word.group());
        }
    }

    private static Map<Path, String> read(Path sources) {
        Map<Path, String> out = new TreeMap<>();
        try (Stream<Path> walk = Files.walk(sources)) {
            List<Path> javaFiles =
                    walk.filter(p -> p.toString().endsWith(".java")).toList();
            for (Path file : javaFiles) {
                out.put(file, Files.readString(file));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }
}
