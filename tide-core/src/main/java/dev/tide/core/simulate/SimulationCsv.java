package dev.tide.core.simulate;

import java.util.Locale;

/**
 * A simulation's hours as CSV, one row per hour: {@code hour} (wall-clock start in the simulation's zone),
 * {@code load}, {@code allowed}, {@code used}, {@code completed}, {@code waiting_at_start}, {@code waiting_at_end}.
 * An empty {@code load} means no load curve; an empty {@code allowed}, no limit in that hour.
 */
public final class SimulationCsv {
    private SimulationCsv() {}

    public static String of(SimulationResult result) {
        StringBuilder out = new StringBuilder("hour,load,allowed,used,completed,waiting_at_start,waiting_at_end\n");
        for (HourRow h : result.hours()) {
            out.append(h.start())
                    .append(',')
                    .append(Double.isNaN(h.load()) ? "" : String.format(Locale.ROOT, "%.1f", h.load()))
                    .append(',')
                    .append(h.allowed() == null ? "" : h.allowed().toString())
                    .append(',')
                    .append(h.used())
                    .append(',')
                    .append(h.completed())
                    .append(',')
                    .append(h.waitingAtStart())
                    .append(',')
                    .append(h.waitingAtEnd())
                    .append('\n');
        }
        return out.toString();
    }
}
