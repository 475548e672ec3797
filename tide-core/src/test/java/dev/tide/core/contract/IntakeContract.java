package dev.tide.core.contract;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.api.EventQuery;
import dev.tide.api.Intake;
import dev.tide.api.IntakeFile;
import dev.tide.api.IntakeFileQuery;
import dev.tide.api.IntakeStatus;
import dev.tide.api.NewTask;
import dev.tide.api.Page;
import dev.tide.api.TideEvent;
import dev.tide.core.store.IntakeFileRow;
import dev.tide.core.store.IntakePass;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@link Intake}, embedded and over HTTP alike: the switch every node follows and the event log's record of it, and the
 * record of the files the passes handled, as every node reads it back. What the passes do with files is the folder
 * intake's own contract, in tide-server; here a pass's outcome is recorded as a node records it.
 */
public abstract class IntakeContract extends ManualQueueContract {
    private Intake intake;

    @BeforeEach
    void openIntake() {
        intake = queue.intake();
    }

    @Test
    void intakeIsOnWithNothingCountedUntilSwitched() {
        assertThat(intake.status()).isEqualTo(new IntakeStatus(true, 0, 0, null));
        assertThat(intake.files(IntakeFileQuery.recent())).isEqualTo(new Page<IntakeFile>(List.of(), null));
    }

    @Test
    void theSwitchIsKeptAndEachChangeIsAnEvent() {
        assertThat(intake.switchTo(false).enabled()).isFalse();
        assertThat(intake.status().enabled()).isFalse();

        assertThat(intake.switchTo(true).enabled()).isTrue();
        assertThat(intake.status().enabled()).isTrue();
        assertThat(queue.monitoring().events(EventQuery.recent()))
                .extracting(TideEvent::kind)
                .startsWith(TideEvent.INTAKE_ENABLED, TideEvent.INTAKE_DISABLED);
    }

    @Test
    void aPassesFilesAreListedNewestFirstWithTheirTaskOrReasonAndCounted() {
        long task = fixture.engine().enqueue(NewTask.of("report", null)).id();
        String reason = "payload: is not valid JSON at line 3, column 5: Unexpected character ('o' (code 111))";
        fixture.engine()
                .recordIntakePass(new IntakePass(
                        T0,
                        List.of(
                                IntakeFileRow.stored(T0, "alice", "mail", "report--1.csv", task),
                                IntakeFileRow.rejected(
                                        T0.plusSeconds(1),
                                        "alice",
                                        null,
                                        "<script>.csv",
                                        "files go in a queue's folder"),
                                IntakeFileRow.rejected(T0.plusSeconds(2), "bob", "mail", "email--2.json", reason))));

        Page<IntakeFile> page = intake.files(IntakeFileQuery.recent());

        assertThat(page.nextCursor()).isNull();
        List<IntakeFile> files = page.items();
        assertThat(files).extracting(IntakeFile::id).isSortedAccordingTo((a, b) -> Long.compare(b, a));
        assertThat(files)
                .containsExactly(
                        new IntakeFile(
                                files.get(0).id(),
                                T0.plusSeconds(2),
                                "bob",
                                "mail",
                                "email--2.json",
                                IntakeFile.Outcome.REJECTED,
                                null,
                                reason),
                        new IntakeFile(
                                files.get(1).id(),
                                T0.plusSeconds(1),
                                "alice",
                                null,
                                "<script>.csv",
                                IntakeFile.Outcome.REJECTED,
                                null,
                                "files go in a queue's folder"),
                        new IntakeFile(
                                files.get(2).id(),
                                T0,
                                "alice",
                                "mail",
                                "report--1.csv",
                                IntakeFile.Outcome.STORED,
                                task,
                                null));
        assertThat(intake.status()).isEqualTo(new IntakeStatus(true, 1, 2, T0));
    }

    @Test
    void pagesFollowTheCursorDownToTheOldestFile() {
        List<IntakeFileRow> rows = IntStream.rangeClosed(1, 5)
                .mapToObj(n -> IntakeFileRow.stored(T0.plusSeconds(n), "alice", "mail", "f" + n + ".json", n))
                .toList();
        fixture.engine().recordIntakePass(new IntakePass(T0, rows.subList(0, 3)));
        fixture.engine().recordIntakePass(new IntakePass(T0, rows.subList(3, 5)));

        List<String> names = new ArrayList<>();
        List<Integer> sizes = new ArrayList<>();
        IntakeFileQuery query = IntakeFileQuery.recent().withLimit(2);
        while (true) {
            Page<IntakeFile> page = intake.files(query);
            page.items().forEach(f -> names.add(f.name()));
            sizes.add(page.items().size());
            if (page.nextCursor() == null) {
                break;
            }
            query = query.withCursor(page.nextCursor());
        }

        assertThat(names).containsExactly("f5.json", "f4.json", "f3.json", "f2.json", "f1.json");
        assertThat(sizes).containsExactly(2, 2, 1);
        assertThat(intake.files(IntakeFileQuery.recent().withLimit(5)).nextCursor())
                .as("a page that ends at the oldest has no next")
                .isNull();
    }

    @Test
    void maintenanceDeletesFilesPastTheEventLogsRetention() {
        Duration retention = fixture.engine().config().stats().eventRetention();
        fixture.engine()
                .recordIntakePass(new IntakePass(
                        T0,
                        List.of(
                                IntakeFileRow.rejected(T0, "alice", "mail", "old.json", "payload: is empty"),
                                IntakeFileRow.stored(
                                        T0.plus(retention).minusSeconds(1), "alice", "mail", "new.json", 7))));

        clock.set(T0.plus(retention));
        fixture.maintenance();
        assertThat(intake.files(IntakeFileQuery.recent()).items())
                .extracting(IntakeFile::name)
                .containsExactly("new.json", "old.json");

        clock.set(T0.plus(retention).plusSeconds(1));
        fixture.maintenance();
        assertThat(intake.files(IntakeFileQuery.recent()).items())
                .extracting(IntakeFile::name)
                .containsExactly("new.json");
        assertThat(intake.status().filesRejected()).as("the counts are kept").isOne();
    }
}
