package dev.tide.core.simulate;

import dev.tide.api.InvalidRequestException;
import dev.tide.api.LoadScaling;
import java.time.DayOfWeek;
import java.time.LocalDateTime;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.random.RandomGenerator;

/**
 * A load signal's value through the week, such as the request rate of the host application's users: one value per hour
 * of the day (24 values, the same every day) or per hour of the week (168, from Monday 00:00), times the day's factor
 * (a quieter weekend), times a random factor around 1 with the relative spread {@code noise}. The value holds for the
 * whole hour: the simulation reports it to the engine when the hour begins.
 *
 * @param signal the signal it is reported as ({@code requests}, say), as profiles' scaling and conditions name it
 * @param curve 24 or 168 values, none negative
 * @param dayFactors a factor per day of the week; 1 for days not named
 * @param noise the standard deviation of the random factor (0.1: about 10%); 0 when null
 */
public record LoadCurve(String signal, List<Double> curve, Map<DayOfWeek, Double> dayFactors, Double noise) {

    public LoadCurve {
        // borrow the engine's rule for signal names, so a curve can always be reported
        new LoadScaling(signal, 0, 0, 1);
        if (curve == null || (curve.size() != 24 && curve.size() != 168)) {
            throw new InvalidRequestException(
                    "curve", "needs 24 values (one per hour of the day) or 168 (per hour of the week)");
        }
        for (int i = 0; i < curve.size(); i++) {
            Double v = curve.get(i);
            if (v == null || !Double.isFinite(v) || v < 0) {
                throw new InvalidRequestException("curve[" + i + "]", "must be a number of at least 0");
            }
        }
        curve = List.copyOf(curve);
        dayFactors = dayFactors == null || dayFactors.isEmpty() ? Map.of() : new EnumMap<>(dayFactors);
        dayFactors.forEach((day, factor) -> {
            if (factor == null || !Double.isFinite(factor) || factor < 0) {
                throw new InvalidRequestException("dayFactors." + day, "must be a number of at least 0");
            }
        });
        noise = noise == null ? 0.0 : noise;
        if (!Double.isFinite(noise) || noise < 0 || noise > 1) {
            throw new InvalidRequestException("noise", "must be between 0 and 1");
        }
    }

    /** The curve's value for the hour that starts at {@code hour} (wall-clock), with noise drawn from {@code random}. */
    public double valueAt(LocalDateTime hour, RandomGenerator random) {
        DayOfWeek day = hour.getDayOfWeek();
        int index = curve.size() == 24 ? hour.getHour() : (day.getValue() - 1) * 24 + hour.getHour();
        double value = curve.get(index) * dayFactors.getOrDefault(day, 1.0);
        if (noise > 0) {
            value *= Math.max(0, 1 + noise * random.nextGaussian());
        }
        return value;
    }
}
