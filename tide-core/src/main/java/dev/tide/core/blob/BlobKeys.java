package dev.tide.core.blob;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.HexFormat;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Names blobs {@code yyyy/MM/dd/<epoch millis, 13 digits>-<32 hex digits>}, from the engine's clock. Keys then sort in
 * the order they were made, in a folder walk and in an S3 listing alike, and each tells its own age: the orphan sweep
 * reads the oldest keys first and stops at the first one inside its grace period, whatever the files' own times say
 * (a test's clock, a copied folder). The random part keeps keys unique across nodes.
 */
public final class BlobKeys {
    private static final DateTimeFormatter DAY =
            DateTimeFormatter.ofPattern("yyyy/MM/dd").withZone(ZoneOffset.UTC);
    private static final Pattern KEY = Pattern.compile("\\d{4}/\\d{2}/\\d{2}/(\\d{13})-[0-9a-f]{32}");
    /** What any store accepts as a key: a relative path without empty, dot or dot-dot segments. */
    private static final Pattern SAFE = Pattern.compile("[A-Za-z0-9_-][A-Za-z0-9._-]*(/[A-Za-z0-9_-][A-Za-z0-9._-]*)*");

    private BlobKeys() {}

    /** A new key made at {@code now}. */
    public static String next(Instant now) {
        byte[] random = new byte[16];
        ThreadLocalRandom.current().nextBytes(random);
        return DAY.format(now) + "/" + String.format("%013d", now.toEpochMilli()) + "-"
                + HexFormat.of().formatHex(random);
    }

    /** When a key of {@link #next} was made; null for a key Tide did not make (the sweep leaves those alone). */
    public static Instant madeAt(String key) {
        Matcher m = KEY.matcher(key);
        return m.matches() ? Instant.ofEpochMilli(Long.parseLong(m.group(1))) : null;
    }

    /** Refuses a key a store could misread as a path outside its root. */
    public static String requireSafe(String key) {
        if (key == null || key.length() > 512 || !SAFE.matcher(key).matches() || key.contains("..")) {
            throw new IllegalArgumentException("not a blob key: " + key);
        }
        return key;
    }
}
