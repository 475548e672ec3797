package dev.tide.server;

import java.io.InputStream;
import java.time.Duration;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.ServerConnector;

/**
 * What the server lets one connection cost before it refuses or cuts it: the size of a request's head, and how slowly
 * a client may send. Each bounds what a slow or hostile client can hold (a connection, a request thread, a buffer)
 * while sending nothing useful.
 *
 * @param headerBytes the largest request line and the largest header block, each (a longer line is 414, longer headers
 *     431)
 * @param idleTimeout a connection on which nothing moves either way for this long is closed, between requests or while
 *     one is read or answered; a request being handled (a claim waiting for work) is not cut by it
 * @param headTimeout a request's head (request line and headers) must arrive whole within this long of its first byte,
 *     however steadily it trickles; the client is then answered 408 and the connection closed
 * @param minBodyBytesPerSecond a body may keep a route waiting for {@code headTimeout} plus one second per this many
 *     bytes it delivered; slower, it is refused with 408 and its connection closed ({@link PacedBodyStream})
 */
record RequestLimits(int headerBytes, Duration idleTimeout, Duration headTimeout, int minBodyBytesPerSecond) {
    static final RequestLimits DEFAULTS =
            new RequestLimits(8 * 1024, Duration.ofSeconds(30), Duration.ofSeconds(10), 1024);

    RequestLimits {
        if (headerBytes < 1024) {
            throw new IllegalArgumentException("maxHeaderBytes must be at least 1024");
        }
        positive("idleTimeout", idleTimeout);
        positive("requestHeadTimeout", headTimeout);
        if (minBodyBytesPerSecond < 0) {
            throw new IllegalArgumentException("minBodyBytesPerSecond must be zero (no minimum) or positive");
        }
    }

    RequestLimits withHeaderBytes(int value) {
        return new RequestLimits(value, idleTimeout, headTimeout, minBodyBytesPerSecond);
    }

    RequestLimits withIdleTimeout(Duration value) {
        return new RequestLimits(headerBytes, value, headTimeout, minBodyBytesPerSecond);
    }

    RequestLimits withHeadTimeout(Duration value) {
        return new RequestLimits(headerBytes, idleTimeout, value, minBodyBytesPerSecond);
    }

    RequestLimits withMinBodyBytesPerSecond(int value) {
        return new RequestLimits(headerBytes, idleTimeout, headTimeout, value);
    }

    /** HTTP/1.1 under these limits: Jetty's head size and the {@link HeadDeadlineConnectionFactory}. */
    HttpConnectionFactory http(HttpConfiguration http) {
        http.setRequestHeaderSize(headerBytes);
        return new HeadDeadlineConnectionFactory(http, headTimeout);
    }

    /** A request body read at the pace of {@link PacedBodyStream}, with the head's timeout as its grace. */
    InputStream paced(InputStream body) {
        return new PacedBodyStream(body, headTimeout, minBodyBytesPerSecond);
    }

    /**
     * Connections the operating system holds for the server before it accepts them. Java's default is 50: a burst of
     * workers connecting at once (after a restart, or hundreds of long polls) overflowed it, and connections beyond it
     * were dropped unanswered. The kernel caps it at its own limit ({@code net.core.somaxconn}).
     */
    static final int ACCEPT_QUEUE = 1024;

    /** The connector, with its idle timeout and accept queue. */
    ServerConnector applyTo(ServerConnector connector) {
        connector.setIdleTimeout(idleTimeout.toMillis());
        connector.setAcceptQueueSize(ACCEPT_QUEUE);
        return connector;
    }

    private static void positive(String name, Duration value) {
        if (value == null || value.isNegative() || value.isZero()) {
            throw new IllegalArgumentException(name + " must be positive");
        }
    }
}
