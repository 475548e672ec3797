package dev.tide.cli;

import dev.tide.config.LoadedSettings;
import dev.tide.config.SettingsException;
import dev.tide.config.SettingsLoader;
import dev.tide.config.SettingsLoader.Flag;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParseResult;

/**
 * The setting each of {@code tide server}'s flags sets (docs/operations.md lists them side by side). Only the flags
 * given count: a flag's default is the setting's, so a flag left out lets the file and the environment decide.
 */
final class ServerFlags {
    private static final Map<String, String> KEYS = Map.ofEntries(
            Map.entry("--data", "tide.data-folder"),
            Map.entry("--db", "tide.postgres.url"),
            Map.entry("--port", "tide.server.port"),
            Map.entry("--host", "tide.server.host"),
            Map.entry("--tls-keystore", "tide.server.tls.keystore"),
            Map.entry("--tls-password-env", "tide.server.tls.password-env"),
            Map.entry("--allow-plain-http", "tide.server.allow-plain-http"),
            Map.entry("--idle-timeout", "tide.server.idle-timeout"),
            Map.entry("--request-head-timeout", "tide.server.request-head-timeout"),
            Map.entry("--sign-ins-per-user", "tide.server.sign-ins-per-user"),
            Map.entry("--sign-ins-per-address", "tide.server.sign-ins-per-address"),
            Map.entry("--password-checks", "tide.server.password-checks"),
            Map.entry("--node", "tide.node-name"),
            Map.entry("--grace", "tide.server.grace"),
            Map.entry("--plugins", "tide.server.plugins"),
            Map.entry("--jmx-port", "tide.server.jmx-port"),
            Map.entry("--dashboard-base-path", "tide.dashboard.base-path"),
            Map.entry("--list-indexes", "tide.list-indexes"),
            Map.entry("--no-dashboard", "tide.dashboard.enabled"),
            Map.entry("--payload-cap", "tide.payload-cap"),
            Map.entry("--inbox", "tide.intake.inbox"),
            Map.entry("--inbox-poll", "tide.intake.poll"),
            Map.entry("--inbox-settle", "tide.intake.settle"),
            Map.entry("--log-format", "tide.server.log-format"),
            Map.entry("--blob-folder", "tide.blobs.folder"),
            Map.entry("--blob-s3-endpoint", "tide.blobs.s3.endpoint"),
            Map.entry("--blob-s3-bucket", "tide.blobs.s3.bucket"),
            Map.entry("--blob-s3-region", "tide.blobs.s3.region"),
            Map.entry("--blob-s3-prefix", "tide.blobs.s3.prefix"),
            Map.entry("--blob-threshold", "tide.blobs.threshold"),
            Map.entry("--blob-payload-cap", "tide.blobs.payload-cap"));

    private ServerFlags() {}

    /**
     * The settings of the file, the environment and the flags given. A refusal of a setting no one set names the flag
     * that would set it, too.
     */
    static LoadedSettings load(Path file, Map<String, String> environment, ParseResult parsed) {
        try {
            return SettingsLoader.load(file, environment, given(parsed));
        } catch (SettingsException e) {
            String flag = KEYS.entrySet().stream()
                    .filter(k -> k.getValue().equals(e.key()))
                    .map(Map.Entry::getKey)
                    .findFirst()
                    .orElse(null);
            if (flag == null || !e.getMessage().startsWith(e.key())) {
                throw e;
            }
            throw new IllegalArgumentException(e.getMessage() + " (" + flag + ")", e);
        }
    }

    /** The settings the flags given set, in the order given. */
    static List<Flag> given(ParseResult parsed) {
        List<Flag> flags = new ArrayList<>();
        for (OptionSpec option : parsed.matchedOptions()) {
            String name = option.longestName();
            String key = KEYS.get(name);
            if (key == null) {
                continue;
            }
            if (name.equals("--db")) {
                flags.add(new Flag("tide.store", name, "postgresql"));
            }
            flags.add(new Flag(key, name, value(option)));
        }
        return flags;
    }

    private static String value(OptionSpec option) {
        if (option.arity().max() == 0) {
            // a switch: --no-dashboard turns the dashboard off, the others turn their setting on
            return option.longestName().equals("--no-dashboard") ? "false" : "true";
        }
        List<String> given = option.stringValues();
        return given.get(given.size() - 1);
    }
}
