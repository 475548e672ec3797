package dev.tide.server.intake;

import java.nio.file.Path;
import java.time.Duration;
import java.time.InstantSource;
import java.util.Objects;

/**
 * How a node takes files from its inbox folder.
 *
 * @param inbox the folder holding {@code <user>/<queue>/} folders; nodes sharing a database may share it
 * @param pollInterval the pause between passes; each pass looks at every folder, so this bounds how late a file is seen
 * @param settleTime a file is taken only once it is this old (by its modification time): a writer that does not
 *     rename gets this long between writes before a half-written file could be read. Zero takes files at once
 * @param clock what "now" is for the settle time; the host's clock by default, since file times are written by the
 *     file system's clock, not the database's
 */
public record IntakeSettings(Path inbox, Duration pollInterval, Duration settleTime, InstantSource clock) {
    public static final Duration DEFAULT_POLL_INTERVAL = Duration.ofSeconds(2);
    public static final Duration DEFAULT_SETTLE_TIME = Duration.ofSeconds(2);

    public IntakeSettings {
        Objects.requireNonNull(inbox, "inbox");
        Objects.requireNonNull(clock, "clock");
        if (pollInterval == null || pollInterval.isNegative() || pollInterval.isZero()) {
            throw new IllegalArgumentException("the intake's poll interval must be positive");
        }
        if (settleTime == null || settleTime.isNegative()) {
            throw new IllegalArgumentException("the intake's settle time must be zero or positive");
        }
    }

    /** Polls {@code inbox} every 2 s, taking files 2 s old, by the host's clock. */
    public static IntakeSettings of(Path inbox) {
        return new IntakeSettings(inbox, DEFAULT_POLL_INTERVAL, DEFAULT_SETTLE_TIME, InstantSource.system());
    }

    public IntakeSettings withPollInterval(Duration value) {
        return new IntakeSettings(inbox, value, settleTime, clock);
    }

    public IntakeSettings withSettleTime(Duration value) {
        return new IntakeSettings(inbox, pollInterval, value, clock);
    }

    public IntakeSettings withClock(InstantSource value) {
        return new IntakeSettings(inbox, pollInterval, settleTime, value);
    }
}
