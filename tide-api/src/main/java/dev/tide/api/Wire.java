package dev.tide.api;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;

/** Parsing of lower-case enum names as they travel in JSON, query strings and CLI options. */
public final class Wire {
    private Wire() {}

    /** The constant named {@code text} in any case; an {@link InvalidRequestException} on {@code field} listing the names otherwise. */
    public static <E extends Enum<E>> @Nullable E parse(Class<E> type, String field, @Nullable String text) {
        if (text == null) {
            return null;
        }
        try {
            return Enum.valueOf(type, text.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            String allowed = Arrays.stream(type.getEnumConstants())
                    .map(c -> c.name().toLowerCase(Locale.ROOT))
                    .collect(Collectors.joining(", "));
            throw new InvalidRequestException(field, "'" + text + "' is not one of: " + allowed);
        }
    }
}
