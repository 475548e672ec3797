package dev.tide.cli;

import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Set;

/** Option values of the administration commands: numbers that may be {@code none}, and lists of names. */
final class Settings {
    private Settings() {}

    /** A whole number, or {@code none} (null): what takes a setting away. */
    static Integer numberOrNone(String option, String text) {
        if (text.strip().toLowerCase(Locale.ROOT).equals("none")) {
            return null;
        }
        try {
            return Integer.valueOf(text.strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(option + ": '" + text + "' is not a whole number or none");
        }
    }

    /** Names separated by commas (or spaces); {@code none} for no names. */
    static Set<String> names(String text) {
        Set<String> names = new LinkedHashSet<>();
        if (text.strip().equalsIgnoreCase("none")) {
            return names;
        }
        Arrays.stream(text.split("[,\\s]+")).filter(n -> !n.isEmpty()).forEach(names::add);
        return names;
    }

    /** Names as one cell: comma-separated, or "-" for none. */
    static String cell(java.util.Collection<String> names) {
        return names.isEmpty() ? "-" : String.join(",", names);
    }
}
