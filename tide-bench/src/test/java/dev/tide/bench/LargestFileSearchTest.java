package dev.tide.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The search's arithmetic, on imports whose limit is known: a rule in place of the fresh JVMs the bench starts. */
class LargestFileSearchTest {

    /** A probe that fits up to {@code limit} lines, and records what it was asked. */
    private static final class Limit implements LargestFileSearch.Probe {
        final int limit;
        final List<Integer> asked = new ArrayList<>();

        Limit(int limit) {
            this.limit = limit;
        }

        @Override
        public LargestFileSearch.Outcome tryLines(int lines) {
            asked.add(lines);
            return lines <= limit ? LargestFileSearch.Outcome.FITS : LargestFileSearch.Outcome.OUT_OF_MEMORY;
        }
    }

    @Test
    void findsTheLimitWithinOnePercentOfIt() throws Exception {
        for (int limit : new int[] {1, 99, 3189, 3619, 60_250, 99_999}) {
            LargestFileSearch.Result result = LargestFileSearch.search(new Limit(limit), 2000, 1_000_000);
            assertThat(result.fits()).as("limit %d", limit).isLessThanOrEqualTo(limit);
            assertThat(result.failed()).as("limit %d", limit).isGreaterThan(limit);
            assertThat(result.failed() - result.fits()).isLessThanOrEqualTo(Math.max(1, result.fits() / 100));
            assertThat(result.reachedCap()).isFalse();
        }
    }

    @Test
    void doublesFromTheFirstGuessThenHalvesTheGap() throws Exception {
        Limit probe = new Limit(5000);
        LargestFileSearch.Result result = LargestFileSearch.search(probe, 2000, 100_000);
        assertThat(probe.asked).startsWith(2000, 4000, 8000, 6000, 5000, 5500);
        assertThat(result.attempts())
                .extracting(LargestFileSearch.Attempt::lines)
                .isEqualTo(probe.asked);
        assertThat(result.fits()).isEqualTo(5000);
    }

    @Test
    void aFileThatFitsAtTheCapEndsTheSearchThere() throws Exception {
        Limit probe = new Limit(Integer.MAX_VALUE);
        LargestFileSearch.Result result = LargestFileSearch.search(probe, 2000, 10_000);
        assertThat(probe.asked).containsExactly(2000, 4000, 8000, 10_000);
        assertThat(result.reachedCap()).isTrue();
        assertThat(result.fits()).isEqualTo(10_000);
        assertThat(CampusResult.largest(result)).isEqualTo(">= 10,000 lines (the cap; it never ran out)");
    }

    @Test
    void aTryStillRunningAtItsLimitCountsAsNotFitting() throws Exception {
        LargestFileSearch.Result result = LargestFileSearch.search(
                lines -> lines <= 3000 ? LargestFileSearch.Outcome.FITS : LargestFileSearch.Outcome.TIMED_OUT,
                1000,
                100_000);
        assertThat(result.fits()).isEqualTo(3000);
        assertThat(CampusResult.largest(result)).startsWith("3,000 lines (3,0").contains("still ran at its time limit");
    }

    @Test
    void refusesAFirstGuessAboveTheCap() {
        assertThatThrownBy(() -> LargestFileSearch.search(new Limit(10), 2000, 1000))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("first guess (2000) <= cap (1000)");
    }
}
