package dev.tide.server.dashboard;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/** Query strings of dashboard links: each value percent-encoded, empty ones left out. */
public final class Urls {
    private Urls() {}

    public static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }

    /** {@code ?a=1&b=x%20y} of the pairs whose value is not null or blank; "" when none is left. */
    public static String query(Map<String, ?> params) {
        StringBuilder out = new StringBuilder();
        params.forEach((name, value) -> {
            if (value != null && !value.toString().isBlank()) {
                out.append(out.isEmpty() ? '?' : '&')
                        .append(encode(name))
                        .append('=')
                        .append(encode(value.toString()));
            }
        });
        return out.toString();
    }

    /** {@link #query(Map)} of alternating names and values. */
    public static String query(Object... namesAndValues) {
        Map<String, Object> params = new LinkedHashMap<>();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            params.put((String) namesAndValues[i], namesAndValues[i + 1]);
        }
        return query(params);
    }
}
