package dev.tide.api;

/**
 * Scales a profile's hourly rate by a load signal, the thesis's "further work": the full {@link ProfileLimits#maxPerHour()} while the
 * signal is at or below {@code low}, {@code minPerHour} at or above {@code high}, and in between in proportion. While
 * the signal has no reading yet, the full rate applies.
 *
 * @param signal the name of a load signal: {@code cpu} (the host's CPU load, 0 to 1), {@code memory} (the share of
 *     the host's memory in use, 0 to 1), {@code requests} (the request rate the host application reports),
 *     {@code db.connections} (the database's active connections), or one the application plugs in
 */
public record LoadScaling(String signal, long minPerHour, double low, double high) {

    public LoadScaling {
        LoadCondition.requireSignal("scaling.signal", signal);
        if (minPerHour < 0) {
            throw new InvalidRequestException("scaling.minPerHour", "must not be negative");
        }
        if (!(low < high)) {
            throw new InvalidRequestException("scaling", "low (" + low + ") must be below high (" + high + ")");
        }
    }

    /** The rate for {@code max} at this reading (NaN: no reading, the full rate); never below {@code minPerHour}. */
    public long scale(long max, double reading) {
        if (Double.isNaN(reading) || reading <= low) {
            return max;
        }
        if (reading >= high) {
            return minPerHour;
        }
        double share = (high - reading) / (high - low);
        return minPerHour + (long) Math.floor((max - minPerHour) * share);
    }
}
