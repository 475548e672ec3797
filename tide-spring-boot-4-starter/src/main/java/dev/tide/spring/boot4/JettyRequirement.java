package dev.tide.spring.boot4;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Tide's embedded server runs on Javalin 7, which needs Jetty 12.1 or newer. Boot 4 manages such a Jetty; an
 * application whose build pins an older one (a BOM of its own, say) would otherwise fail deep inside Javalin with a
 * missing method, so the server refuses to start first, saying why and what to do.
 */
final class JettyRequirement {
    private static final Pattern MAJOR_MINOR = Pattern.compile("(\\d+)\\.(\\d+).*");

    private JettyRequirement() {}

    static void check(String jettyVersion) {
        Matcher m = MAJOR_MINOR.matcher(jettyVersion);
        boolean enough = m.matches()
                && (Integer.parseInt(m.group(1)) > 12
                        || (Integer.parseInt(m.group(1)) == 12 && Integer.parseInt(m.group(2)) >= 1));
        if (!enough) {
            throw new IllegalStateException(
                    "Tide's embedded HTTP server needs Jetty 12.1 or newer; this application has "
                            + "Jetty " + jettyVersion + ": align Jetty to 12.1 (Spring Boot 4 manages it) or set "
                            + "tide.server.enabled=false (the engine and workers run without it)");
        }
    }
}
