package dev.tide.core.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tide.api.Ack;
import dev.tide.api.Actor;
import dev.tide.api.ClaimRequest;
import dev.tide.api.DigestNotice;
import dev.tide.api.EventQuery;
import dev.tide.api.HourlyStats;
import dev.tide.api.InvalidRequestException;
import dev.tide.api.LeasedTask;
import dev.tide.api.NewJob;
import dev.tide.api.NewTask;
import dev.tide.api.StatsQuery;
import dev.tide.api.TaskInfo;
import dev.tide.api.TaskQuery;
import dev.tide.api.TaskSelection;
import dev.tide.api.TaskType;
import dev.tide.api.TideEvent;
import dev.tide.api.json.Json;
import dev.tide.core.Tide;
import dev.tide.core.TideBuilder;
import dev.tide.core.TideConfig;
import dev.tide.core.time.ManualClock;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The hourly statistics, the event log's lifecycle and administrators' events, their retention, and the digest, on a
 * real store under a simulated clock: maintenance runs only when a test calls it.
 */
public abstract class StatsContract {
    protected static final Instant T0 = Instant.parse("2030-01-07T10:59:00Z");
    protected static final Instant HOUR_10 = Instant.parse("2030-01-07T10:00:00Z");
    protected static final Instant HOUR_11 = Instant.parse("2030-01-07T11:00:00Z");

    protected final ManualClock clock = new ManualClock(T0);
    private final List<Tide> opened = new CopyOnWriteArrayList<>();

    /** A builder on this test's storage: every call gives an engine on the same database. */
    protected abstract TideBuilder storage();

    /** Runs the statements on this test's database directly, with no engine open on it. */
    protected abstract void execute(List<String> statements) throws SQLException;

    /** What takes tide_stats back to before V027, per type and hour with no queue (and V027's task index away). */
    protected abstract List<String> statisticsPerTypeOnly();

    protected Tide open() {
        return open(TideConfig.defaults().withMaintenanceInterval(null));
    }

    protected Tide open(TideConfig config) {
        Tide tide = storage().clock(clock).config(config).build();
        opened.add(tide);
        return tide;
    }

    @AfterEach
    void closeEngines() {
        opened.forEach(Tide::close);
    }

    private static List<LeasedTask> claim(Tide tide, int limit) {
        return tide.claim(ClaimRequest.of("default", "w", limit));
    }

    private static List<HourlyStats> hours(Tide tide) {
        return tide.monitoring().stats(new StatsQuery(HOUR_10, HOUR_10.plus(Duration.ofHours(3)), null));
    }

    @Test
    void startsEndsAndUnitsAreCountedInTheHourTheyHappenPerType() {
        Tide tide = open();
        tide.defineTaskType(TaskType.named("email").withMaxAttempts(3));
        tide.enqueueAll(List.of(
                NewTask.of("email", Map.of()),
                NewTask.of("email", Map.of()),
                NewTask.of("email", Map.of()),
                NewTask.builder("report").units(4).build(),
                NewTask.builder("report").units(4).build()));
        tide.enqueue(NewTask.builder("email")
                .queue("other")
                .expiresAt(Instant.parse("2030-01-07T11:30:00Z"))
                .build());

        List<LeasedTask> claimed = claim(tide, 5); // 10:59: five starts
        LeasedTask first = byType(claimed, "email", 0);
        tide.ack(Ack.succeed(first.lease()));
        tide.ack(byType(claimed, "report", 0).ack().unitsUsed(3).succeed());

        clock.set(Instant.parse("2030-01-07T11:01:00Z"));
        tide.ack(byType(claimed, "email", 1).ack().message("mailbox full").fail());
        LeasedTask retried = byType(claimed, "email", 2);
        tide.ack(retried.ack().message("timeout").retry(Duration.ZERO));
        tide.ack(byType(claimed, "report", 1).ack().succeed()); // no units reported: the task's 4
        assertThat(claim(tide, 5)).as("the retried one again").hasSize(1);
        tide.ack(Ack.builder(tide.leases("w").get(0).lease()).release()); // gives its attempt back: 0 units, no retry

        clock.set(Instant.parse("2030-01-07T11:31:00Z"));
        tide.passes().runMaintenance();

        assertThat(hours(tide))
                .containsExactly(
                        new HourlyStats("email", HOUR_10, 3, 1, 0, 0, 0, 1),
                        new HourlyStats("report", HOUR_10, 2, 1, 0, 0, 0, 3),
                        new HourlyStats("email", HOUR_11, 1, 0, 1, 1, 1, 2),
                        new HourlyStats("report", HOUR_11, 0, 1, 0, 0, 0, 4));
        assertThat(tide.monitoring().stats(new StatsQuery(HOUR_11, HOUR_11.plus(Duration.ofHours(1)), "report")))
                .containsExactly(new HourlyStats("report", HOUR_11, 0, 1, 0, 0, 0, 4));
    }

    /** Hours counted before V027 keep their counts and belong to no queue; counts from then on go to their queue. */
    @Test
    void hoursCountedBeforeStatisticsPerQueueCountInNoQueue() throws SQLException {
        storage()
                .clock(clock)
                .config(TideConfig.defaults().withMaintenanceInterval(null))
                .build()
                .close(); // migrated
        List<String> back = new ArrayList<>(statisticsPerTypeOnly());
        back.add("DELETE FROM tide_schema_version WHERE name = 'V027__queue_rates.sql'");
        back.add("INSERT INTO tide_stats (task_type, hour_start, slot, started, succeeded, failed, retried, expired,"
                + " units_used) VALUES ('email', " + HOUR_10.toEpochMilli() + ", 0, 3, 2, 1, 0, 0, 3)");
        execute(back);

        Tide tide = open();
        tide.enqueue(NewTask.of("email", Map.of()));
        tide.ack(claim(tide, 1).get(0).ack().succeed());

        assertThat(hours(tide)).containsExactly(new HourlyStats("email", HOUR_10, 4, 3, 1, 0, 0, 4));
        assertThat(tide.monitoring().stats(new StatsQuery(HOUR_10, HOUR_11, null, "default")))
                .containsExactly(new HourlyStats("email", HOUR_10, 1, 1, 0, 0, 0, 1));
    }

    @Test
    void aLeaseThatExpiresOnTheLastAttemptCountsAsAFailureForGood() {
        Tide tide = open();
        tide.defineTaskType(TaskType.named("email").withMaxAttempts(1));
        long id = tide.enqueue(NewTask.of("email", Map.of())).id();
        tide.claim(ClaimRequest.of("default", "w", 1).withLease(Duration.ofMinutes(1)));

        clock.set(Instant.parse("2030-01-07T11:05:00Z"));
        tide.passes().runMaintenance();

        assertThat(hours(tide))
                .containsExactly(
                        new HourlyStats("email", HOUR_10, 1, 0, 0, 0, 0, 0),
                        new HourlyStats("email", HOUR_11, 0, 0, 1, 0, 0, 1));
        TideEvent failed = tide.monitoring()
                .events(EventQuery.recent().withKind(TideEvent.TASK_FAILED))
                .get(0);
        assertThat(failed.taskId()).isEqualTo(id);
        assertThat(Json.read(failed.detail(), JsonNode.class).get("type").asText())
                .isEqualTo("email");
    }

    @Test
    void aQueryIsWholeHoursOfAtMostMaxDays() {
        StatsQuery q =
                new StatsQuery(Instant.parse("2030-01-07T10:15:00Z"), Instant.parse("2030-01-07T11:15:00Z"), null);
        assertThat(q.from()).isEqualTo(HOUR_10);
        assertThat(q.to()).isEqualTo(HOUR_11.plus(Duration.ofHours(1)));
        assertThatThrownBy(() -> new StatsQuery(HOUR_11, HOUR_10, null))
                .isInstanceOf(InvalidRequestException.class)
                .hasMessageContaining("to");
        assertThatThrownBy(() -> new StatsQuery(HOUR_10, HOUR_10.plus(Duration.ofDays(401)), null))
                .isInstanceOf(InvalidRequestException.class);
        StatsQuery week = StatsQuery.week("2026-W47");
        assertThat(week.from()).isEqualTo(Instant.parse("2026-11-16T00:00:00Z"));
        assertThat(week.to()).isEqualTo(Instant.parse("2026-11-23T00:00:00Z"));
        assertThat(StatsQuery.week("2020-W53").from()).isEqualTo(Instant.parse("2020-12-28T00:00:00Z"));
        assertThatThrownBy(() -> StatsQuery.week("2025-W53")).hasMessageContaining("weeks 1 to 52");
        assertThatThrownBy(() -> StatsQuery.week("week 47")).hasMessageContaining("ISO week");
    }

    @Test
    void lifecycleEventsRecordFailuresJobEndsAndExpiryBatchesButNotEverySuccess() {
        Tide tide = open();
        long job = tide.createJob(NewJob.builder("mailing")
                        .tasks(List.of(NewTask.of("email", Map.of()), NewTask.of("email", Map.of())))
                        .build())
                .job()
                .id();
        tide.enqueueAll(List.of(
                NewTask.builder("sms").queue("q").expiresAt(T0.plusSeconds(30)).build(),
                NewTask.builder("sms").queue("q").expiresAt(T0.plusSeconds(30)).build()));
        List<LeasedTask> claimed = claim(tide, 2);
        tide.ack(Ack.succeed(claimed.get(0).lease()));
        tide.ack(claimed.get(1).ack().message("bounced").fail());
        clock.set(T0.plus(Duration.ofMinutes(1)));
        tide.passes().runMaintenance();

        List<TideEvent> events = tide.monitoring().events(EventQuery.recent());
        assertThat(events)
                .extracting(TideEvent::kind)
                .containsExactly(TideEvent.TASKS_EXPIRED, TideEvent.JOB_FINISHED, TideEvent.TASK_FAILED);
        assertThat(events.get(0).queue()).isEqualTo("q");
        assertThat(events.get(0).detail()).isEqualTo("{\"count\":2,\"types\":{\"sms\":2}}");
        assertThat(events.get(1).jobId()).isEqualTo(job);
        assertThat(Json.read(events.get(1).detail(), JsonNode.class)
                        .get("outcome")
                        .asText())
                .isEqualTo("failed");
        assertThat(events.get(2).detail()).isEqualTo("{\"type\":\"email\",\"message\":\"bounced\"}");
    }

    @Test
    @SuppressWarnings("try") // the Actor.Scope names who acts inside it; never read
    void administratorsActionsAreLoggedWithTheirActor() {
        Tide tide = open();
        long id = tide.enqueue(NewTask.builder("email").queue("mail").build()).id();
        try (Actor.Scope as = Actor.enter("ops:ada")) {
            tide.queues().suspend("mail");
            tide.queues().resume("mail");
            tide.park(TaskSelection.ids(List.of(id)));
            tide.unpark(TaskSelection.ids(List.of(id)));
            tide.cancel(id, "not needed");
            tide.retry(id);
        }
        tide.queues().suspendAll();

        List<TideEvent> events = tide.monitoring().events(EventQuery.recent());
        assertThat(events)
                .extracting(TideEvent::kind)
                .containsExactly(
                        TideEvent.SUSPENDED,
                        TideEvent.TASK_RETRIED,
                        TideEvent.TASK_CANCELLED,
                        TideEvent.TASKS_UNPARKED,
                        TideEvent.TASKS_PARKED,
                        TideEvent.RESUMED,
                        TideEvent.SUSPENDED);
        assertThat(actor(events.get(0))).as("an embedded call names no one").isNull();
        assertThat(events.get(0).queue()).isNull();
        assertThat(events.subList(1, events.size()))
                .allSatisfy(e -> assertThat(actor(e)).isEqualTo("ops:ada"));
        assertThat(events.get(6).queue()).isEqualTo("mail");
        JsonNode cancelled = Json.read(events.get(2).detail(), JsonNode.class);
        assertThat(cancelled.get("reason").asText()).isEqualTo("not needed");
        assertThat(events.get(2).taskId()).isEqualTo(id);
        assertThat(Json.read(events.get(4).detail(), JsonNode.class)
                        .get("count")
                        .asInt())
                .isEqualTo(1);
    }

    private static String actor(TideEvent e) {
        JsonNode actor = Json.read(e.detail(), JsonNode.class).get("actor");
        return actor == null || actor.isNull() ? null : actor.asText();
    }

    @Test
    void maintenancePrunesEventsAndStatisticsPastTheirRetention() {
        Tide tide = open(TideConfig.defaults()
                .withMaintenanceInterval(null)
                .withEventRetention(Duration.ofDays(2))
                .withStatsRetention(Duration.ofDays(5)));
        tide.enqueue(NewTask.of("email", Map.of()));
        tide.ack(claim(tide, 1).get(0).ack().fail()); // an event and an hour of statistics at T0
        clock.set(T0.plus(Duration.ofDays(1)));
        tide.queues().suspend("default"); // an event a day later

        clock.set(T0.plus(Duration.ofDays(2)).plusSeconds(1));
        tide.passes().runMaintenance();
        assertThat(tide.monitoring().events(EventQuery.recent()))
                .extracting(TideEvent::kind)
                .containsExactly(TideEvent.SUSPENDED);
        assertThat(hours(tide)).hasSize(1);

        clock.set(HOUR_10.plus(Duration.ofDays(5)).plus(Duration.ofHours(1)).plusSeconds(1));
        tide.passes().runMaintenance();
        assertThat(hours(tide)).isEmpty();
        assertThat(tide.monitoring().events(EventQuery.recent())).isEmpty();
    }

    @Test
    void theDigestOfAPeriodIsOneNotificationTaskAfterItEnds() {
        TideConfig config = TideConfig.defaults()
                .withMaintenanceInterval(null)
                .withDigest(Duration.ofDays(1), List.of("ops@example.org"));
        Tide tide = open(config);
        assertThat(tide.passes().runDigest())
                .as("the first pass starts the count")
                .isEmpty();

        tide.enqueueAll(List.of(NewTask.of("email", Map.of()), NewTask.of("email", Map.of())));
        List<LeasedTask> claimed = claim(tide, 2);
        tide.ack(claimed.get(0).ack().message("first failure").fail());
        clock.set(T0.plus(Duration.ofHours(2)));
        tide.ack(claimed.get(1).ack().message("second failure").fail());
        tide.queues().suspend("mail");
        assertThat(tide.passes().runDigest()).as("the day is not over").isEmpty();

        clock.set(Instant.parse("2030-01-08T00:00:30Z"));
        tide.passes().runMaintenance(); // maintenance sends it
        clock.set(Instant.parse("2030-01-08T12:00:00Z"));
        assertThat(tide.passes().runDigest()).as("once per period").isEmpty();

        List<TaskInfo> digests =
                tide.tasks(TaskQuery.all().withType("tide.notification")).items();
        assertThat(digests).hasSize(1);
        DigestNotice notice = Json.read(digests.get(0).payload(), DigestNotice.class);
        assertThat(notice.kind()).isEqualTo(DigestNotice.KIND);
        assertThat(notice.to()).containsExactly("ops@example.org");
        assertThat(notice.from()).isEqualTo(Instant.parse("2030-01-07T00:00:00Z"));
        assertThat(notice.until()).isEqualTo(Instant.parse("2030-01-08T00:00:00Z"));
        assertThat(notice.subject()).contains("2 failed tasks");
        assertThat(notice.failures()).hasSize(1);
        DigestNotice.Failures email = notice.failures().get(0);
        assertThat(email.type()).isEqualTo("email");
        assertThat(email.count()).isEqualTo(2);
        assertThat(email.latest())
                .extracting(e ->
                        Json.read(e.detail(), JsonNode.class).get("message").asText())
                .containsExactly("second failure", "first failure");
        assertThat(notice.eventCounts())
                .containsExactlyInAnyOrderEntriesOf(Map.of(TideEvent.TASK_FAILED, 2L, TideEvent.SUSPENDED, 1L));
        assertThat(notice.latestEvents()).extracting(TideEvent::kind).containsExactly(TideEvent.SUSPENDED);
        assertThat(notice.totals()).hasSize(1);
        assertThat(notice.totals().get(0).failed()).isEqualTo(2);
        assertThat(tide.monitoring().events(EventQuery.recent().withKind(TideEvent.DIGEST_SENT)))
                .hasSize(1);

        clock.set(Instant.parse("2030-01-09T00:00:01Z"));
        assertThat(tide.passes().runDigest()).as("the next day's").isPresent();
    }

    @Test
    void noDigestWithoutRecipients() {
        Tide tide = open();
        tide.passes().runDigest();
        clock.set(T0.plus(Duration.ofDays(3)));
        assertThat(tide.passes().runDigest()).isEmpty();
        assertThat(tide.tasks(TaskQuery.all()).items()).isEmpty();
    }

    private static LeasedTask byType(List<LeasedTask> claimed, String type, int index) {
        return claimed.stream()
                .filter(t -> t.task().type().equals(type))
                .sorted(Comparator.comparingLong(LeasedTask::id))
                .toList()
                .get(index);
    }
}
