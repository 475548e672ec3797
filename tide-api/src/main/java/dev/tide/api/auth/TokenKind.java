package dev.tide.api.auth;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import dev.tide.api.Wire;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/** How a token came to be. */
public enum TokenKind {
    /** Issued by an administrator for a program; valid until revoked or its expiry. */
    API,
    /** Given for a password at sign-in; expires. */
    SESSION;

    @JsonValue
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    @JsonCreator
    public static @Nullable TokenKind parse(@Nullable String text) {
        return Wire.parse(TokenKind.class, "kind", text);
    }
}
