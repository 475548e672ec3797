package dev.tide.config;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Where each value came from, so that a message names what the person wrote: the flag ({@code --port}), the
 * environment variable ({@code TIDE_SERVER_PORT}) or the file. Keys are full dotted keys, list items as {@code [0]}.
 */
final class Origins {
    /** The file's name; null without a file (a key nobody set is then named alone). */
    private final String fileLabel;

    private final Map<String, String> labels = new LinkedHashMap<>();

    Origins(String fileLabel) {
        this.fileLabel = fileLabel;
    }

    /** A value set at {@code key} (and everything under it) by {@code label}; the later wins. */
    void set(String key, String label) {
        labels.keySet().removeIf(k -> k.equals(key) || k.startsWith(key + ".") || k.startsWith(key + "["));
        labels.put(key, label);
    }

    /** The label of the source of {@code key}: the nearest one set at it or above it, else the file. */
    String of(String key) {
        String k = key;
        while (true) {
            String label = labels.get(k);
            if (label != null) {
                return label;
            }
            int cut = Math.max(k.lastIndexOf('.'), k.lastIndexOf('['));
            if (cut < 0) {
                return fileLabel;
            }
            k = k.substring(0, cut);
        }
    }

    /** The first key at or under {@code key} that a source set (a default is set by none), if any. */
    Optional<String> given(String key) {
        return labels.keySet().stream()
                .filter(k -> k.equals(key) || k.startsWith(key + ".") || k.startsWith(key + "["))
                .findFirst();
    }

    /** One line: {@code tide.yaml: tide.retention: 'soon' is not...}, or {@code --port: ...} for a flag. */
    SettingsException problem(String key, String reason) {
        String origin = of(key);
        if (origin == null) {
            return new SettingsException(key, key + ": " + reason);
        }
        if (origin.startsWith("--")) {
            return new SettingsException(key, origin + ": " + reason);
        }
        if (origin.startsWith("TIDE_")) {
            return new SettingsException(key, origin + " (" + key + "): " + reason);
        }
        return new SettingsException(key, origin + ": " + key + ": " + reason);
    }

    /** An unknown key, which only the file can hold. */
    SettingsException unknown(String key, String allowed) {
        return new SettingsException(key, of(key) + ": unknown key " + key + " (allowed: " + allowed + ")");
    }
}
