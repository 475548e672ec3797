package dev.tide.config;

import java.nio.file.Path;
import java.time.Duration;
import org.jspecify.annotations.Nullable;

/** {@code tide.server.*}: the HTTP server of {@code tide server} (docs/operations.md lists each with its default). */
public record ServerSettings(
        int port,
        String host,
        TlsSettings tls,
        boolean allowPlainHttp,
        Duration grace,
        Path plugins,
        @Nullable Integer jmxPort,
        Duration idleTimeout,
        Duration requestHeadTimeout,
        int signInsPerUser,
        int signInsPerAddress,
        int passwordChecks,
        String logFormat) {

    /**
     * {@code tide.server.tls.*}: serve HTTPS with the certificate and key of a PKCS12 keystore.
     *
     * @param passwordEnv the environment variable holding the keystore's password
     * @param passwordFile a file holding it
     */
    public record TlsSettings(
            @Nullable Path keystore,
            @Nullable String passwordEnv,
            @Nullable Path passwordFile) {}
}
