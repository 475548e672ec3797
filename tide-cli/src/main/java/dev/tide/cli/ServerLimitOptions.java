package dev.tide.cli;

import java.time.Duration;
import picocli.CommandLine.Option;

/**
 * What one client may cost the server: how slowly it may send, and how often it may try to sign in
 * (docs/operations.md, "Timeouts and limits of the HTTP server"; docs/security.md, "Sign-in throttle"). Each left out
 * keeps the server's default. Each sets a setting of tide.yaml ({@link ServerFlags}): {@code tide.server.idle-timeout},
 * and so on.
 */
final class ServerLimitOptions {
    @Option(
            names = "--idle-timeout",
            converter = Durations.class,
            paramLabel = "DURATION",
            description = "Close a connection silent this long both ways (default: 30s; a waiting claim is not cut).")
    Duration idleTimeout;

    @Option(
            names = "--request-head-timeout",
            converter = Durations.class,
            paramLabel = "DURATION",
            description = "A request line and headers must arrive whole within this of their first byte, else 408 "
                    + "and the connection is closed (default: 10s).")
    Duration requestHeadTimeout;

    @Option(
            names = "--sign-ins-per-user",
            paramLabel = "N",
            description = "Sign-in attempts per minute for one user name, existing or not (default: 10; 0: no limit).")
    Integer signInsPerUser;

    @Option(
            names = "--sign-ins-per-address",
            paramLabel = "N",
            description = "Sign-in attempts per minute from one client address (default: 30; 0: no limit; behind a "
                    + "proxy every client has the proxy's address).")
    Integer signInsPerAddress;

    @Option(
            names = "--password-checks",
            paramLabel = "N",
            description = "Password checks (Argon2id, about 20 MiB each) run at once; one more waits 2s, then 503 "
                    + "(default: 4).")
    Integer passwordChecks;
}
