package dev.tide.core.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tide.api.Ack;
import dev.tide.api.Actor;
import dev.tide.api.ClaimRequest;
import dev.tide.api.EnqueuedAndClaimed;
import dev.tide.api.EventQuery;
import dev.tide.api.InvalidRequestException;
import dev.tide.api.LeasedTask;
import dev.tide.api.LoadCondition;
import dev.tide.api.LoadScaling;
import dev.tide.api.NewJob;
import dev.tide.api.NewTask;
import dev.tide.api.NotFoundException;
import dev.tide.api.Profile;
import dev.tide.api.ProfileEntry;
import dev.tide.api.ProfileFullException;
import dev.tide.api.ProfileLimits;
import dev.tide.api.ProfileStatus;
import dev.tide.api.RunNowResult;
import dev.tide.api.TaskState;
import dev.tide.api.TideEvent;
import dev.tide.api.worker.RunNow;
import java.time.DayOfWeek;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Time-of-week profiles on a real store and over HTTP: the hourly limit counted per hour of the profile's zone, lowered
 * mid-hour, per session, under a concurrency cap, with priority boosts, work units, job-type fallback, load scaling,
 * and definitions read and changed at runtime. {@link #T0} is a Monday, 09:00 UTC.
 */
public abstract class ProfileContract extends ManualQueueContract {
    private static final Set<DayOfWeek> WEEKDAYS = EnumSet.range(DayOfWeek.MONDAY, DayOfWeek.FRIDAY);

    private void enqueue(String type, int n) {
        List<NewTask> tasks = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            tasks.add(NewTask.builder(type).payload(i).build());
        }
        queue.enqueueAll(tasks);
    }

    private List<LeasedTask> claim(int limit) {
        return queue.claim(ClaimRequest.of("default", "w", limit));
    }

    /** Claims up to {@code limit} and acknowledges them at once; how many there were. */
    private int run(int limit) {
        List<LeasedTask> got = claim(limit);
        if (got.isEmpty()) {
            return 0;
        }
        queue.ackAll(got.stream().map(t -> Ack.succeed(t.lease())).toList());
        return got.size();
    }

    private void define(String type, ProfileLimits otherwise, ProfileEntry... entries) {
        queue.profiles().define(Profile.forTaskType(type, ZoneOffset.UTC, List.of(entries), otherwise));
    }

    private ProfileStatus status(String key) {
        return queue.profiles().status().stream()
                .filter(s -> s.active().profileKey().equals(key))
                .findFirst()
                .orElseThrow();
    }

    @Test
    void theHourlyLimitHoldsUntilTheNextHour() {
        define("email", ProfileLimits.perHour(3));
        enqueue("email", 10);

        assertThat(run(10)).isEqualTo(3);
        assertThat(run(10)).isZero();
        clock.advance(Duration.ofMinutes(59));
        assertThat(run(10)).as("09:59 is still the 09:00 hour").isZero();
        clock.advance(Duration.ofMinutes(1));
        assertThat(run(10)).isEqualTo(3);
        assertThat(status("task:email").usedThisHour()).isEqualTo(3);
    }

    @Test
    void otherTypesPassWhileAProfileIsSpent() {
        define("email", ProfileLimits.perHour(1));
        enqueue("email", 3);
        enqueue("report", 2);

        List<LeasedTask> got = claim(10);
        assertThat(got).extracting(t -> t.task().type()).containsExactly("email", "report", "report");
        assertThat(got.get(0).budget()).isEqualTo(1);
        assertThat(got.get(1).budget()).as("no profile governs it").isNull();
        assertThat(queue.monitoring().status().queues().get(0).ready()).isEqualTo(2);
    }

    @Test
    void theEntryInForceIsChosenFromTheClockAndTheDefaultOutsideIt() {
        define(
                "email",
                ProfileLimits.perHour(5),
                ProfileEntry.of("office", WEEKDAYS, LocalTime.of(9, 0), LocalTime.of(17, 0), ProfileLimits.perHour(2)));
        enqueue("email", 20);

        assertThat(status("task:email").active().entry()).isEqualTo("office");
        assertThat(run(20)).isEqualTo(2);
        clock.set(Instant.parse("2026-01-05T16:59:59Z"));
        assertThat(run(20)).isEqualTo(2);
        clock.set(Instant.parse("2026-01-05T17:00:00Z"));
        assertThat(status("task:email").active().entry())
                .as("the window is half open")
                .isNull();
        assertThat(run(20)).isEqualTo(5);
    }

    @Test
    void aWindowCrossingMidnightBelongsToTheDayItStarts() {
        ProfileEntry night = ProfileEntry.of(
                "night",
                EnumSet.of(DayOfWeek.FRIDAY),
                LocalTime.of(22, 0),
                LocalTime.of(6, 0),
                ProfileLimits.perHour(0));
        define("email", null, night);
        enqueue("email", 5);

        clock.set(Instant.parse("2026-01-09T21:59:00Z")); // Friday
        assertThat(run(1)).isEqualTo(1);
        clock.set(Instant.parse("2026-01-09T22:00:00Z"));
        assertThat(run(1)).isZero();
        clock.set(Instant.parse("2026-01-10T05:59:00Z")); // Saturday morning: still Friday's window
        assertThat(run(1)).isZero();
        clock.set(Instant.parse("2026-01-10T06:00:00Z"));
        assertThat(run(1)).isEqualTo(1);
        clock.set(Instant.parse("2026-01-10T23:00:00Z")); // Saturday night: no window starts on Saturday
        assertThat(run(1)).isEqualTo(1);
    }

    @Test
    void aLimitLoweredMidHourAdmitsNothingMoreThatHour() {
        define("email", ProfileLimits.perHour(10));
        enqueue("email", 20);
        assertThat(run(6)).isEqualTo(6);

        define("email", ProfileLimits.perHour(5));
        assertThat(run(20)).isZero();
        define("email", ProfileLimits.perHour(8));
        assertThat(run(20)).isEqualTo(2);
    }

    @Test
    void hoursAreThoseOfTheProfilesZone() {
        ZoneId india = ZoneId.of("Asia/Kolkata"); // +05:30: its hours start at half past in UTC
        queue.profiles().define(Profile.forTaskType("email", india, List.of(), ProfileLimits.perHour(2)));
        enqueue("email", 10);

        assertThat(run(10)).isEqualTo(2);
        assertThat(status("task:email").active().hourStart()).isEqualTo(Instant.parse("2026-01-05T08:30:00Z"));
        clock.set(Instant.parse("2026-01-05T09:29:59Z"));
        assertThat(run(10)).isZero();
        clock.set(Instant.parse("2026-01-05T09:30:00Z"));
        assertThat(run(10)).isEqualTo(2);
    }

    @Test
    void aRepeatedDaylightSavingHourIsAnHourOfItsOwn() {
        ZoneId newYork = ZoneId.of("America/New_York");
        queue.profiles().define(Profile.forTaskType("email", newYork, List.of(), ProfileLimits.perHour(2)));
        enqueue("email", 10);

        clock.set(Instant.parse("2026-11-01T05:30:00Z")); // 01:30 EDT
        assertThat(run(10)).isEqualTo(2);
        clock.set(Instant.parse("2026-11-01T06:10:00Z")); // 01:10 EST, the same wall-clock hour again
        assertThat(run(10)).isEqualTo(2);
    }

    @Test
    void aSessionTakesNoMoreThanItsBudget() {
        define("email", ProfileLimits.perHour(100).withMaxPerSession(2));
        enqueue("email", 10);

        assertThat(run(10)).as("a claim of its own is a session").isEqualTo(2);
        assertThat(run(10)).isEqualTo(2);
        ClaimRequest cycle = ClaimRequest.of("default", "w", 10).withSession("cycle-1");
        assertThat(queue.claim(cycle)).hasSize(2);
        assertThat(queue.claim(cycle)).as("the cycle has spent its budget").isEmpty();
        assertThat(queue.claim(cycle.withSession("cycle-2"))).hasSize(2);
    }

    @Test
    void aConcurrencyCapCountsLeasesOnEveryWorker() {
        define("email", ProfileLimits.perHour(100).withConcurrency(2));
        enqueue("email", 5);

        List<LeasedTask> first = claim(5);
        assertThat(first).hasSize(2);
        assertThat(claim(5)).isEmpty();
        assertThat(status("task:email").leased()).isEqualTo(2);
        queue.ack(Ack.succeed(first.get(0).lease()));
        assertThat(claim(5)).hasSize(1);
    }

    @Test
    void aBoostedProfileGoesFirst() {
        enqueue("report", 3);
        enqueue("email", 2);
        define("email", new ProfileLimits(null, null, null, 5, null));

        assertThat(claim(3)).extracting(t -> t.task().type()).containsExactly("email", "email", "report");
    }

    @Test
    void unitsAreChargedAndAnIndivisibleTaskWaitsForRoom() {
        define("email", ProfileLimits.perHour(12));
        for (int i = 0; i < 3; i++) {
            queue.enqueue(NewTask.builder("email").units(5).build());
        }

        List<LeasedTask> got = claim(10);
        assertThat(got).hasSize(2).allSatisfy(t -> assertThat(t.budget()).isEqualTo(5));
        assertThat(status("task:email").usedThisHour()).isEqualTo(10);
        clock.advance(Duration.ofHours(1));
        assertThat(claim(10)).hasSize(1);
    }

    @Test
    void aDivisibleTaskStartsWithWhatIsLeftAndGivesBackWhatItDidNotUse() {
        define("import", ProfileLimits.perHour(7));
        queue.enqueue(NewTask.builder("import").units(5).build());
        long lines = queue.enqueue(
                        NewTask.builder("import").units(100).divisible(true).build())
                .id();

        List<LeasedTask> got = claim(10);
        assertThat(got).extracting(LeasedTask::budget).containsExactly(5, 2);
        LeasedTask reader = got.get(1);
        assertThat(reader.task().id()).isEqualTo(lines);

        // it read one line of its two, and comes back for the rest
        queue.ack(Ack.builder(reader.lease()).unitsUsed(1).release());
        assertThat(status("task:import").usedThisHour()).isEqualTo(6);
        assertThat(queue.task(lines).units()).isEqualTo(99);
        LeasedTask again = claim(10).get(0);
        assertThat(again.budget()).isEqualTo(1);
    }

    @Test
    void aJobTypesProfileGovernsTasksWhoseTypeHasNone() {
        queue.profiles().define(Profile.forJobType("mailing", null, List.of(), ProfileLimits.perHour(2)));
        List<NewTask> tasks = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            tasks.add(NewTask.builder("email").build());
        }
        queue.createJob(NewJob.builder("mailing").tasks(tasks).build());
        enqueue("email", 2); // in no job

        assertThat(claim(10)).hasSize(4);
        assertThat(status("job:mailing").usedThisHour()).isEqualTo(2);

        define("email", ProfileLimits.perHour(1));
        clock.advance(Duration.ofHours(1));
        assertThat(claim(10)).as("the task type's own profile comes first").hasSize(1);
    }

    @Test
    void loadScalesTheRateBetweenItsMinimumAndMaximum() {
        define("email", ProfileLimits.perHour(10).withScaling(new LoadScaling("requests", 2, 0, 100)));
        enqueue("email", 30);

        queue.profiles().reportLoad("requests", 100);
        assertThat(status("task:email").active().maxPerHour()).isEqualTo(2);
        assertThat(run(30)).isEqualTo(2);
        queue.profiles().reportLoad("requests", 50);
        assertThat(run(30)).as("6 in all at half load").isEqualTo(4);
    }

    @Test
    void anEntryMayHoldOnlyUnderALoadCondition() {
        ProfileEntry busy = ProfileEntry.of(
                        "busy",
                        EnumSet.allOf(DayOfWeek.class),
                        LocalTime.MIDNIGHT,
                        LocalTime.MIDNIGHT,
                        ProfileLimits.perHour(1))
                .when(LoadCondition.atLeast("requests", 50));
        define("email", ProfileLimits.perHour(100), busy);
        enqueue("email", 10);

        assertThat(status("task:email").active().entry()).as("no reading yet").isNull();
        queue.profiles().reportLoad("requests", 80);
        assertThat(run(10)).isEqualTo(1);
        queue.profiles().reportLoad("requests", 10);
        assertThat(run(10)).isEqualTo(9);
    }

    @Test
    void anEntryMayBeChosenByTheSameHourOfPastWeeks() {
        clock.set(T0.minus(Duration.ofDays(14)));
        queue.profiles().reportLoad("requests", 100);
        clock.set(T0.minus(Duration.ofDays(7)).plus(Duration.ofMinutes(30)));
        queue.profiles().reportLoad("requests", 60);
        clock.set(T0);
        ProfileEntry usuallyBusy = ProfileEntry.of(
                        "usually-busy",
                        EnumSet.allOf(DayOfWeek.class),
                        LocalTime.MIDNIGHT,
                        LocalTime.MIDNIGHT,
                        ProfileLimits.perHour(1))
                .when(LoadCondition.atLeast("requests", 50).overPastWeeks(2));
        define("email", ProfileLimits.perHour(100), usuallyBusy);
        queue.profiles().reportLoad("requests", 0); // quiet now: the past weeks decide

        assertThat(status("task:email").active().entry())
                .as("80 on average at this hour")
                .isEqualTo("usually-busy");
        clock.advance(Duration.ofHours(1));
        assertThat(status("task:email").active().entry())
                .as("no history for this hour")
                .isNull();
    }

    @Test
    void overlappingEntriesOfEqualPrecedenceAreRefusedNamingBoth() {
        ProfileEntry day =
                ProfileEntry.of("day", WEEKDAYS, LocalTime.of(8, 0), LocalTime.of(18, 0), ProfileLimits.perHour(1));
        ProfileEntry late = ProfileEntry.of(
                "late",
                EnumSet.of(DayOfWeek.FRIDAY),
                LocalTime.of(17, 0),
                LocalTime.of(2, 0),
                ProfileLimits.perHour(2));

        assertThatThrownBy(() -> define("email", null, day, late))
                .isInstanceOf(InvalidRequestException.class)
                .hasMessageContaining("'day'")
                .hasMessageContaining("'late'");
        assertThat(queue.profiles().list()).isEmpty();

        define("email", null, day, late.withPrecedence(1));
        assertThat(queue.profiles().list()).hasSize(1);
    }

    @Test
    @SuppressWarnings("try") // the Actor.Scope names who acts inside it; never read
    void profilesAreReadChangedAndRemovedAtRuntimeWithEvents() {
        try (Actor.Scope ops = Actor.enter("ops@example.org")) {
            define("email", ProfileLimits.perHour(1));
        }
        queue.profiles().define(Profile.forJobType("mailing", ZoneId.of("Europe/Paris"), List.of(), null));

        assertThat(queue.profiles().list()).extracting(Profile::key).containsExactly("job:mailing", "task:email");
        assertThat(queue.profiles().list().get(0).zone()).isEqualTo(ZoneId.of("Europe/Paris"));
        queue.profiles().delete("task:email");
        assertThat(queue.profiles().list()).extracting(Profile::key).containsExactly("job:mailing");
        assertThatThrownBy(() -> queue.profiles().delete("task:email")).isInstanceOf(NotFoundException.class);

        List<TideEvent> events = queue.monitoring().events(EventQuery.recent()).stream()
                .filter(e -> e.kind().startsWith("profile."))
                .toList();
        assertThat(events)
                .extracting(TideEvent::kind)
                .containsExactly(TideEvent.PROFILE_DELETED, TideEvent.PROFILE_DEFINED, TideEvent.PROFILE_DEFINED);
        assertThat(events.get(0).detail()).contains("task:email");
        assertThat(events.get(2).detail()).as("over HTTP, beside the caller").contains("ops@example.org");
    }

    @Test
    void aTaskClaimedByIdCountsAgainstItsProfile() {
        define("email", ProfileLimits.perHour(1));
        long first = queue.enqueue(NewTask.of("email", "a")).id();
        long second = queue.enqueue(NewTask.of("email", "b")).id();

        assertThat(queue.claimTask(second, "person", null))
                .get()
                .satisfies(t -> assertThat(t.budget()).isEqualTo(1));
        assertThatThrownBy(() -> queue.claimTask(first, "person", null))
                .isInstanceOf(ProfileFullException.class)
                .hasMessageContaining("task:email");
        assertThat(queue.task(first).state()).as("left as it was").isEqualTo(TaskState.READY);
        assertThat(claim(5)).isEmpty();
    }

    @Test
    void aSmallJobRunsInItsCallerWhileItsProfileHasRoomAndIsQueuedAfter() {
        define("enroll", ProfileLimits.perHour(2));

        EnqueuedAndClaimed first = queue.enqueueAndClaim(NewTask.of("enroll", "ada"), "web-1", null);
        assertThat(first.enqueued().created()).isTrue();
        assertThat(first.leased()).isNotNull();
        assertThat(first.leased().lease().owner()).isEqualTo("web-1");
        assertThat(first.leased().budget()).isEqualTo(1);
        queue.ack(Ack.succeed(first.leased().lease()));

        List<String> ran = new ArrayList<>();
        RunNowResult second =
                RunNow.runNowOrEnqueue(queue, NewTask.of("enroll", "alan"), ctx -> ran.add(ctx.payload()));
        assertThat(second.ranInCaller()).isTrue();
        assertThat(second.result().accepted()).isTrue();
        assertThat(ran).containsExactly("\"alan\"");
        assertThat(queue.task(second.taskId()).state()).isEqualTo(TaskState.FINISHED);

        RunNowResult third =
                RunNow.runNowOrEnqueue(queue, NewTask.of("enroll", "grace"), ctx -> ran.add(ctx.payload()));
        assertThat(third.ranInCaller()).as("the hour is spent").isFalse();
        assertThat(queue.task(third.taskId()).state()).isEqualTo(TaskState.READY);
        assertThat(ran).hasSize(1);
        assertThat(status("task:enroll").usedThisHour()).isEqualTo(2);
        clock.advance(Duration.ofHours(1));
        assertThat(claim(5)).extracting(t -> t.task().id()).containsExactly(third.taskId());
    }

    @Test
    void aRemovedProfileLimitsNothingFromTheNextClaim() {
        define("email", ProfileLimits.perHour(1));
        enqueue("email", 3);
        assertThat(run(3)).isEqualTo(1);
        queue.profiles().delete("task:email");
        assertThat(run(3)).isEqualTo(2);
    }
}
