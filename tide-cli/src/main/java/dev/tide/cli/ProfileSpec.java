package dev.tide.cli;

import dev.tide.api.LoadScaling;
import dev.tide.api.ProfileEntry;
import dev.tide.api.ProfileLimits;
import java.time.DateTimeException;
import java.time.DayOfWeek;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.format.DateTimeParseException;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The command line's short form of profile entries and limits, the thesis's table 8 on one line:
 * {@code night mon-fri 22:00-06:00 perHour=1000 perSession=50} is an entry named {@code night}; the limits alone
 * ({@code perHour=100 concurrency=2}) are a profile's default. Keys: {@code perHour}, {@code perSession},
 * {@code concurrency}, {@code boost}, {@code scale=SIGNAL:MIN:LOW:HIGH}, and for entries {@code precedence} and
 * {@code zone}.
 */
final class ProfileSpec {
    private static final List<String> DAY_NAMES = List.of("mon", "tue", "wed", "thu", "fri", "sat", "sun");
    private static final Set<String> LIMIT_KEYS = Set.of("perHour", "perSession", "concurrency", "boost", "scale");
    private static final Set<String> ENTRY_KEYS = Set.of("precedence", "zone");

    private ProfileSpec() {}

    /** An entry: {@code NAME DAYS FROM-UNTIL key=value...}. */
    static ProfileEntry entry(String spec) {
        String[] words = spec.trim().split("\\s+");
        if (words.length < 3) {
            throw new IllegalArgumentException(
                    "--entry '" + spec
                            + "': expected NAME DAYS FROM-UNTIL [key=value ...], e.g. 'night mon-fri 22:00-06:00 perHour=1000'");
        }
        String name = words[0];
        Set<DayOfWeek> days = days(name, words[1]);
        String[] window = words[2].split("-", 2);
        if (window.length != 2) {
            throw new IllegalArgumentException(
                    "--entry " + name + ": window '" + words[2] + "' must be FROM-UNTIL, e.g. 22:00-06:00");
        }
        Map<String, String> pairs = pairs("--entry " + name, Arrays.copyOfRange(words, 3, words.length), true);
        ProfileEntry entry = new ProfileEntry(
                name,
                days,
                time(name, window[0]),
                time(name, window[1]),
                pairs.containsKey("zone") ? zone(name, pairs.get("zone")) : null,
                pairs.containsKey("precedence") ? integer("--entry " + name, "precedence", pairs.get("precedence")) : 0,
                limits("--entry " + name, pairs),
                null);
        return entry;
    }

    /** Limits alone: {@code key=value} separated by spaces or commas. */
    static ProfileLimits limits(String spec) {
        return limits("--default", pairs("--default", spec.trim().split("[\\s,]+"), false));
    }

    private static ProfileLimits limits(String where, Map<String, String> pairs) {
        Long perHour = pairs.containsKey("perHour") ? (long) integer(where, "perHour", pairs.get("perHour")) : null;
        LoadScaling scaling = pairs.containsKey("scale") ? scaling(where, pairs.get("scale")) : null;
        return new ProfileLimits(
                perHour,
                optionalInteger(where, "perSession", pairs),
                optionalInteger(where, "concurrency", pairs),
                optionalInteger(where, "boost", pairs),
                scaling);
    }

    private static Map<String, String> pairs(String where, String[] words, boolean entry) {
        Map<String, String> pairs = new LinkedHashMap<>();
        for (String word : words) {
            if (word.isEmpty()) {
                continue;
            }
            int eq = word.indexOf('=');
            String key = eq < 0 ? word : word.substring(0, eq);
            if (eq < 0 || !(LIMIT_KEYS.contains(key) || (entry && ENTRY_KEYS.contains(key)))) {
                throw new IllegalArgumentException(where + ": '" + word + "' is not one of "
                        + (entry
                                ? "perHour, perSession, concurrency, boost, scale, precedence, zone"
                                : "perHour, perSession, concurrency, boost, scale")
                        + " as key=value");
            }
            pairs.put(key, word.substring(eq + 1));
        }
        return pairs;
    }

    private static Set<DayOfWeek> days(String name, String text) {
        String lower = text.toLowerCase(Locale.ROOT);
        if (lower.equals("daily") || lower.equals("all")) {
            return EnumSet.allOf(DayOfWeek.class);
        }
        Set<DayOfWeek> days = EnumSet.noneOf(DayOfWeek.class);
        for (String part : lower.split(",")) {
            String[] range = part.split("-", 2);
            int from = day(name, range[0]);
            int to = range.length == 2 ? day(name, range[1]) : from;
            for (int d = from; ; d = (d + 1) % 7) {
                days.add(DayOfWeek.of(d + 1));
                if (d == to) {
                    break;
                }
            }
        }
        return days;
    }

    private static int day(String name, String text) {
        int index = DAY_NAMES.indexOf(text);
        if (index < 0) {
            throw new IllegalArgumentException("--entry " + name + ": '" + text
                    + "' is not a day; use mon, tue, wed, thu, fri, sat, sun, ranges like mon-fri, or daily");
        }
        return index;
    }

    private static LocalTime time(String name, String text) {
        try {
            return LocalTime.parse(text);
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException("--entry " + name + ": '" + text + "' is not a time of day like 22:00");
        }
    }

    private static ZoneId zone(String name, String text) {
        try {
            return ZoneId.of(text);
        } catch (DateTimeException e) {
            throw new IllegalArgumentException(
                    "--entry " + name + ": zone '" + text + "' is not a time zone like Europe/Paris");
        }
    }

    private static LoadScaling scaling(String where, String text) {
        String[] parts = text.split(":");
        if (parts.length != 4) {
            throw new IllegalArgumentException(
                    where + ": scale '" + text + "' must be SIGNAL:MIN:LOW:HIGH, e.g. cpu:10:0.5:0.9");
        }
        try {
            return new LoadScaling(
                    parts[0], Long.parseLong(parts[1]), Double.parseDouble(parts[2]), Double.parseDouble(parts[3]));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(where + ": scale '" + text + "' has a part that is not a number");
        }
    }

    private static Integer optionalInteger(String where, String key, Map<String, String> pairs) {
        return pairs.containsKey(key) ? integer(where, key, pairs.get(key)) : null;
    }

    private static int integer(String where, String key, String text) {
        try {
            return Integer.parseInt(text);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(where + ": " + key + " '" + text + "' is not a whole number");
        }
    }
}
