package dev.tide.core;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/**
 * The Tide release this engine is, as the build wrote it into {@code version.properties}: the same in the jar, the
 * shaded {@code tide.jar} and the build's own classes (a manifest's version is lost when jars are shaded together).
 */
public final class TideVersion {
    private static final String CURRENT = read();

    private TideVersion() {}

    /** The release, e.g. {@code 0.1.0} or {@code 0.1.0-SNAPSHOT}; {@code development} when the build did not say. */
    public static String current() {
        return CURRENT;
    }

    private static String read() {
        try (InputStream in = TideVersion.class.getResourceAsStream("version.properties")) {
            if (in == null) {
                return "development";
            }
            Properties properties = new Properties();
            properties.load(in);
            String version = properties.getProperty("version", "");
            // unfiltered (run from sources by a tool that copied the resource as it is)
            return version.isBlank() || version.contains("${") ? "development" : version;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
