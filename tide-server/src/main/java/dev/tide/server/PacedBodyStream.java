package dev.tide.server;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import org.eclipse.jetty.http.HttpException;

/**
 * A request body that may keep the server waiting only so long: a grace period, plus one second for each
 * {@code minBytesPerSecond} bytes it has delivered. Only time spent waiting in {@code read} counts, time the client is
 * to blame for; a body already arrived reads at once however slowly the server gets to it. A body trickled slower is
 * refused with 408 at its next byte (a client that sends nothing at all meets the idle timeout instead).
 *
 * <p>Jetty's own minimum data rate is not used: it counts from the first byte's arrival to each read, so a small body
 * read late by a busy server looks slow and is refused.
 */
final class PacedBodyStream extends FilterInputStream {
    private final long graceNanos;
    private final int minBytesPerSecond;
    private long waitedNanos;
    private long delivered;

    PacedBodyStream(InputStream body, Duration grace, int minBytesPerSecond) {
        super(body);
        this.graceNanos = grace.toNanos();
        this.minBytesPerSecond = minBytesPerSecond;
    }

    @Override
    public int read() throws IOException {
        long started = System.nanoTime();
        int b = super.read();
        paced(started, b < 0 ? 0 : 1);
        return b;
    }

    @Override
    public int read(byte[] buffer, int offset, int length) throws IOException {
        long started = System.nanoTime();
        int n = super.read(buffer, offset, length);
        paced(started, Math.max(0, n));
        return n;
    }

    private void paced(long started, int bytes) {
        waitedNanos += System.nanoTime() - started;
        delivered += bytes;
        if (minBytesPerSecond > 0 && waitedNanos > graceNanos + delivered * 1_000_000_000L / minBytesPerSecond) {
            throw new HttpException.RuntimeException(
                    408,
                    delivered + " bytes in " + waitedNanos / 1_000_000 + " ms of waiting, under " + minBytesPerSecond
                            + " bytes per second after a grace of " + graceNanos / 1_000_000 + " ms");
        }
    }
}
