package dev.tide.api.json;

import java.util.Arrays;

/**
 * Recognises, in one pass and without allocating, JSON text that {@link Json#normalize} would return unchanged, so the
 * usual payload (written compactly by a client's JSON library, as {@code {"n":1}}) is not parsed into a tree and written
 * again on every enqueue.
 *
 * <p>It answers yes only for a subset whose compact form is certain: objects, arrays, {@code true}, {@code false},
 * {@code null}, integers of at most 18 digits in canonical form, and strings of printable ASCII without escapes; no
 * whitespace, no repeated key within an object, not too deep, not too long. Anything else (a float, an escape, a
 * non-ASCII character, a space) answers no, and the caller takes the general path, which decides validity and form as
 * before. A wrong yes would change stored text, so the test compares both paths on many documents.
 */
final class CompactJson {
    /** Below every limit of Jackson's StreamReadConstraints, so the general path would not refuse what passes here. */
    static final int MAX_LENGTH = 1_000_000;

    static final int MAX_DEPTH = 64;
    static final int MAX_DIGITS = 18;
    static final int MAX_KEY_LENGTH = 1_000;
    /** Keys of one object compared pairwise for repeats; larger objects take the general path. */
    static final int MAX_KEYS = 32;

    private final String text;
    private int at;
    /** Start and end of each key of the objects being read, innermost object last; grown as needed. */
    private int[] keyStarts = new int[8];

    private int[] keyEnds = new int[8];
    private int keyCount;

    private CompactJson(String text) {
        this.text = text;
    }

    /** True when {@code text} is one JSON value already in the form {@link Json#normalize} writes. */
    static boolean isCompact(String text) {
        if (text.isEmpty() || text.length() > MAX_LENGTH) {
            return false;
        }
        CompactJson reader = new CompactJson(text);
        return reader.value(0) && reader.at == text.length();
    }

    private boolean value(int depth) {
        if (at >= text.length()) {
            return false;
        }
        char c = text.charAt(at);
        return switch (c) {
            case '{' -> depth < MAX_DEPTH && object(depth + 1);
            case '[' -> depth < MAX_DEPTH && array(depth + 1);
            case '"' -> string(Integer.MAX_VALUE);
            case 't' -> word("true");
            case 'f' -> word("false");
            case 'n' -> word("null");
            default -> integer();
        };
    }

    private boolean object(int depth) {
        at++;
        if (next('}')) {
            return true;
        }
        int firstKey = keyCount;
        do {
            int start = at;
            if (!string(MAX_KEY_LENGTH) || !uniqueKey(firstKey, start + 1, at - 1) || !next(':') || !value(depth)) {
                return false;
            }
        } while (next(','));
        keyCount = firstKey;
        return next('}');
    }

    /** Records the key at [start, end) unless the object being read already has it or has too many keys. */
    private boolean uniqueKey(int firstKey, int start, int end) {
        if (keyCount - firstKey >= MAX_KEYS) {
            return false;
        }
        if (keyCount == keyStarts.length) {
            keyStarts = Arrays.copyOf(keyStarts, 2 * keyCount);
            keyEnds = Arrays.copyOf(keyEnds, 2 * keyCount);
        }
        int length = end - start;
        for (int k = firstKey; k < keyCount; k++) {
            if (keyEnds[k] - keyStarts[k] == length && text.regionMatches(keyStarts[k], text, start, length)) {
                return false;
            }
        }
        keyStarts[keyCount] = start;
        keyEnds[keyCount++] = end;
        return true;
    }

    private boolean array(int depth) {
        at++;
        if (next(']')) {
            return true;
        }
        do {
            if (!value(depth)) {
                return false;
            }
        } while (next(','));
        return next(']');
    }

    /** A string of printable ASCII without escapes: the generator writes every such character as it is. */
    private boolean string(int maxLength) {
        int start = ++at;
        while (at < text.length()) {
            char c = text.charAt(at);
            if (c == '"') {
                at++;
                return at - start - 1 <= maxLength;
            }
            if (c < 0x20 || c > 0x7e || c == '\\') {
                return false;
            }
            at++;
        }
        return false;
    }

    /** An integer as the generator writes one: no plus, no leading zero, no "-0", short enough to be a long. */
    private boolean integer() {
        int start = at;
        if (at < text.length() && text.charAt(at) == '-') {
            at++;
        }
        int digits = at;
        while (at < text.length() && text.charAt(at) >= '0' && text.charAt(at) <= '9') {
            at++;
        }
        int count = at - digits;
        if (count == 0 || count > MAX_DIGITS || (text.charAt(digits) == '0' && (count > 1 || digits > start))) {
            return false;
        }
        // a fraction or an exponent follows: a float, left to the general path
        return at >= text.length() || (text.charAt(at) != '.' && text.charAt(at) != 'e' && text.charAt(at) != 'E');
    }

    private boolean word(String word) {
        if (text.startsWith(word, at)) {
            at += word.length();
            return true;
        }
        return false;
    }

    private boolean next(char c) {
        if (at < text.length() && text.charAt(at) == c) {
            at++;
            return true;
        }
        return false;
    }
}
