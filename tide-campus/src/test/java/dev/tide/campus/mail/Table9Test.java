package dev.tide.campus.mail;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.api.worker.WorkerPool;
import dev.tide.core.TideBuilder;
import java.nio.file.Path;
import java.time.DayOfWeek;
import java.time.Duration;
import java.time.ZonedDateTime;
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
     * Table 9 hour by hour, with the thesis's mailer: one cycle a minute from Wednesday 04:00 to Thursday 01:00. Each
     * hour sends what the table allows, max_per_hour capped by max_per_session times the hour's 60 cycles, until the
     * queue runs dry: 300 an hour before 07:00, 5 an hour from 07:00 to midnight, then Thursday's rate.
     */
    @Test
    void theMinuteMailerSendsWhatTable9AllowsHourByHour() {
        smtp.start();
        clock.set(local(2026, 11, 25, 4, 0));
        mailer.queueMailing(OWNER, "Exam timetable", "See the attached timetable.", students(1200));
        tide.cycles().schedule(mailer.cycleClient());

        int remaining = 1200;
        int sentBefore = 0;
        for (int hour = 0; hour < 21; hour++) {
            ZonedDateTime start = clock.instant().atZone(CampusMailer.UNIVERSITY_ZONE);
            for (int minute = 0; minute < 60; minute++) {
                tide.cycles().runDue();
                clock.advance(Duration.ofMinutes(1));
            }
            int sent = smtp.received() - smtp.receivedBy(OWNER).size() - sentBefore; // the report is no message
            int expected = Math.min(remaining, table9Allowance(start, 60));
            assertThat(sent).as("mails sent from %s", start).isEqualTo(expected);
            remaining -= sent;
            sentBefore += sent;
        }
        assertThat(remaining).isZero(); // Wed 04-07: 900; 07-24: 17 x 5; Thu 00-01: the last 215
    }

    /**
     * Table 9's hourly cap binds a worker pool that claims continuously (each claim one session of at most 5): on the
     * university's Thursday 1,000 go out in the first hour and not one more until the next.
     */
    @Test
    void aWorkerPoolSendsNoMoreThanTable9sThousandAnHour() throws Exception {
        smtp.start();
        clock.set(local(2026, 11, 26, 0, 0)); // Thursday: weekend
        mailer.queueMailing(OWNER, "Results", "Your results are online.", students(1200));
        try (WorkerPool pool = mailer.workerPool()
                .concurrency(8)
                .pollWait(Duration.ofMillis(100))
                .start()) {
            assertThat(smtp.waitForIncomingEmail(30_000, 1000)).isTrue();
            Thread.sleep(500); // the pool keeps claiming: the hour's limit, not a lack of time, must hold it back
            assertThat(smtp.received()).isEqualTo(1000);

            clock.set(local(2026, 11, 26, 1, 0));
            assertThat(smtp.waitForIncomingEmail(30_000, 1201)).isTrue(); // 200 and the report
            assertThat(pool.failedAttemptCount()).isZero();
        }
        assertThat(smtp.received()).isEqualTo(1201);
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
