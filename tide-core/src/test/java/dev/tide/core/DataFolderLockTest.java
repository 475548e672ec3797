package dev.tide.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tide.core.testing.TempFolders;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class DataFolderLockTest {
    private final Path folder = TempFolders.create("tide-lock-");

    @AfterEach
    void clean() {
        TempFolders.delete(folder);
    }

    @Test
    @SuppressWarnings("try") // the lock is held while a second opener is refused; never read
    void aSecondOpenerIsToldWhoHoldsTheFolder() {
        try (DataFolderLock first = DataFolderLock.acquire(folder, "tide server on port 7070")) {
            assertThatThrownBy(() -> DataFolderLock.acquire(folder, "tide enqueue"))
                    .isInstanceOf(DataFolderLock.FolderInUseException.class)
                    .hasMessageContaining("process " + ProcessHandle.current().pid())
                    .hasMessageContaining("tide server on port 7070");
            assertThat(DataFolderLock.holder(folder)).isEqualTo("this process");
        }
        assertThat(DataFolderLock.holder(folder)).isNull();
        try (DataFolderLock again = DataFolderLock.acquire(folder, "tide enqueue")) {
            assertThat(again.file()).exists();
        }
    }

    @Test
    @SuppressWarnings("try") // the engine holds its folder's lock while the body runs; never read
    void anEngineLocksItsFolder() {
        try (Tide tide = Tide.builder().sqlite(folder).purpose("test engine").build()) {
            assertThatThrownBy(() -> Tide.builder().sqlite(folder).build())
                    .isInstanceOf(DataFolderLock.FolderInUseException.class)
                    .hasMessageContaining("test engine");
        }
    }
}
