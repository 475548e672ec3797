package dev.tide.api.auth;

import java.time.Instant;

/**
 * A token just issued. {@link #token} is shown this once: the server keeps only its digest.
 *
 * @param id how the token is named afterwards (listing, revoking); not a secret
 * @param expiresAt null: an API token valid until revoked
 */
public record IssuedToken(
        String token, String id, String user, TokenKind kind, String label, Instant createdAt, Instant expiresAt) {
    @Override
    public String toString() {
        return "IssuedToken[id=" + id + ", user=" + user + ", kind=" + kind + ", label=" + label + "]";
    }

    public TokenInfo info() {
        return new TokenInfo(id, kind, label, createdAt, expiresAt);
    }
}
