package dev.tide.core.testing;

import dev.tide.api.worker.HandlerPlugin;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

/**
 * A real plugin jar, made in a test: Java source compiled with the JDK's compiler against {@code tide-api}, and jarred
 * with its {@code META-INF/services} entry, as a plugin author's build would make it. Its classes are on no class path
 * but the jar's. {@link #STAMP} is a plugin whose handler says who ran it.
 */
public final class PluginJar {
    private PluginJar() {}

    /** The class of {@link #STAMP_SOURCE}. */
    public static final String STAMP = "plugin.stamp.StampPlugin";

    /**
     * A plugin handling task type {@code stamp}: its result names the plugin's class and its class loader (a server's
     * plugins load in {@code tide-plugins}).
     */
    public static final String STAMP_SOURCE = """
            package plugin.stamp;

            import dev.tide.api.worker.HandlerPlugin;
            import dev.tide.api.worker.TaskHandler;
            import java.util.Map;

            public final class StampPlugin implements HandlerPlugin {
                @Override
                public Map<String, TaskHandler> handlers() {
                    return Map.of("stamp", ctx -> ctx.result(Map.of(
                            "stampedBy", StampPlugin.class.getName(),
                            "loader", String.valueOf(StampPlugin.class.getClassLoader().getName()))));
                }
            }
            """;

    /** Writes the {@link #STAMP} plugin as {@code <folder>/stamp.jar}. */
    public static Path stamp(Path folder) {
        return write(folder, "stamp.jar", STAMP, STAMP_SOURCE);
    }

    /**
     * Compiles {@code source} (one public class, {@code className} fully qualified, implementing {@link HandlerPlugin})
     * and writes {@code <folder>/<jarName>}.
     */
    public static Path write(Path folder, String jarName, String className, String source) {
        try {
            Path work = Files.createTempDirectory("tide-plugin-src-");
            Path file = work.resolve(className.replace('.', '/') + ".java");
            Files.createDirectories(file.getParent());
            Files.writeString(file, source);
            Path classes = Files.createDirectories(work.resolve("classes"));
            JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
            int status = javac.run(
                    null, null, null, "-classpath", compileClassPath(), "-d", classes.toString(), file.toString());
            if (status != 0) {
                throw new IllegalStateException("the plugin did not compile (status " + status + ")");
            }
            Files.createDirectories(folder);
            Path jar = folder.resolve(jarName);
            try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar))) {
                add(
                        out,
                        "META-INF/services/" + HandlerPlugin.class.getName(),
                        (className + "\n").getBytes(StandardCharsets.UTF_8));
                try (Stream<Path> files = Files.walk(classes)) {
                    for (Path f : files.filter(Files::isRegularFile).toList()) {
                        add(out, classes.relativize(f).toString().replace('\\', '/'), Files.readAllBytes(f));
                    }
                }
            }
            return jar;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void add(JarOutputStream out, String name, byte[] bytes) throws IOException {
        out.putNextEntry(new JarEntry(name));
        OutputStream entry = out;
        entry.write(bytes);
        out.closeEntry();
    }

    /** tide-api and what its signatures name (Jackson, SLF4J): what a plugin author compiles against. */
    private static String compileClassPath() {
        List<String> entries = new ArrayList<>();
        for (Class<?> type : List.of(
                HandlerPlugin.class,
                com.fasterxml.jackson.databind.ObjectMapper.class,
                com.fasterxml.jackson.core.JsonParser.class,
                com.fasterxml.jackson.annotation.JsonValue.class,
                org.slf4j.Logger.class)) {
            try {
                entries.add(Path.of(type.getProtectionDomain()
                                .getCodeSource()
                                .getLocation()
                                .toURI())
                        .toString());
            } catch (URISyntaxException e) {
                throw new IllegalStateException(e);
            }
        }
        return String.join(java.io.File.pathSeparator, entries);
    }
}
