package dev.tide.server;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tide.api.json.Json;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * One TCP connection to a server, written byte by byte as the test wishes: for requests no HTTP client would send (a
 * NUL in the path, a malformed header line) and for clients that send slowly.
 */
final class RawSocket implements AutoCloseable {
    private final Socket socket;
    private final OutputStream out;
    private final InputStream in;

    RawSocket(URI server, Duration readTimeout) {
        try {
            socket = new Socket();
            socket.connect(new InetSocketAddress(server.getHost(), server.getPort()), 5_000);
            socket.setSoTimeout((int) readTimeout.toMillis());
            out = socket.getOutputStream();
            in = socket.getInputStream();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Sends one whole request as written (lines end in CRLF as the caller wrote them) and reads the answer. */
    static Answer exchange(URI server, String request) {
        return exchange(server, request.getBytes(StandardCharsets.ISO_8859_1));
    }

    static Answer exchange(URI server, byte[] request) {
        try (RawSocket socket = new RawSocket(server, Duration.ofSeconds(10))) {
            socket.write(request);
            return socket.read();
        }
    }

    /** Writes bytes; false when the server has closed the connection meanwhile. */
    boolean write(byte[] bytes) {
        try {
            out.write(bytes);
            out.flush();
            return true;
        } catch (SocketException e) {
            return false;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    boolean write(String text) {
        return write(text.getBytes(StandardCharsets.ISO_8859_1));
    }

    /**
     * Reads one answer: its head, then a body of Content-Length bytes, or up to the end of the stream. Null when the
     * server closed the connection without answering.
     */
    Answer read() {
        try {
            ByteArrayOutputStream head = new ByteArrayOutputStream();
            int b;
            while ((b = in.read()) >= 0) {
                head.write(b);
                byte[] sofar = head.toByteArray();
                int n = sofar.length;
                if (n >= 4
                        && sofar[n - 4] == '\r'
                        && sofar[n - 3] == '\n'
                        && sofar[n - 2] == '\r'
                        && sofar[n - 1] == '\n') {
                    break;
                }
            }
            if (head.size() == 0) {
                return null;
            }
            String[] lines = head.toString(StandardCharsets.ISO_8859_1).split("\r\n");
            int status = Integer.parseInt(lines[0].split(" ")[1]);
            Map<String, String> headers = new LinkedHashMap<>();
            for (int i = 1; i < lines.length; i++) {
                int colon = lines[i].indexOf(':');
                if (colon > 0) {
                    headers.put(
                            lines[i].substring(0, colon).trim().toLowerCase(Locale.ROOT),
                            lines[i].substring(colon + 1).trim());
                }
            }
            String length = headers.get("content-length");
            byte[] body = length != null ? in.readNBytes(Integer.parseInt(length)) : in.readAllBytes();
            return new Answer(status, headers, new String(body, StandardCharsets.UTF_8));
        } catch (SocketException e) {
            return null; // reset by the server
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Whether the server has closed the connection: reading finds the end of the stream (or a reset). */
    boolean closedByServer() {
        try {
            return in.read() < 0;
        } catch (SocketException e) {
            return true;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        try {
            socket.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    record Answer(int status, Map<String, String> headers, String text) {
        String header(String name) {
            return headers.get(name.toLowerCase(Locale.ROOT));
        }

        JsonNode json() {
            try {
                return Json.mapper().readTree(text);
            } catch (IOException e) {
                throw new AssertionError("not JSON: " + text, e);
            }
        }

        @Override
        public String toString() {
            return status + " " + headers + " " + text;
        }
    }
}
