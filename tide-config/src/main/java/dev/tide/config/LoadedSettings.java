package dev.tide.config;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.tide.core.TideConfig;
import java.util.List;
import java.util.Map;

/**
 * The settings {@link SettingsLoader} read, and where each came from: what reads a secret or opens a store through
 * these names the flag, variable or file at fault when it fails.
 */
public final class LoadedSettings {
    private final TideSettings settings;
    private final Origins origins;
    private final List<String> warnings;

    LoadedSettings(TideSettings settings, Origins origins, List<String> warnings) {
        this.settings = settings;
        this.origins = origins;
        this.warnings = warnings;
    }

    /** Every setting, defaults filled in. */
    public TideSettings settings() {
        return settings;
    }

    /** Environment variables that look like settings and are none, each as a line to log. */
    public List<String> warnings() {
        return warnings;
    }

    public TideConfig tideConfig() {
        return EngineSettings.tideConfig(settings);
    }

    /** The PostgreSQL URL with its schema and its password read from the variable or file named. */
    public String postgresUrl(Map<String, String> environment) {
        try {
            return EngineSettings.postgresUrl(settings, environment);
        } catch (SettingsException e) {
            throw origins.problem(e.key(), e.getMessage());
        }
    }

    /** The TLS keystore's password from the variable or file named; null without a keystore. */
    public char[] tlsPassword(Map<String, String> environment) {
        ServerSettings.TlsSettings tls = settings.server().tls();
        try {
            return Secrets.read("tide.server.tls.password", tls.passwordEnv(), tls.passwordFile(), environment);
        } catch (SettingsException e) {
            throw origins.problem(e.key(), e.getMessage());
        }
    }

    /** Where the value of {@code key} came from: {@code --port}, {@code TIDE_SERVER_PORT}, or the file's name. */
    public String origin(String key) {
        return origins.of(key);
    }

    /**
     * A refusal of {@code key}'s value by the program that reads it, in the loader's one line naming where the value
     * came from: {@code application.yaml: tide.postgres.url: is required ...}.
     */
    public SettingsException problem(String key, String reason) {
        return origins.problem(key, reason);
    }

    /**
     * The effective settings as YAML, every value in its normal form ({@code 7d}, {@code 1MB}); settings left unset
     * are left out. Secrets are only ever references: the names of variables and files, never a value.
     */
    public String yaml() {
        try {
            return SettingsMapper.MAPPER.writeValueAsString(Map.of("tide", settings));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
