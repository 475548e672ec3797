package dev.tide.core.engine;

import java.util.concurrent.ThreadLocalRandom;
import java.util.random.RandomGenerator;

/**
 * Exponentially distributed draws (mean 1) for roulette queues, from a random source the engine is given, so that
 * tests can fix the seed. A task of weight w is placed at the queue's race clock plus draw / w; the smallest position
 * is claimed first. Because an exponential race forgets how long it has run, a task arriving later competes on equal
 * terms with those already waiting, and each claim takes a ready task with probability w / (sum of the ready weights).
 */
public final class RaceDraws {
    private final RandomGenerator random;

    private RaceDraws(RandomGenerator random) {
        this.random = random;
    }

    /** Draws from {@code random}, which must be safe to share between threads (as {@link java.util.Random} is). */
    public static RaceDraws from(RandomGenerator random) {
        return new RaceDraws(random);
    }

    /** Draws from each calling thread's own {@link ThreadLocalRandom}. */
    public static RaceDraws threadLocal() {
        return new RaceDraws(new RandomGenerator() {
            @Override
            public long nextLong() {
                return ThreadLocalRandom.current().nextLong();
            }

            @Override
            public double nextDouble() {
                return ThreadLocalRandom.current().nextDouble();
            }
        });
    }

    /** One draw: -ln(1 - u) for u uniform in [0, 1), never infinite. */
    public double next() {
        return -Math.log1p(-random.nextDouble());
    }
}
