package dev.tide.server.dashboard;

import java.time.Duration;
import java.util.Objects;

/**
 * How the dashboard is mounted and how long its sessions last. The names are those of the configuration file and of
 * the Spring properties: {@code tide.dashboard.base-path}, {@code tide.dashboard.session-idle-timeout},
 * {@code tide.dashboard.session-max-age}, {@code tide.dashboard.secure-cookies} (and {@code tide.dashboard.enabled},
 * which decides whether a server mounts it at all).
 *
 * @param basePath where the pages are served, e.g. {@code /ui} or {@code /tools/queue}: no trailing slash
 * @param sessionIdleTimeout a session left unused this long ends (default 30 minutes)
 * @param sessionMaxAge a session ends this long after sign-in, used or not (default 12 hours)
 * @param secureCookies whether the session cookie is marked Secure; null: when the request came over TLS
 */
public record DashboardSettings(
        String basePath, Duration sessionIdleTimeout, Duration sessionMaxAge, Boolean secureCookies) {
    public static final String DEFAULT_BASE_PATH = "/ui";
    public static final DashboardSettings DEFAULTS =
            new DashboardSettings(DEFAULT_BASE_PATH, Duration.ofMinutes(30), Duration.ofHours(12), null);

    public DashboardSettings {
        basePath = normalized(basePath);
        requirePositive("sessionIdleTimeout", sessionIdleTimeout);
        requirePositive("sessionMaxAge", sessionMaxAge);
    }

    public DashboardSettings withBasePath(String value) {
        return new DashboardSettings(value, sessionIdleTimeout, sessionMaxAge, secureCookies);
    }

    public DashboardSettings withSessionIdleTimeout(Duration value) {
        return new DashboardSettings(basePath, value, sessionMaxAge, secureCookies);
    }

    public DashboardSettings withSessionMaxAge(Duration value) {
        return new DashboardSettings(basePath, sessionIdleTimeout, value, secureCookies);
    }

    public DashboardSettings withSecureCookies(Boolean value) {
        return new DashboardSettings(basePath, sessionIdleTimeout, sessionMaxAge, value);
    }

    /**
     * {@code /ui}, {@code ui/} and {@code /ui/} all mean {@code /ui}. The root itself is refused: the API's routes live
     * there, and a dashboard at {@code /} would shadow them.
     */
    private static String normalized(String path) {
        Objects.requireNonNull(path, "basePath");
        String trimmed = path.strip();
        while (trimmed.endsWith("/")) {
            trimmed = trimmed.substring(0, trimmed.length() - 1);
        }
        if (!trimmed.startsWith("/")) {
            trimmed = "/" + trimmed;
        }
        if (trimmed.equals("/") || !trimmed.matches("(/[A-Za-z0-9._~-]+)+") || trimmed.startsWith("/v1")) {
            throw new IllegalArgumentException("dashboard base path '" + path
                    + "': give one or more path segments of letters, digits, '.', '_', '~' or '-', not under /v1 "
                    + "(e.g. /ui)");
        }
        return trimmed;
    }

    private static void requirePositive(String name, Duration value) {
        if (value == null || value.isNegative() || value.isZero()) {
            throw new IllegalArgumentException("dashboard " + name + " must be positive");
        }
    }
}
