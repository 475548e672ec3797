package dev.tide.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.api.TaskType;
import dev.tide.cli.testing.CliRun;
import dev.tide.core.Tide;
import dev.tide.core.store.sqlite.SqliteStore;
import dev.tide.core.testing.TempFolders;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** {@code tide status} names the values a store holds outside today's ranges, written before they were checked. */
class StatusOutOfRangeTest {
    private final Path folder = TempFolders.create("tide-cli-range-");

    @AfterEach
    void clean() {
        TempFolders.delete(folder);
    }

    @Test
    void aTypeStoredOutOfRangeIsListed() throws Exception {
        try (Tide tide = Tide.builder().sqlite(folder).build()) {
            tide.defineTaskType(TaskType.named("big"));
        }
        try (Connection db = DriverManager.getConnection("jdbc:sqlite:" + folder.resolve(SqliteStore.FILE_NAME));
                Statement update = db.createStatement()) {
            update.executeUpdate("UPDATE tide_task_types SET definition = "
                    + "'{\"name\":\"big\",\"defaultDuration\":\"PT99999999999999H\"}' WHERE name = 'big'");
        }

        CliRun status = CliRun.of("status", "--data", folder.toString());

        assertThat(status.code()).as(status.err()).isZero();
        assertThat(status.out())
                .contains("warning: task type big")
                .contains("task type big: defaultDuration: is PT99999999999999H");
    }
}
