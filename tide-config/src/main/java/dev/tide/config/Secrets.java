package dev.tide.config;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/** Secrets by reference only: the environment variable ({@code <key>-env}) or the file ({@code <key>-file}) holding one. */
public final class Secrets {
    private Secrets() {}

    /**
     * The secret, or null when neither reference is given. A {@link SettingsException} says why not, without its
     * source (which {@link LoadedSettings} adds).
     *
     * @param key the secret's key without its suffix, e.g. {@code tide.postgres.password}, for messages
     */
    public static char @Nullable [] read(
            String key, @Nullable String variable, @Nullable Path file, Map<String, String> environment) {
        if (variable != null) {
            String value = environment.get(variable);
            if (value == null) {
                throw new SettingsException(key + "-env", "the environment variable " + variable + " is not set");
            }
            return value.strip().toCharArray();
        }
        if (file != null) {
            try {
                String value = Files.readString(file).strip();
                if (value.isEmpty()) {
                    throw new SettingsException(key + "-file", file + " is empty");
                }
                return value.toCharArray();
            } catch (IOException e) {
                throw new SettingsException(key + "-file", "cannot read " + file + " (" + e + ")");
            }
        }
        return null;
    }
}
