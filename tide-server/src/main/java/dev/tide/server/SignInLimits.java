package dev.tide.server;

import java.time.Duration;

/**
 * The bounds of {@link SignInGuard}.
 *
 * @param perUserPerMinute sign-in attempts a user name may receive per minute, from anywhere (0: no limit)
 * @param perAddressPerMinute sign-in attempts one client address may make per minute, for any names (0: no limit)
 * @param concurrentChecks password checks (Argon2id hashes, about 20 MiB each) the server runs at once
 * @param checkWait how long an attempt waits for a check to free up before it is answered 503
 */
public record SignInLimits(int perUserPerMinute, int perAddressPerMinute, int concurrentChecks, Duration checkWait) {
    public static final SignInLimits DEFAULTS = new SignInLimits(10, 30, 4, Duration.ofSeconds(2));

    public SignInLimits {
        if (perUserPerMinute < 0 || perAddressPerMinute < 0) {
            throw new IllegalArgumentException("sign-in attempts per minute must be zero (no limit) or positive");
        }
        if (concurrentChecks < 1) {
            throw new IllegalArgumentException("concurrent password checks must be at least 1");
        }
        if (checkWait == null || checkWait.isNegative()) {
            throw new IllegalArgumentException("the wait for a password check must be zero or positive");
        }
    }

    public SignInLimits withPerUser(int value) {
        return new SignInLimits(value, perAddressPerMinute, concurrentChecks, checkWait);
    }

    public SignInLimits withPerAddress(int value) {
        return new SignInLimits(perUserPerMinute, value, concurrentChecks, checkWait);
    }

    public SignInLimits withConcurrentChecks(int value) {
        return new SignInLimits(perUserPerMinute, perAddressPerMinute, value, checkWait);
    }

    public SignInLimits withCheckWait(Duration value) {
        return new SignInLimits(perUserPerMinute, perAddressPerMinute, concurrentChecks, value);
    }
}
