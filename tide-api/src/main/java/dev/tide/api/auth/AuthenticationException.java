package dev.tide.api.auth;

import dev.tide.api.TideException;

/**
 * A request without valid credentials (HTTP 401): no token, an unknown, revoked or expired one, a disabled user, or a
 * wrong password. The message never says which of user or password was wrong.
 */
public class AuthenticationException extends TideException {
    private static final long serialVersionUID = 1L;

    public AuthenticationException(String message) {
        super(401, message);
    }

    @Override
    public String code() {
        return "unauthenticated";
    }
}
