package dev.tide.api.auth;

import java.time.Instant;

/** A token as listed: everything but the secret. */
public record TokenInfo(String id, TokenKind kind, String label, Instant createdAt, Instant expiresAt) {}
