package dev.tide.config;

import java.time.Duration;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * How long something is kept, or how often something happens, where "never stop keeping" (or "never") is a value of
 * its own: {@code forever} (also {@code none}, {@code never}) for retentions, {@code none} for a digest.
 *
 * @param duration the length; null for forever / none
 */
public record Lifetime(@Nullable Duration duration) {
    public static final Lifetime FOREVER = new Lifetime(null);

    public Lifetime {
        if (duration != null && (duration.isNegative() || duration.isZero())) {
            throw new IllegalArgumentException("must be positive, or forever");
        }
    }

    public static Lifetime of(Duration duration) {
        return new Lifetime(duration);
    }

    /** Parses the text; throws with a message for the person who wrote it. */
    static Lifetime parse(String text) {
        String t = text.strip().toLowerCase(Locale.ROOT);
        if (t.equals("forever") || t.equals("none") || t.equals("never")) {
            return FOREVER;
        }
        Duration d = DurationText.parseOrNull(t);
        if (d == null) {
            throw new IllegalArgumentException(
                    "'" + text + "' is not a duration or forever (" + DurationText.EXAMPLES + ", forever)");
        }
        return new Lifetime(d);
    }

    @Override
    public String toString() {
        return duration == null ? "forever" : DurationText.format(duration);
    }
}
