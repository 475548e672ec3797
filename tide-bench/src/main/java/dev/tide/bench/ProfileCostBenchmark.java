package dev.tide.bench;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.tide.api.Ack;
import dev.tide.api.ClaimRequest;
import dev.tide.api.Discipline;
import dev.tide.api.LeasedTask;
import dev.tide.api.Profile;
import dev.tide.api.ProfileEntry;
import dev.tide.api.ProfileLimits;
import dev.tide.core.Tide;
import java.time.DayOfWeek;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.EnumSet;
import java.util.List;

/**
 * The claim-path cost of profile enforcement: claims of 100 from a fifo queue (10,000 tasks in {@code ./bench}'s
 * default run), without a profile and with one in force for their type, in alternating blocks of 50 claims on one
 * database so that drift hits both alike. The profile
 * limits nothing the run reaches (an hourly limit and a session budget far above it), so both sides claim the same
 * tasks; what differs is the work of enforcing: reading the profiles' revision, locking and reading the hour's row,
 * and writing each task's grant and the hour's count.
 */
final class ProfileCostBenchmark {
    private static final int CLAIM = 100;
    private static final int CLAIMS_PER_BLOCK = 50;

    private ProfileCostBenchmark() {}

    /** Claims of {@code claimSize} with {@code queued} waiting: mean latencies without and with a profile. */
    record Result(String store, int queued, int claimSize, Latencies withoutProfile, Latencies withProfile) {
        @JsonProperty
        double ratio() {
            return withProfile.meanMillis() / withoutProfile.meanMillis();
        }
    }

    /**
     * @param queued the tasks kept waiting
     * @param blocks the blocks of each side, alternating
     * @param warmupClaims claims of each side before measuring
     */
    static Result run(BenchDatabase database, int queued, int blocks, int warmupClaims) throws Exception {
        Workload workload = Workload.of(Discipline.FIFO, 0);
        Profile profile = limitingNothing();
        try (database;
                Tide tide = database.tide().build()) {
            workload.define(tide);
            int next = 0;
            for (; next < queued; next += 1000) {
                tide.enqueueAll(workload.tasks(next, Math.min(queued, next + 1000)));
            }
            database.analyze();
            long[] without = new long[blocks * CLAIMS_PER_BLOCK];
            long[] with = new long[blocks * CLAIMS_PER_BLOCK];
            long[] warmup = new long[warmupClaims];
            next = claims(tide, workload, next, warmup, 0, warmupClaims);
            tide.profiles().define(profile);
            next = claims(tide, workload, next, warmup, 0, warmupClaims);
            for (int block = 0; block < blocks; block++) {
                int at = block * CLAIMS_PER_BLOCK;
                tide.profiles().delete(profile.key());
                next = claims(tide, workload, next, without, at, CLAIMS_PER_BLOCK);
                tide.profiles().define(profile);
                next = claims(tide, workload, next, with, at, CLAIMS_PER_BLOCK);
            }
            return new Result(
                    database.kind().label(), queued, CLAIM, Latencies.ofNanos(without), Latencies.ofNanos(with));
        }
    }

    /**
     * A profile for the benchmark's task type: office hours and the rest of the week, each with an hourly limit and a
     * session budget far above what a run reaches, so it is enforced at every claim but refuses nothing.
     */
    static Profile limitingNothing() {
        return Profile.forTaskType(
                TideQueue.TYPE,
                ZoneOffset.UTC,
                List.of(ProfileEntry.of(
                        "office",
                        EnumSet.range(DayOfWeek.MONDAY, DayOfWeek.FRIDAY),
                        LocalTime.of(8, 0),
                        LocalTime.of(18, 0),
                        ProfileLimits.perHour(1_000_000_000L).withMaxPerSession(1_000_000))),
                ProfileLimits.perHour(1_000_000_000L).withMaxPerSession(1_000_000));
    }

    /** Times {@code count} claims into {@code nanos} from {@code at}, keeping the backlog level; answers the next task. */
    private static int claims(Tide tide, Workload workload, int next, long[] nanos, int at, int count) {
        for (int i = at; i < at + count; i++) {
            long start = System.nanoTime();
            List<LeasedTask> claimed = tide.claim(ClaimRequest.of(Workload.QUEUE, "profile-bench", CLAIM));
            nanos[i] = System.nanoTime() - start;
            if (claimed.size() != CLAIM) {
                throw new IllegalStateException("claimed " + claimed.size() + " of " + CLAIM);
            }
            tide.ackAll(claimed.stream().map(t -> Ack.succeed(t.lease())).toList());
            tide.enqueueAll(workload.tasks(next, next + CLAIM));
            next += CLAIM;
        }
        return next;
    }
}
