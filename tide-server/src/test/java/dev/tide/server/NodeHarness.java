package dev.tide.server;

import dev.tide.api.TaskState;
import dev.tide.client.TideClient;
import dev.tide.core.Tide;
import dev.tide.core.testing.TempFolders;
import dev.tide.core.testing.TestUsers;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/**
 * Whole nodes ({@link TideNode}: engine, HTTP server, plugins) for a test, on the real clock, and clients to drive
 * them: a folder of the test's, and everything opened closed after it, newest first. The contracts of nodes extend it
 * ({@link ProcessorNodeContract}), and so do a store's own tests of several nodes.
 */
abstract class NodeHarness {
    Path folder;
    final List<AutoCloseable> closing = new ArrayList<>();

    /** An engine for a node named {@code node}, maintenance (and so the processor host) running every second. */
    abstract Tide engine(String node);

    @BeforeEach
    void folder() {
        folder = TempFolders.create("tide-node-");
    }

    @AfterEach
    void close() throws Exception {
        for (AutoCloseable c : closing.reversed()) {
            c.close();
        }
        TempFolders.delete(folder);
    }

    /** A node on a fresh engine with the plugins of {@code plugins}, serving HTTP on a free port, without JMX. */
    TideNode node(String name, Path plugins) {
        Tide tide = engine(name);
        TideNode node = TideNode.builder(tide, TideServer.builder(tide).port(0))
                .plugins(plugins)
                .grace(Duration.ofSeconds(2))
                .jmx(false)
                .start();
        closing.add(node);
        return node;
    }

    /** An administrator's client, saying it is ops:ada. */
    TideClient operator(TideNode node) {
        TideClient client = TideClient.builder(node.server().uri())
                .token(TestUsers.adminToken(node.tide().accounts()))
                .actor("ops:ada")
                .build();
        closing.add(client);
        return client;
    }

    static boolean finished(TideClient client, long id) {
        return client.task(id).state() == TaskState.FINISHED;
    }

    static void await(String what, BooleanSupplier condition) {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting until " + what);
            }
            try {
                Thread.sleep(25);
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
        }
    }
}
