package dev.tide.server;

import dev.tide.api.worker.HandlerPlugin;
import dev.tide.api.worker.TaskHandler;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The plugins a node loads: the jars of its plugins folder, in a class loader of their own over the server's (so a
 * plugin sees {@code tide-api} and its own classes), and what is on the server's class path. Through
 * {@link ServiceLoader} they give {@link HandlerPlugin}s (handlers for processors) and {@link WorkerPlugin}s (pools
 * fixed in code). Jars are read when the node starts: a new jar needs a restart, a new processor does not.
 */
final class Plugins implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(Plugins.class);

    private final URLClassLoader loader;
    private final List<Path> jars;

    private Plugins(URLClassLoader loader, List<Path> jars) {
        this.loader = loader;
        this.jars = jars;
    }

    /** The jars of {@code folder} (none when it is null or missing) over the class path. */
    static Plugins load(Path folder) {
        List<Path> jars = jarsIn(folder);
        URL[] urls = jars.stream().map(Plugins::url).toArray(URL[]::new);
        URLClassLoader loader = new URLClassLoader("tide-plugins", urls, Plugins.class.getClassLoader());
        if (!jars.isEmpty()) {
            log.info("plugins: {}", jars);
        }
        return new Plugins(loader, jars);
    }

    List<Path> jars() {
        return jars;
    }

    /**
     * Every handler plugin's handlers, by task type. Two plugins handling one type are refused, naming both: which one
     * ran would be left to the order of the jars.
     */
    Map<String, TaskHandler> handlers() {
        Map<String, TaskHandler> handlers = new LinkedHashMap<>();
        Map<String, String> from = new LinkedHashMap<>();
        for (HandlerPlugin plugin : ServiceLoader.load(HandlerPlugin.class, loader)) {
            String name = plugin.getClass().getName();
            Map<String, TaskHandler> offered = plugin.handlers();
            offered.forEach((type, handler) -> {
                String other = from.putIfAbsent(type, name);
                if (other != null) {
                    throw new IllegalStateException(
                            "task type " + type + " has handlers in two plugins: " + other + " and " + name);
                }
                handlers.put(type, handler);
            });
            log.info("plugin {} handles {}", name, offered.keySet());
        }
        return handlers;
    }

    Iterable<WorkerPlugin> workerPlugins() {
        return ServiceLoader.load(WorkerPlugin.class, loader);
    }

    private static List<Path> jarsIn(Path folder) {
        if (folder == null || !Files.isDirectory(folder)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(folder)) {
            return new ArrayList<>(files.filter(f -> f.getFileName().toString().endsWith(".jar"))
                    .sorted()
                    .toList());
        } catch (IOException e) {
            throw new UncheckedIOException("plugins folder " + folder + ": " + e.getMessage(), e);
        }
    }

    private static URL url(Path jar) {
        try {
            return jar.toUri().toURL();
        } catch (MalformedURLException e) {
            throw new IllegalArgumentException("plugin " + jar + ": " + e.getMessage(), e);
        }
    }

    /** Closes the jars; after the node stopped, when no handler runs any more. */
    @Override
    public void close() {
        try {
            loader.close();
        } catch (IOException e) {
            log.warn("closing the plugins' class loader: {}", e.toString());
        }
    }
}
