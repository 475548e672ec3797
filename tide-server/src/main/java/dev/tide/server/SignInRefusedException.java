package dev.tide.server;

import dev.tide.api.TideException;

/**
 * A sign-in refused before its password was checked: too many attempts for the user name or from the address (429),
 * or too many password checks running at once (503). Either way the answer carries {@code Retry-After}, and says
 * nothing about whether the user exists.
 */
public final class SignInRefusedException extends TideException {
    private static final long serialVersionUID = 1L;

    private final int retryAfterSeconds;
    private final String code;

    private SignInRefusedException(int status, String code, String message, int retryAfterSeconds) {
        super(status, message + "; try again in " + retryAfterSeconds + " s");
        this.code = code;
        this.retryAfterSeconds = retryAfterSeconds;
    }

    static SignInRefusedException throttled(String whose, int retryAfterSeconds) {
        return new SignInRefusedException(
                429, "sign_in_throttled", "too many sign-in attempts " + whose, retryAfterSeconds);
    }

    static SignInRefusedException busy(int retryAfterSeconds) {
        return new SignInRefusedException(
                503, "unavailable", "the server is checking as many passwords as it may at once", retryAfterSeconds);
    }

    public int retryAfterSeconds() {
        return retryAfterSeconds;
    }

    @Override
    public String code() {
        return code;
    }
}
