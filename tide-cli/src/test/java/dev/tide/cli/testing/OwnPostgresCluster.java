package dev.tide.cli.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;

/**
 * A PostgreSQL 15 cluster of a test's own, so the test may stop it and {@code kill -9} its postmaster: {@code initdb}
 * into a temporary folder, {@code pg_ctl} on a free loopback port, trust authentication. The binaries refuse to run as
 * root, so when the suite runs as root they run as the {@code postgres} OS user (through {@code runuser}), which owns
 * the folder. Never the shared cluster on 5432.
 *
 * <p>Without the binaries (or the {@code postgres} user under root) the test is skipped with the reason, unless {@code
 * CI=true}, which makes it fail instead.
 */
public final class OwnPostgresCluster implements AutoCloseable {
    private static final Path BIN =
            Path.of(System.getenv().getOrDefault("TIDE_TEST_PG_BIN", "/usr/lib/postgresql/15/bin"));

    private final Path folder;
    private final Path data;
    private final int port;

    private OwnPostgresCluster(Path folder, int port) {
        this.folder = folder;
        this.data = folder.resolve("data");
        this.port = port;
    }

    /** Creates the cluster and starts it. */
    public static OwnPostgresCluster start() {
        if (!Files.isExecutable(BIN.resolve("initdb")) || (isRoot() && !hasPostgresUser())) {
            String reason = "no PostgreSQL 15 binaries at " + BIN + " (or no postgres OS user to run them as)";
            if ("true".equalsIgnoreCase(System.getenv("CI"))) {
                throw new IllegalStateException(reason + ", and CI=true");
            }
            Assumptions.abort("skipping: " + reason);
        }
        try {
            Path folder = Files.createTempDirectory("tide-own-pg-");
            if (isRoot()) {
                run(List.of("chown", "postgres:", folder.toString()), Duration.ofSeconds(10));
            }
            OwnPostgresCluster cluster = new OwnPostgresCluster(folder, freePort());
            cluster.pg(
                    List.of("initdb", "-D", cluster.data.toString(), "-A", "trust", "-U", "postgres", "--no-sync"),
                    Duration.ofSeconds(60));
            cluster.startAgain();
            return cluster;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The JDBC URL of its {@code postgres} database. */
    public String url() {
        return "jdbc:postgresql://127.0.0.1:" + port + "/postgres?user=postgres";
    }

    /**
     * Starts the stopped (or crashed) cluster and waits until it accepts connections. After a {@code kill -9} of the
     * postmaster its orphaned backends may still hold the shared memory for a moment, so a refused start is retried.
     */
    public void startAgain() {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (true) {
            try {
                pg(
                        List.of(
                                "pg_ctl",
                                "-D",
                                data.toString(),
                                "-l",
                                folder.resolve("server.log").toString(),
                                "-w",
                                "-t",
                                "30",
                                "-o",
                                "-p " + port + " -k " + folder + " -c listen_addresses=127.0.0.1",
                                "start"),
                        Duration.ofSeconds(40));
                return;
            } catch (IllegalStateException e) {
                if (System.nanoTime() > deadline) {
                    throw e;
                }
                sleep(200);
            }
        }
    }

    /** {@code pg_ctl stop -m fast}: clients are disconnected, running transactions rolled back, a clean checkpoint. */
    public void stopFast() {
        pg(List.of("pg_ctl", "-D", data.toString(), "-m", "fast", "-w", "stop"), Duration.ofSeconds(60));
    }

    /** SIGKILL to the postmaster alone, as the OOM killer would; its backends notice and exit on their own. */
    public void killPostmaster() {
        long pid;
        try {
            pid = Long.parseLong(
                    Files.readAllLines(data.resolve("postmaster.pid")).get(0).strip());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        ProcessHandle postmaster =
                ProcessHandle.of(pid).orElseThrow(() -> new IllegalStateException("no postmaster " + pid));
        postmaster.destroyForcibly();
        postmaster.onExit().orTimeout(10, TimeUnit.SECONDS).join();
    }

    private void pg(List<String> command, Duration timeout) {
        List<String> full = new ArrayList<>();
        if (isRoot()) {
            full.addAll(List.of("runuser", "-u", "postgres", "--"));
        }
        full.add(BIN.resolve(command.get(0)).toString());
        full.addAll(command.subList(1, command.size()));
        run(full, timeout);
    }

    private static void run(List<String> command, Duration timeout) {
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            // pg_ctl start leaves the postmaster holding no pipe of ours (-l), so reading to the end is safe
            String output = new String(p.getInputStream().readAllBytes());
            if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                p.destroyForcibly();
                throw new IllegalStateException(command + " did not finish in " + timeout + ":\n" + output);
            }
            if (p.exitValue() != 0) {
                throw new IllegalStateException(command + " exited with " + p.exitValue() + ":\n" + output);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static boolean isRoot() {
        return "root".equals(System.getProperty("user.name"));
    }

    private static boolean hasPostgresUser() {
        try (Stream<String> lines = Files.lines(Path.of("/etc/passwd"))) {
            return lines.anyMatch(l -> l.startsWith("postgres:"));
        } catch (IOException e) {
            return false;
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Stops the cluster at once and deletes its folder. */
    @Override
    public void close() {
        try {
            pg(List.of("pg_ctl", "-D", data.toString(), "-m", "immediate", "-w", "stop"), Duration.ofSeconds(30));
        } catch (RuntimeException e) {
            // already stopped (or crashed): nothing left to stop
        }
        try (Stream<Path> paths = Files.walk(folder)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException ignored) {
            // a temporary folder
        }
    }
}
