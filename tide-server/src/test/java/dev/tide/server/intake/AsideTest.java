package dev.tide.server.intake;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.core.testing.TempFolders;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Moving a handled file aside never moves a file other than the one that was read, and tolerates it being gone. */
class AsideTest {
    private final Path folder = TempFolders.create("tide-aside-");

    @AfterEach
    void clean() {
        TempFolders.delete(folder);
    }

    private InboxFile found(String name, String content) throws IOException {
        Path file = folder.resolve(name);
        Files.writeString(file, content);
        return InboxFile.at(file, "alice", "mail");
    }

    @Test
    void aStoredFileGoesToTheStoredFolderUnderItsTaskId() throws IOException {
        InboxFile file = found("email--1.json", "{}");

        assertThat(Aside.stored(file, 42)).isTrue();

        assertThat(file.path()).doesNotExist();
        assertThat(folder.resolve(".stored/42-email--1.json")).hasContent("{}");
    }

    @Test
    void aFileMovedByAnotherNodeIsNotMovedAgain() throws IOException {
        InboxFile file = found("email--1.json", "{}");
        Files.createDirectories(folder.resolve(".stored"));
        Files.move(file.path(), folder.resolve(".stored/42-email--1.json"));

        assertThat(Aside.stored(file, 42)).isFalse();
        assertThat(Aside.rejected(file, "why")).isFalse();
    }

    @Test
    void aFileReplacedUnderTheSameNameStaysForTheNextPass() throws IOException {
        InboxFile file = found("email--1.json", "{\"n\":1}");
        Path next = folder.resolve(".email--1.json.tmp");
        Files.writeString(next, "{\"n\":2}");
        Files.move(next, file.path(), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);

        assertThat(Aside.stored(file, 42)).isFalse();
        assertThat(file.path()).hasContent("{\"n\":2}");
        assertThat(folder.resolve(".stored/42-email--1.json")).doesNotExist();
    }

    @Test
    void aRejectedFileHasItsReasonNextToIt() throws IOException {
        InboxFile file = found("email--1.json", "{");

        assertThat(Aside.rejected(file, "payload: is not valid JSON")).isTrue();

        assertThat(folder.resolve(".rejected/email--1.json")).hasContent("{");
        assertThat(folder.resolve(".rejected/email--1.json.error")).hasContent("payload: is not valid JSON");
        try (var left = Files.list(folder.resolve(".rejected"))) {
            assertThat(left).hasSize(2);
        }
    }

    @Test
    void aNameTooLongForASuffixIsCutInTheReasonFileAndTheStoredCopy() throws IOException {
        String name = "email--" + "x".repeat(240) + ".json";
        InboxFile stored = found(name, "{}");
        InboxFile rejected = found("report--" + "y".repeat(240), "z");

        assertThat(Aside.stored(stored, 7)).isTrue();
        assertThat(Aside.rejected(rejected, "why")).isTrue();

        try (var files = Files.list(folder.resolve(".stored"))) {
            assertThat(files.map(f -> f.getFileName().toString()))
                    .singleElement()
                    .satisfies(n -> assertThat(n).startsWith("7-email--xxx").hasSize(202));
        }
        assertThat(folder.resolve(".rejected/" + rejected.name())).hasContent("z");
        assertThat(folder.resolve(".rejected/" + rejected.name().substring(0, 200) + ".error"))
                .hasContent("why");
    }
}
