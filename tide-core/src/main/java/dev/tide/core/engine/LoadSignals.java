package dev.tide.core.engine;

import dev.tide.api.LoadReadings;
import dev.tide.core.store.ProfileStore;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.DoubleSupplier;

/**
 * The load signals profiles scale and choose by. Built in: {@code cpu} (this host's CPU load, 0 to 1), {@code memory}
 * (the share of this host's memory in use) and {@code db.connections} (the database's active connections, where the
 * store can tell). The host application adds its own: a source read like the built-in ones
 * ({@link #register(String, DoubleSupplier)}), or values it reports as they change ({@link #report(String, double)}),
 * such as its request rate.
 *
 * <p>Sources are read when a claim asks for a reading and the last reading is {@link #SAMPLE_EVERY} old, so an idle
 * node reads nothing. Readings are added to their hour in the store at most once a minute per signal: conditions on
 * the same hour of past weeks read those means. A claim asks from inside its transaction, where the store takes no
 * other write (SQLite's single writer refuses a nested one), so what it sampled is recorded afterwards, by
 * {@link #recordSampled()}.
 */
public final class LoadSignals implements LoadReadings {
    static final Duration SAMPLE_EVERY = Duration.ofSeconds(5);
    static final Duration RECORD_EVERY = Duration.ofMinutes(1);

    private final ProfileStore store;
    private final InstantSource clock;
    private final Map<String, DoubleSupplier> sources = new ConcurrentHashMap<>();
    private final Map<String, Double> latest = new ConcurrentHashMap<>();
    private final Map<String, Instant> recorded = new ConcurrentHashMap<>();
    private final Map<String, Double> pastMeans = new ConcurrentHashMap<>();
    private final Map<String, Double> sampled = new ConcurrentHashMap<>();
    private volatile Instant sampledAt = Instant.MIN;

    public LoadSignals(ProfileStore store, InstantSource clock) {
        this.store = store;
        this.clock = clock;
        register("cpu", LoadSignals::cpuLoad);
        register("memory", LoadSignals::memoryInUse);
        register("db.connections", store::activeConnections);
    }

    /** Reads {@code source} for the signal from now on (replacing any source it had). */
    public void register(String signal, DoubleSupplier source) {
        sources.put(signal, source);
    }

    /** Sets the signal's reading now, as a host application reporting its request rate does. */
    public void report(String signal, double value) {
        latest.put(signal, value);
        record(signal, value, clock.instant());
    }

    @Override
    public double now(String signal) {
        sampleIfDue();
        return latest.getOrDefault(signal, Double.NaN);
    }

    @Override
    public double sameHourOfPastWeeks(String signal, Instant at, int weeks) {
        Instant hour = at.truncatedTo(ChronoUnit.HOURS);
        return pastMeans.computeIfAbsent(signal + "@" + hour.toEpochMilli() + "/" + weeks, k -> {
            List<Instant> hours = new ArrayList<>(weeks);
            for (int w = 1; w <= weeks; w++) {
                hours.add(hour.minus(Duration.ofDays(7L * w)));
            }
            return store.loadMean(signal, hours);
        });
    }

    private void sampleIfDue() {
        Instant now = clock.instant();
        if (now.isBefore(sampledAt.plus(SAMPLE_EVERY))) {
            return;
        }
        sampledAt = now;
        sources.forEach((signal, source) -> {
            double value = source.getAsDouble();
            if (!Double.isNaN(value)) {
                latest.put(signal, value);
                sampled.put(signal, value);
            }
        });
    }

    /** Records the readings sampled since the last call; the engine calls it after a claim, outside its transaction. */
    public void recordSampled() {
        if (sampled.isEmpty()) {
            return;
        }
        Instant now = clock.instant();
        for (String signal : List.copyOf(sampled.keySet())) {
            Double value = sampled.remove(signal);
            if (value != null) {
                record(signal, value, now);
            }
        }
    }

    private void record(String signal, double value, Instant now) {
        Instant last = recorded.get(signal);
        if (last != null && now.isBefore(last.plus(RECORD_EVERY))) {
            return;
        }
        recorded.put(signal, now);
        if (pastMeans.size() > 10_000) {
            pastMeans.clear();
        }
        store.loadRecord(signal, now.truncatedTo(ChronoUnit.HOURS), value);
    }

    private static double cpuLoad() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            double load = os.getCpuLoad();
            return load < 0 ? Double.NaN : load;
        }
        return Double.NaN;
    }

    private static double memoryInUse() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            long total = os.getTotalMemorySize();
            return total <= 0 ? Double.NaN : 1.0 - (double) os.getFreeMemorySize() / total;
        }
        return Double.NaN;
    }
}
