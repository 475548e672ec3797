package dev.tide.bench;

import java.util.ArrayList;
import java.util.List;

/**
 * The largest file an import handles within a heap, found as the thesis found its 3,189 and 3,619 lines: by trying
 * files of more and more lines until one fails. Sizes double from a first guess until a file does not fit (or the cap
 * fits: a streaming import may never run out), then halve the gap between the largest that fitted and the smallest that
 * did not until it is within {@value #PRECISION_PERCENT}% of the former. Every try is a fresh JVM, so each answers for
 * its size alone.
 */
final class LargestFileSearch {
    static final int PRECISION_PERCENT = 1;

    private LargestFileSearch() {}

    /** How one try ended. */
    enum Outcome {
        FITS,
        OUT_OF_MEMORY,
        /** Still running at the time limit: a heap so nearly full that collections take all the time, counted as not fitting. */
        TIMED_OUT;

        boolean fits() {
            return this == FITS;
        }
    }

    /** Imports a file of {@code lines} lines in a fresh JVM. */
    @FunctionalInterface
    interface Probe {
        Outcome tryLines(int lines) throws Exception;
    }

    /** One try: its size, how it ended, and how long it took (JVM and all). */
    record Attempt(int lines, Outcome outcome, double seconds) {}

    /**
     * @param fits the most lines that fitted (0 if not even the first guess's halves did)
     * @param failed the fewest lines that did not fit; null when the cap fitted
     * @param cap the most lines tried
     * @param attempts every try, in order
     */
    record Result(int fits, Integer failed, int cap, List<Attempt> attempts) {
        /** Whether the search stopped at the cap with the cap fitting: the answer is "at least the cap". */
        boolean reachedCap() {
            return failed == null;
        }
    }

    static Result search(Probe probe, int firstGuess, int cap) throws Exception {
        if (firstGuess < 1 || cap < firstGuess) {
            throw new IllegalArgumentException("need 1 <= first guess (" + firstGuess + ") <= cap (" + cap + ")");
        }
        List<Attempt> attempts = new ArrayList<>();
        int fits = 0;
        int lines = firstGuess;
        while (attempt(probe, lines, attempts).fits()) {
            fits = lines;
            if (lines == cap) {
                return new Result(fits, null, cap, attempts);
            }
            lines = (int) Math.min(cap, 2L * lines);
        }
        int failed = lines;
        while (failed - fits > Math.max(1, fits * PRECISION_PERCENT / 100)) {
            int middle = fits + (failed - fits) / 2;
            if (attempt(probe, middle, attempts).fits()) {
                fits = middle;
            } else {
                failed = middle;
            }
        }
        return new Result(fits, failed, cap, attempts);
    }

    private static Outcome attempt(Probe probe, int lines, List<Attempt> attempts) throws Exception {
        long start = System.nanoTime();
        Outcome outcome = probe.tryLines(lines);
        attempts.add(new Attempt(lines, outcome, (System.nanoTime() - start) / 1e9));
        return outcome;
    }
}
