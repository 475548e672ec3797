package dev.tide.config;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A number of bytes, as Spring Boot's {@code DataSize} reads it: a plain number of bytes, or a number with {@code B},
 * {@code KB}, {@code MB}, {@code GB} or {@code TB} (binary: 1KB is 1024 bytes).
 */
public record DataSize(long bytes) {
    private static final Pattern FORM = Pattern.compile("(\\d+)\\s*(b|kb|mb|gb|tb)?");
    private static final String[] UNITS = {"B", "KB", "MB", "GB", "TB"};

    public static DataSize ofBytes(long bytes) {
        return new DataSize(bytes);
    }

    static DataSize parse(String text) {
        Matcher m = FORM.matcher(text.strip().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw new IllegalArgumentException("'" + text + "' is not a size (e.g. 65536, 512KB, 1MB)");
        }
        int shift = switch (m.group(2) == null ? "b" : m.group(2)) {
            case "kb" -> 10;
            case "mb" -> 20;
            case "gb" -> 30;
            case "tb" -> 40;
            default -> 0;
        };
        try {
            long n = Long.parseLong(m.group(1));
            if (n > Long.MAX_VALUE >> shift) {
                throw new NumberFormatException();
            }
            return new DataSize(n << shift);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + text + "' is too large a size");
        }
    }

    /** In the largest unit that divides it: 1048576 is {@code 1MB}. */
    @Override
    public String toString() {
        long n = bytes;
        int unit = 0;
        while (n != 0 && n % 1024 == 0 && unit < UNITS.length - 1) {
            n /= 1024;
            unit++;
        }
        return n + UNITS[unit];
    }
}
