package dev.tide.config;

import java.time.Duration;
import org.jspecify.annotations.Nullable;

/** {@code tide.dashboard.*}: whether and where the web dashboard is served, and its sessions. */
public record DashboardSettings(
        boolean enabled,
        String basePath,
        Duration sessionIdleTimeout,
        Duration sessionMaxAge,
        @Nullable Boolean secureCookies) {}
