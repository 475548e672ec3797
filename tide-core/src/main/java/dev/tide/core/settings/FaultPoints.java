package dev.tide.core.settings;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Named places where crash tests stop the process dead, as {@code kill -9} would, at an exact point of the write path
 * (for example between a commit and its acknowledgement). Off unless the system property {@code tide.faults} is set,
 * e.g. {@code -Dtide.faults=sqlite.after-commit@200}: the 200th time that point is reached, the JVM halts with exit
 * code 137 without running shutdown hooks.
 */
public final class FaultPoints {
    private static final Map<String, Long> TRIGGERS = parse(System.getProperty("tide.faults", ""));
    private static final Map<String, AtomicLong> REACHED = new ConcurrentHashMap<>();

    private FaultPoints() {}

    public static void reach(String point) {
        if (TRIGGERS.isEmpty()) {
            return;
        }
        Long at = TRIGGERS.get(point);
        if (at != null && REACHED.computeIfAbsent(point, p -> new AtomicLong()).incrementAndGet() == at) {
            System.err.println("tide: fault point " + point + " reached " + at + " times; halting");
            Runtime.getRuntime().halt(137);
        }
    }

    private static Map<String, Long> parse(String spec) {
        Map<String, Long> out = new ConcurrentHashMap<>();
        for (String part : spec.split(",")) {
            int at = part.indexOf('@');
            if (at > 0) {
                out.put(
                        part.substring(0, at).trim(),
                        Long.parseLong(part.substring(at + 1).trim()));
            }
        }
        return out;
    }
}
