package dev.tide.bench;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Runs a main class of this benchmark in a JVM of its own (same Java, same class path), with its own heap limit. */
final class ChildJvm {
    /** The exit code of a JVM that ran out of heap under {@link #EXIT_ON_OUT_OF_MEMORY}. */
    static final int OUT_OF_MEMORY = 3;

    /**
     * Ends the JVM at the first {@link OutOfMemoryError}, wherever it is thrown, with {@value #OUT_OF_MEMORY}: so that
     * no handler or worker catches it and carries on, and running out of heap is told apart from any other failure.
     */
    static final String EXIT_ON_OUT_OF_MEMORY = "-XX:+ExitOnOutOfMemoryError";

    private ChildJvm() {}

    /** How a child ended: its exit code, or killed when it ran past its time. */
    record Exit(int code, boolean timedOut) {}

    static void run(Class<?> main, int heapMb, List<String> args) throws IOException, InterruptedException {
        Exit exit = run(main, heapMb, List.of(), args, null);
        if (exit.code() != 0) {
            throw new IllegalStateException(
                    main.getSimpleName() + " exited with " + exit.code() + " (-Xmx" + heapMb + "m)");
        }
    }

    /**
     * Runs the child with these JVM options too, and kills it (and answers so) if it runs longer than {@code limit}
     * (null: no limit).
     */
    static Exit run(Class<?> main, int heapMb, List<String> jvmOptions, List<String> args, Duration limit)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-Xmx" + heapMb + "m");
        command.addAll(jvmOptions);
        command.add("--enable-native-access=ALL-UNNAMED");
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(main.getName());
        command.addAll(args);
        Process process = new ProcessBuilder(command).inheritIO().start();
        if (limit == null) {
            process.waitFor();
        } else if (!process.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS)) {
            process.destroyForcibly().waitFor();
            return new Exit(process.exitValue(), true);
        }
        return new Exit(process.exitValue(), false);
    }
}
