package dev.tide.cli.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A real second process on the test class path: a Tide server, a remote worker, a folder holder. Killed for real:
 * {@link #kill9()} sends SIGKILL, {@link #terminate()} SIGTERM.
 */
public final class ChildJvm implements AutoCloseable {
    private final Process process;
    private final Path output;

    private ChildJvm(Process process, Path output) {
        this.process = process;
        this.output = output;
    }

    /**
     * Starts {@code mainClass} with {@code args}, extra environment and JVM options; its stdout and stderr go to a
     * file.
     */
    public static ChildJvm start(
            String mainClass, List<String> args, Map<String, String> env, List<String> jvmOptions) {
        try {
            Path output = Files.createTempFile("tide-child-", ".log");
            List<String> command = new ArrayList<>();
            command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
            command.add("-Xmx256m");
            command.addAll(jvmOptions);
            command.add("-cp");
            command.add(System.getProperty("java.class.path"));
            command.add(mainClass);
            command.addAll(args);
            ProcessBuilder builder =
                    new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(output.toFile());
            builder.environment().putAll(env);
            return new ChildJvm(builder.start(), output);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Starts {@code tide server} with these arguments. */
    public static ChildJvm server(List<String> args, Map<String, String> env, List<String> jvmOptions) {
        List<String> all = new ArrayList<>(List.of("server", "--port", "0"));
        all.addAll(args);
        return start("dev.tide.cli.Main", all, env, jvmOptions);
    }

    /** Waits for a line of output matching {@code regex}; returns its first group (or the whole match). */
    public String awaitLine(String regex, Duration timeout) {
        Pattern pattern = Pattern.compile(regex);
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            Matcher m = pattern.matcher(output());
            if (m.find()) {
                return m.groupCount() > 0 ? m.group(1) : m.group();
            }
            if (!process.isAlive()) {
                throw new AssertionError(
                        "child exited with " + process.exitValue() + " before printing " + regex + ":\n" + output());
            }
            sleep(20);
        }
        throw new AssertionError("timed out waiting for " + regex + ":\n" + output());
    }

    /** For a server child: its base URL, once it listens. */
    public String awaitServerUrl() {
        return awaitLine("(?m)^Tide server listening on (\\S+)", Duration.ofSeconds(60));
    }

    public String output() {
        try {
            return Files.readString(output);
        } catch (IOException e) {
            return "";
        }
    }

    public long pid() {
        return process.pid();
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    /** SIGKILL: no shutdown hooks, no flushing; the OS keeps what was written. */
    public void kill9() {
        process.destroyForcibly();
        waitFor(Duration.ofSeconds(30));
    }

    /** SIGTERM: the process shuts down through its hooks. */
    public void terminate() {
        process.destroy();
    }

    /** SIGSTOP: the process stands still (no thread runs, no timer fires) until {@link #resume()}. */
    public void pause() {
        signal("STOP");
    }

    /** SIGCONT: a paused process carries on where it stood. */
    public void resume() {
        signal("CONT");
    }

    private void signal(String name) {
        try {
            Process kill = new ProcessBuilder("kill", "-" + name, Long.toString(process.pid()))
                    .inheritIO()
                    .start();
            if (kill.waitFor() != 0) {
                throw new AssertionError("kill -" + name + " " + process.pid() + " failed");
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
    }

    /** Waits for the process to end; returns its exit code. */
    public int waitFor(Duration timeout) {
        try {
            if (!process.waitFor(timeout.toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS)) {
                throw new AssertionError("child did not exit within " + timeout + ":\n" + output());
            }
            return process.exitValue();
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
    }

    @Override
    public void close() {
        if (process.isAlive()) {
            process.destroyForcibly();
            try {
                process.waitFor();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        try {
            Files.deleteIfExists(output);
        } catch (IOException ignored) {
            // temp file
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
    }
}
