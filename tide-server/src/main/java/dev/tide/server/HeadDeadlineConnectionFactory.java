package dev.tide.server;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.tide.api.json.Json;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.eclipse.jetty.io.Connection;
import org.eclipse.jetty.io.EndPoint;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.internal.HttpConnection;
import org.eclipse.jetty.util.Callback;

/**
 * HTTP/1.1 connections whose request heads must arrive whole within a deadline of their first byte. Jetty's idle
 * timeout only notices silence: a client sending one header byte every few seconds would hold its connection forever
 * (a "slowloris"). Here such a client is answered 408, in Tide's JSON, and cut.
 *
 * <p>The clock starts when the parser begins a message (the first bytes of a request arrive) and stops when its headers
 * are complete; a check scheduled at the deadline cuts the connection if that head is still incomplete. A head that
 * arrives in one piece, as every ordinary client sends it, schedules nothing.
 */
final class HeadDeadlineConnectionFactory extends HttpConnectionFactory {
    private static final byte[] TIMEOUT = timeoutAnswer();

    private final long deadlineNanos;

    HeadDeadlineConnectionFactory(HttpConfiguration http, Duration deadline) {
        super(http);
        this.deadlineNanos = deadline.toNanos();
    }

    @Override
    public Connection newConnection(Connector connector, EndPoint endPoint) {
        TimedConnection connection = new TimedConnection(getHttpConfiguration(), connector, endPoint);
        connection.setTransferEncodingChunkMaxLength(getTransferEncodingChunkMaxLength());
        return configure(connection, connector, endPoint);
    }

    private final class TimedConnection extends HttpConnection {
        /** When the head in progress began (System.nanoTime), or 0 when no head is in progress. */
        private volatile long headStart;

        /** Whether a check is pending: at most one per connection at a time. */
        private final AtomicBoolean checkScheduled = new AtomicBoolean();

        TimedConnection(HttpConfiguration config, Connector connector, EndPoint endPoint) {
            super(config, connector, endPoint);
        }

        @Override
        protected RequestHandler newRequestHandler() {
            // Called from HttpConnection's constructor: the handler must not touch this class's fields before then.
            return new TimedRequestHandler();
        }

        private void headBegun() {
            headStart = System.nanoTime();
            if (checkScheduled.compareAndSet(false, true)) {
                schedule(deadlineNanos);
            }
        }

        private void headEnded() {
            headStart = 0;
        }

        private void schedule(long delayNanos) {
            try {
                getConnector().getScheduler().schedule(this::check, delayNanos, TimeUnit.NANOSECONDS);
            } catch (RejectedExecutionException stopping) {
                checkScheduled.set(false); // the server is stopping and closes the connection itself
            }
        }

        /**
         * At a deadline: nothing to do if no head is in progress (the next one schedules its own check), later if the
         * head began after the check was scheduled, and a cut if it is overdue and some of it has arrived (a head that
         * has not started is an idle connection, the idle timeout's business).
         */
        private void check() {
            long start = headStart;
            if (start == 0) {
                checkScheduled.set(false);
                // a head begun while this check stood down, having seen a check pending, gets its own now
                if (headStart != 0 && checkScheduled.compareAndSet(false, true)) {
                    schedule(Math.max(0, headStart + deadlineNanos - System.nanoTime()));
                }
                return;
            }
            long left = start + deadlineNanos - System.nanoTime();
            if (left > 0) {
                schedule(left);
                return;
            }
            checkScheduled.set(false);
            if (!getParser().isStart()) {
                cut();
            }
        }

        private void cut() {
            headStart = 0;
            EndPoint endPoint = getEndPoint();
            try {
                endPoint.write(Callback.from(endPoint::close), ByteBuffer.wrap(TIMEOUT));
            } catch (RuntimeException writing) {
                endPoint.close(); // an answer to an earlier request still being written: cut without a word
            }
        }

        private final class TimedRequestHandler extends RequestHandler {
            @Override
            public void messageBegin() {
                super.messageBegin();
                headBegun();
            }

            @Override
            public boolean headerComplete() {
                headEnded();
                return super.headerComplete();
            }

            @Override
            public void badMessage(org.eclipse.jetty.http.HttpException failure) {
                headEnded();
                super.badMessage(failure);
            }

            @Override
            public void earlyEOF() {
                headEnded();
                super.earlyEOF();
            }
        }
    }

    /** The whole 408 answer, written straight to the connection: no request exists yet to answer through. */
    private static byte[] timeoutAnswer() {
        try {
            byte[] body = Json.mapper()
                    .writeValueAsBytes(ErrorBody.of(
                            ErrorMapper.codeOf(408),
                            "the request's head (request line and headers) did not arrive in time"));
            String head = "HTTP/1.1 408 Request Timeout\r\nContent-Type: application/json\r\nContent-Length: "
                    + body.length + "\r\nConnection: close\r\n\r\n";
            byte[] headBytes = head.getBytes(StandardCharsets.ISO_8859_1);
            byte[] answer = new byte[headBytes.length + body.length];
            System.arraycopy(headBytes, 0, answer, 0, headBytes.length);
            System.arraycopy(body, 0, answer, headBytes.length, body.length);
            return answer;
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("an error body is always JSON", e);
        }
    }
}
