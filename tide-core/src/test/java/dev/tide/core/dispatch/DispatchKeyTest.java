package dev.tide.core.dispatch;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.api.Discipline;
import java.time.Instant;
import java.util.Arrays;
import java.util.Comparator;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Each discipline's byte key must order exactly as its comparison does, for every value including extremes and nulls.
 */
class DispatchKeyTest {
    record Order(int jobPriority, Instant jobDeadline, int priority, Instant deadline) {
        byte[] key() {
            return DispatchKey.priorityOrder(jobPriority, jobDeadline, priority, deadline);
        }
    }

    private static final Comparator<Instant> NULLS_LAST = Comparator.nullsLast(Comparator.naturalOrder());
    private static final Comparator<Order> THESIS = Comparator.comparingInt(Order::jobPriority)
            .reversed()
            .thenComparing(Order::jobDeadline, NULLS_LAST)
            .thenComparing(Comparator.comparingInt(Order::priority).reversed())
            .thenComparing(Order::deadline, NULLS_LAST);

    @Property(tries = 2000)
    void bytesCompareLikeTheThesisOrder(@ForAll("orders") Order a, @ForAll("orders") Order b) {
        int expected = Integer.signum(THESIS.compare(a, b));
        int actual = Integer.signum(Arrays.compareUnsigned(a.key(), b.key()));
        assertThat(actual).isEqualTo(expected);
    }

    @Property(tries = 2000)
    void edfBytesCompareLikeTheEarlierDeadlineOfTaskAndJob(@ForAll("orders") Order a, @ForAll("orders") Order b) {
        Comparator<Order> edf = Comparator.comparing(DispatchKeyTest::earliestDeadline, NULLS_LAST);
        int expected = Integer.signum(edf.compare(a, b));
        int actual = Integer.signum(Arrays.compareUnsigned(edfKey(a), edfKey(b)));
        assertThat(actual).isEqualTo(expected);
    }

    @Property(tries = 200)
    void fifoKeysAreAllEqualSoTheTaskIdDecides(@ForAll("orders") Order a, @ForAll("orders") Order b) {
        assertThat(Arrays.compareUnsigned(key(Discipline.FIFO, a), key(Discipline.FIFO, b)))
                .isZero();
        assertThat(key(Discipline.PRIORITY, a)).isEqualTo(a.key());
    }

    private static Instant earliestDeadline(Order o) {
        if (o.deadline() == null || o.jobDeadline() == null) {
            return o.deadline() == null ? o.jobDeadline() : o.deadline();
        }
        return o.deadline().isBefore(o.jobDeadline()) ? o.deadline() : o.jobDeadline();
    }

    private static byte[] edfKey(Order o) {
        return key(Discipline.EDF, o);
    }

    private static byte[] key(Discipline discipline, Order o) {
        return DispatchKey.of(discipline, o.jobPriority(), o.jobDeadline(), o.priority(), o.deadline());
    }

    @Provide
    Arbitrary<Order> orders() {
        Arbitrary<Integer> priorities = Arbitraries.oneOf(
                Arbitraries.integers().between(-3, 3),
                Arbitraries.of(Integer.MIN_VALUE, Integer.MAX_VALUE, 0),
                Arbitraries.integers());
        Arbitrary<Instant> deadlines = Arbitraries.oneOf(
                        Arbitraries.longs().between(0, 10).map(s -> Instant.ofEpochSecond(1_700_000_000L + s)),
                        Arbitraries.longs()
                                .between(-4_000_000_000_000L, 4_000_000_000_000L)
                                .map(Instant::ofEpochMilli))
                .injectNull(0.25);
        return Combinators.combine(priorities, deadlines, priorities, deadlines).as(Order::new);
    }
}
