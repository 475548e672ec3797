package dev.tide.server;

import java.time.Duration;
import java.time.InstantSource;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * What stands before a password check at sign-in. Each check is an Argon2id hash (about 20 MiB and tens of
 * milliseconds of CPU), so an unthrottled sign-in route lets anyone spend the server's memory and CPU, and guess
 * passwords as fast as it can send. So: attempts are counted per client address and per user name, whether the user
 * exists or not and whether the password is right or not (the answer tells nothing new: only the count decides), and
 * a refused attempt is answered 429 before anything is hashed; and the checks running at once are bounded, a further
 * one waiting briefly for a turn, then answered 503. The API's sign-in and the dashboard's share one guard, so neither
 * is a way around the other's count.
 */
public final class SignInGuard {
    /** A user name counts by its first characters: a long name costs its sender, not the server's memory. */
    private static final int NAME_KEY_CHARS = 256;

    private final AttemptThrottle perAddress;
    private final AttemptThrottle perUser;
    private final Semaphore checks;
    private final Duration checkWait;

    public SignInGuard(SignInLimits limits, InstantSource clock) {
        this.perAddress = new AttemptThrottle(limits.perAddressPerMinute(), clock);
        this.perUser = new AttemptThrottle(limits.perUserPerMinute(), clock);
        this.checks = new Semaphore(limits.concurrentChecks(), true);
        this.checkWait = limits.checkWait();
    }

    /** Runs {@code check} (the password check) if this attempt may go ahead; otherwise refuses it. */
    public <T> T attempt(String user, String address, Supplier<T> check) {
        int wait = perAddress.attempt(address);
        if (wait > 0) {
            throw SignInRefusedException.throttled("from this address", wait);
        }
        if (user != null) {
            String key = user.length() > NAME_KEY_CHARS ? user.substring(0, NAME_KEY_CHARS) : user;
            wait = perUser.attempt(key);
            if (wait > 0) {
                throw SignInRefusedException.throttled("for this user name", wait);
            }
        }
        try {
            if (!checks.tryAcquire(checkWait.toNanos(), TimeUnit.NANOSECONDS)) {
                throw SignInRefusedException.busy(1);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw SignInRefusedException.busy(1);
        }
        try {
            return check.get();
        } finally {
            checks.release();
        }
    }
}
