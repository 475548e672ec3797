package dev.tide.core.store.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Tide's statements keep the rules of {@link StatementFileChecks}, and each rule catches its mistake: the small
 * resource sets under {@code statementfiles/} hold one kind of mistake each ({@code sound} holds none).
 */
class StatementFilesTest {
    private static final Path MAIN_RESOURCES = Path.of("src/main/resources" + StatementLayers.STORE);
    private static final Path MISTAKES = Path.of("src/test/resources/dev/tide/core/store/jdbc/statementfiles");

    @Test
    void tideStatementsKeepEveryRule() throws IOException {
        StatementFileChecks checks = StatementFileChecks.of(
                StatementLayers.STORE, StatementLayers.CONCERNS, Path.of("src/main/java/dev/tide/core"), migrations());
        assertThat(checks.problems()).isEmpty();
        // the rules look at something: both dialects load, and most statements are written once
        assertThat(checks.effective("sqlite")).hasSizeGreaterThan(100);
        assertThat(checks.effective("postgresql")).hasSizeGreaterThan(100);
        assertThat(checks.layers().get(0).texts()).hasSizeGreaterThan(100);
    }

    @Test
    void everyCommonFileIsAConcernTheLoaderReads() throws IOException {
        List<String> files = new ArrayList<>();
        try (Stream<Path> list = Files.list(MAIN_RESOURCES.resolve("sql"))) {
            list.forEach(file -> files.add(file.getFileName().toString()));
        }
        assertThat(files)
                .containsExactlyInAnyOrderElementsOf(StatementLayers.CONCERNS.stream()
                        .map(concern -> concern + ".sql")
                        .toList());
    }

    @Test
    void aSoundSetHasNoProblems() {
        assertThat(checks("sound").problems()).isEmpty();
    }

    @Test
    void anOverrideWithTheCommonTextFails() {
        assertThat(checks("identical_override").problems())
                .containsExactly("postgresql overrides task_get with the common text");
    }

    @Test
    void aNameDefinedTwiceInOneLayerFails() {
        assertThat(checks("defined_twice", List.of("tasks", "jobs")).problems())
                .hasSize(2)
                .anySatisfy(p -> assertThat(p).startsWith("defined twice in the common layer: task_get (in "))
                .anySatisfy(p -> assertThat(p).startsWith("defined twice in the sqlite layer: task_claim (in "));
    }

    @Test
    void theLoaderRefusesANameDefinedTwiceInOneLayer() {
        assertThatThrownBy(() -> SqlFile.load(base("defined_twice"), List.of("tasks", "jobs"), "postgresql"))
                .hasMessageContaining("statement defined twice in the common layer: task_get");
        assertThatThrownBy(() -> SqlFile.load(base("defined_twice"), List.of("tasks"), "sqlite"))
                .hasMessageContaining("statement defined twice in the sqlite layer: task_claim");
    }

    @Test
    void aNameUsedButDefinedInNeitherLayerFails() {
        assertThat(checks("undefined_use").problems())
                .containsExactlyInAnyOrder(
                        "jdbc/Tasks.java uses task_gone, which neither the common layer nor sqlite's defines",
                        "jdbc/Tasks.java uses task_gone, which neither the common layer nor postgresql's defines",
                        "sqlite/Ids.java uses leader_held, which neither the common layer nor sqlite's defines");
    }

    @Test
    void aCommonStatementThatADialectDoesNotUseFails() {
        assertThat(checks("common_unused").problems())
                .containsExactlyInAnyOrder(
                        "common task_cancel is overridden by every dialect",
                        "common task_get is used by no code of sqlite");
    }

    @Test
    void aStatementWrittenAlikeInEveryDialectFails() {
        assertThat(checks("written_twice").problems())
                .containsExactly("task_claim has the same text in every dialect: write it once, in the common layer");
    }

    @Test
    void postgresqlLackingOrChangingASqliteStatementFails() {
        assertThat(checks("postgresql_differs").problems())
                .containsExactlyInAnyOrder(
                        "postgresql lacks task_retry, which sqlite defines",
                        "jdbc/Tasks.java uses task_retry, which neither the common layer nor postgresql's defines",
                        "parameters of task_claim differ: sqlite [limit], postgresql [max]");
    }

    @Test
    void theLoaderPutsADialectsTextOverTheCommonOne() {
        SqlFile sqlite = SqlFile.load(base("sound"), List.of("tasks"), "sqlite");
        SqlFile postgresql = SqlFile.load(base("sound"), List.of("tasks"), "postgresql");
        assertThat(sqlite.get("task_get").jdbcSql())
                .isEqualTo(postgresql.get("task_get").jdbcSql());
        assertThat(sqlite.get("task_claim").jdbcSql()).doesNotContain("SKIP LOCKED");
        assertThat(postgresql.get("task_claim").jdbcSql()).contains("SKIP LOCKED");
    }

    private static StatementFileChecks checks(String set) {
        return checks(set, List.of("tasks"));
    }

    private static StatementFileChecks checks(String set, List<String> concerns) {
        return StatementFileChecks.of(base(set), concerns, MISTAKES.resolve(set).resolve("code"), List.of());
    }

    private static String base(String set) {
        return "/dev/tide/core/store/jdbc/statementfiles/" + set;
    }

    private static List<String> migrations() throws IOException {
        List<String> out = new ArrayList<>();
        try (Stream<Path> walk = Files.walk(MAIN_RESOURCES)) {
            for (Path file : walk.filter(p ->
                            p.toString().contains("migrations") && p.toString().endsWith(".sql"))
                    .toList()) {
                out.add(Files.readString(file));
            }
        }
        return out;
    }
}
