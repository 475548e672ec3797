package dev.tide.core.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tide.api.InvalidRequestException;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Firing instants of cron expressions in a zone, across daylight-saving changes (Berlin: 29 March, 25 October 2026). */
class CronTimesTest {
    private static final ZoneId BERLIN = ZoneId.of("Europe/Berlin");

    private static List<Instant> upcoming(String cron, ZoneId zone, String after, int n) {
        return CronTimes.parse(cron, zone).upcoming(Instant.parse(after), n);
    }

    private static List<Instant> instants(String... texts) {
        return java.util.Arrays.stream(texts).map(Instant::parse).toList();
    }

    @Test
    void fiveFieldsAreCrontabsAndSixHaveSecondsFirst() {
        assertThat(upcoming("*/15 * * * *", ZoneOffset.UTC, "2026-01-05T09:07:00Z", 3))
                .isEqualTo(instants("2026-01-05T09:15:00Z", "2026-01-05T09:30:00Z", "2026-01-05T09:45:00Z"));
        assertThat(upcoming("*/20 * * * * *", ZoneOffset.UTC, "2026-01-05T09:07:00Z", 3))
                .isEqualTo(instants("2026-01-05T09:07:20Z", "2026-01-05T09:07:40Z", "2026-01-05T09:08:00Z"));
        assertThat(upcoming("0 9 * * 1-5", ZoneOffset.UTC, "2026-01-09T10:00:00Z", 1)) // a Friday
                .isEqualTo(instants("2026-01-12T09:00:00Z"));
        assertThat(upcoming("@daily", ZoneOffset.UTC, "2026-01-05T09:07:00Z", 1))
                .isEqualTo(instants("2026-01-06T00:00:00Z"));
        assertThat(upcoming("@hourly", ZoneOffset.UTC, "2026-01-05T09:00:00Z", 1))
                .as("strictly after")
                .isEqualTo(instants("2026-01-05T10:00:00Z"));
    }

    @Test
    void theExpressionIsReadInTheZone() {
        assertThat(upcoming("0 9 * * *", BERLIN, "2026-01-05T00:00:00Z", 1))
                .as("winter, UTC+1")
                .isEqualTo(instants("2026-01-05T08:00:00Z"));
        assertThat(upcoming("0 9 * * *", BERLIN, "2026-07-06T00:00:00Z", 1))
                .as("summer, UTC+2")
                .isEqualTo(instants("2026-07-06T07:00:00Z"));
    }

    @Test
    void aDailyTimeSkippedBySpringForwardFiresAnHourLaterThatDayOnly() {
        assertThat(upcoming("30 2 * * *", BERLIN, "2026-03-27T12:00:00Z", 3))
                .isEqualTo(instants(
                        "2026-03-28T01:30:00Z", // 02:30 CET
                        "2026-03-29T01:30:00Z", // 02:30 does not exist: 03:30 CEST
                        "2026-03-30T00:30:00Z")); // 02:30 CEST
    }

    @Test
    void aDailyTimeInTheRepeatedHourFiresOnce() {
        assertThat(upcoming("30 2 * * *", BERLIN, "2026-10-24T12:00:00Z", 2))
                .isEqualTo(instants(
                        "2026-10-25T00:30:00Z", // 02:30 CEST, the first occurrence; not again at 02:30 CET
                        "2026-10-26T01:30:00Z"));
    }

    @Test
    void anIntervalRunsOnThroughSpringForwardAndPausesThroughTheRepeatedHour() {
        assertThat(upcoming("*/30 * * * *", BERLIN, "2026-03-29T00:00:00Z", 4))
                .as("spring forward at 01:00Z: every 30 minutes of real time")
                .isEqualTo(instants(
                        "2026-03-29T00:30:00Z",
                        "2026-03-29T01:00:00Z",
                        "2026-03-29T01:30:00Z",
                        "2026-03-29T02:00:00Z"));
        assertThat(upcoming("*/30 * * * *", BERLIN, "2026-10-24T23:59:00Z", 4))
                .as("fall back at 01:00Z: the repeated 02:00 and 02:30 fire once")
                .isEqualTo(instants(
                        "2026-10-25T00:00:00Z",
                        "2026-10-25T00:30:00Z",
                        "2026-10-25T02:00:00Z",
                        "2026-10-25T02:30:00Z"));
    }

    @ParameterizedTest
    @CsvSource({
        "*/30 * * * *, Europe/Berlin, 2026-03-28T20:00:00Z",
        "*/30 * * * *, Europe/Berlin, 2026-10-24T20:00:00Z",
        "30 2 * * *, Europe/Berlin, 2026-03-25T00:00:00Z",
        "30 2 * * *, Europe/Berlin, 2026-10-22T00:00:00Z",
        "15 1-3 * * *, America/New_York, 2026-03-07T00:00:00Z",
        "15 1-3 * * *, America/New_York, 2026-10-31T00:00:00Z",
        "*/7 * * * * *, Australia/Lord_Howe, 2026-04-04T14:50:00Z",
        "0 0 * * 0, UTC, 2026-01-01T00:00:00Z"
    })
    void walkingBackwardGivesTheFiringsWalkingForwardGives(String cron, String zone, String from) {
        CronTimes times = CronTimes.parse(cron, ZoneId.of(zone));
        Instant start = Instant.parse(from);
        List<Instant> forward = times.upcoming(start, 60);
        Instant end = forward.get(forward.size() - 1).plusMillis(1);
        List<Instant> backward = new ArrayList<>();
        Optional<Instant> at = times.previous(end);
        while (at.isPresent() && at.get().isAfter(start)) {
            backward.add(at.get());
            at = times.previous(at.get());
        }
        Collections.reverse(backward);
        assertThat(backward).isEqualTo(forward);
        assertThat(forward).isSorted().doesNotHaveDuplicates();
    }

    @Test
    void badExpressionsAreRefusedNamingCron() {
        for (String bad : List.of("* * *", "61 * * * *", "* * * * * * * *", "0 9 * * funday", "@weekday")) {
            assertThatThrownBy(() -> CronTimes.parse(bad, ZoneOffset.UTC))
                    .as(bad)
                    .isInstanceOfSatisfying(
                            InvalidRequestException.class,
                            e -> assertThat(e.field()).isEqualTo("cron"))
                    .hasMessageContaining(bad);
        }
    }

    @Test
    void anExpressionThatNeverMatchesHasNoNextFiring() {
        assertThat(CronTimes.parse("0 0 30 2 *", ZoneOffset.UTC).next(Instant.parse("2026-01-01T00:00:00Z")))
                .isEmpty();
    }

    @Test
    void aSecondlyScheduleStepsBySeconds() {
        CronTimes times = CronTimes.parse("* * * * * *", ZoneOffset.UTC);
        Instant at = Instant.parse("2026-01-05T09:00:00.250Z");
        assertThat(times.next(at)).contains(Instant.parse("2026-01-05T09:00:01Z"));
        assertThat(times.previous(at)).contains(Instant.parse("2026-01-05T09:00:00Z"));
        assertThat(times.previous(Instant.parse("2026-01-05T09:00:00Z")))
                .as("strictly before")
                .contains(Instant.parse("2026-01-05T09:00:00Z").minus(Duration.ofSeconds(1)));
    }
}
