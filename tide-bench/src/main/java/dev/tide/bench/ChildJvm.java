package dev.tide.bench;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Runs a main class of this benchmark in a JVM of its own (same Java, same class path), with its own heap limit. */
final class ChildJvm {
    private ChildJvm() {}

    static void run(Class<?> main, int heapMb, List<String> args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-Xmx" + heapMb + "m");
        command.add("--enable-native-access=ALL-UNNAMED");
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(main.getName());
        command.addAll(args);
        Process process = new ProcessBuilder(command).inheritIO().start();
        int exit = process.waitFor();
        if (exit != 0) {
            throw new IllegalStateException(main.getSimpleName() + " exited with " + exit + " (-Xmx" + heapMb + "m)");
        }
    }
}
