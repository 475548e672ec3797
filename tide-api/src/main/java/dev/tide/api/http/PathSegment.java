package dev.tide.api.http;

import java.nio.charset.StandardCharsets;

/**
 * Percent-encodes a name for one path segment: every byte but the unreserved characters of RFC 3986, so that a worker
 * named {@code node-1/default} stays one segment. A name of only dots is encoded whole, or {@code ..} would climb a
 * level when the path is normalized.
 */
final class PathSegment {
    private static final char[] HEX = "0123456789ABCDEF".toCharArray();

    private PathSegment() {}

    static String encode(String text) {
        boolean onlyDots = text.chars().allMatch(c -> c == '.');
        StringBuilder out = new StringBuilder(text.length());
        for (byte b : text.getBytes(StandardCharsets.UTF_8)) {
            int c = b & 0xFF;
            if (isUnreserved(c) && !onlyDots) {
                out.append((char) c);
            } else {
                out.append('%').append(HEX[c >> 4]).append(HEX[c & 0xF]);
            }
        }
        return out.toString();
    }

    private static boolean isUnreserved(int c) {
        return (c >= 'A' && c <= 'Z')
                || (c >= 'a' && c <= 'z')
                || (c >= '0' && c <= '9')
                || c == '-'
                || c == '.'
                || c == '_'
                || c == '~';
    }
}
