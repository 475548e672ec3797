package dev.tide.core.store;

import dev.tide.api.auth.TokenKind;
import java.time.Instant;

/** A token as stored: its digest, never the token itself. */
public record TokenRow(
        String digest, String id, String account, TokenKind kind, String label, Instant createdAt, Instant expiresAt) {}
