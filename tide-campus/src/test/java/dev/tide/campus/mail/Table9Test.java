package dev.tide.campus.mail;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.api.worker.WorkerPool;
import dev.tide.core.TideBuilder;
import java.nio.file.Path;
import java.time.DayOfWeek;
import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Table 9 as Tide applies it to the mailer, on SQLite: hour by hour on a manual clock, with the thesis's minute mailer
 * and with a worker pool that claims continuously. (Tide's own profile suites check the hourly counting on PostgreSQL
 * too; here it is the table and the mailer that are under test.)
 */
class Table9Test extends MailerFixture {
    @Override
    TideBuilder storage(TideBuilder builder, Path folder) {
        return builder.sqlite(folder);
    }

    /**
     * Table 9 hour by hour, with the thesis's mailer: one cycle a minute through the hours where the table changes,
     * Wednesday 06:00 to 09:00 (night, then work hours), 23:00 to Thursday 02:00 (work hours, then the weekend). Each
     * hour sends what the table allows, max_per_hour capped by max_per_session times the hour's 60 cycles, until the
     * queue runs dry: 300 in the hour before 07:00, 5 an hour from 07:00 to midnight, then Thursday's 300. (The hours
     * skipped are work hours like 08:00's; a whole week takes 10,080 cycles, a few seconds' more for nothing new.)
     */
    @Test
    void theMinuteMailerSendsWhatTable9AllowsHourByHour() {
        smtp.start();
        clock.set(local(2026, 11, 25, 6, 0));
        mailer.queueMailing(OWNER, "Exam timetable", "See the attached timetable.", students(620));
        tide.cycles().schedule(mailer.cycleClient());

        int remaining = 620;
        int sentBefore = 0;
        List<Integer> perHour = new ArrayList<>();
        for (Instant hourStart : List.of(
                local(2026, 11, 25, 6, 0),
                local(2026, 11, 25, 7, 0),
                local(2026, 11, 25, 8, 0),
                local(2026, 11, 25, 23, 0),
                local(2026, 11, 26, 0, 0),
                local(2026, 11, 26, 1, 0))) {
            clock.set(hourStart);
            ZonedDateTime start = hourStart.atZone(CampusMailer.UNIVERSITY_ZONE);
            for (int minute = 0; minute < 60; minute++) {
                tide.cycles().runDue();
                clock.advance(Duration.ofMinutes(1));
            }
            int sent = smtp.received() - smtp.receivedBy(OWNER).size() - sentBefore; // the report is no message
            int expected = Math.min(remaining, table9Allowance(start, 60));
            assertThat(sent).as("mails sent from %s", start).isEqualTo(expected);
            perHour.add(sent);
            remaining -= sent;
            sentBefore += sent;
        }
        assertThat(perHour).containsExactly(300, 5, 5, 5, 300, 5);
        assertThat(smtp.receivedBy(OWNER)).hasSize(1); // the mailing ended on Thursday: its report
    }

    /**
     * Table 9's hourly cap binds a worker pool that claims continuously (each claim one session of at most 5): on the
     * university's Thursday 1,000 of 1,010 go out in the first hour and not one more until the next.
     */
    @Test
    void aWorkerPoolSendsNoMoreThanTable9sThousandAnHour() throws Exception {
        smtp.start();
        clock.set(local(2026, 11, 26, 0, 0)); // Thursday: weekend
        mailer.queueMailing(OWNER, "Results", "Your results are online.", students(1010));
        try (WorkerPool pool = mailer.workerPool()
                .concurrency(8)
                .pollWait(Duration.ofMillis(100))
                .start()) {
            assertThat(smtp.waitForIncomingEmail(30_000, 1000)).isTrue();
            Thread.sleep(500); // the pool keeps claiming: the hour's limit, not a lack of time, must hold it back
            assertThat(smtp.received()).isEqualTo(1000);

            clock.set(local(2026, 11, 26, 1, 0));
            assertThat(smtp.waitForIncomingEmail(30_000, 1011)).isTrue(); // 10 and the report
            assertThat(pool.failedAttemptCount()).isZero();
        }
        assertThat(smtp.received()).isEqualTo(1011);
    }

    /**
     * Table 9 read from the thesis, independently of {@link Table9}: what an hour starting at {@code start} allows, for
     * a mailer that runs {@code sessions} sessions in it.
     */
    static int table9Allowance(ZonedDateTime start, int sessions) {
        DayOfWeek day = start.getDayOfWeek();
        boolean weekend = day == DayOfWeek.THURSDAY || day == DayOfWeek.FRIDAY;
        boolean workHours = !weekend && start.getHour() >= 7; // 7:00 AM to 12:00 AM
        int perHour = workHours ? 5 : 1000;
        int perSession = workHours ? 1 : 5;
        return Math.min(perHour, perSession * sessions);
    }
}
