package dev.tide.config;

/**
 * Settings that cannot start Tide: one line naming where the value came from (the file, an environment variable or a
 * flag), the key, and what is allowed, e.g. {@code tide.yaml: tide.retention: 'soon' is not a duration (e.g. 30s, 5m,
 * 7d)}. Thrown before anything is opened or written.
 */
public final class SettingsException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    private final String key;

    SettingsException(String key, String message) {
        super(message);
        this.key = key;
    }

    /** The full key of the setting at fault, e.g. {@code tide.server.port}. */
    public String key() {
        return key;
    }
}
