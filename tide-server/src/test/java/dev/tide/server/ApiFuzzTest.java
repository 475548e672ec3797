package dev.tide.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.core.Tide;
import dev.tide.core.TideConfig;
import dev.tide.core.testing.TempFolders;
import dev.tide.core.testing.TestUsers;
import dev.tide.core.time.ManualClock;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Tag;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * {@link ApiFuzzer} against a server on loopback in front of an engine on SQLite: each try sends every operation of the
 * served document one spoilt request. A few tries by default; many more with the slow tests.
 */
class ApiFuzzTest {
    private static final Instant START = Instant.parse("2030-01-07T09:00:00Z");

    private static Path folder;
    private static Tide engine;
    private static TideServer server;
    private static ApiFuzzer fuzzer;

    @BeforeContainer
    static void open() {
        folder = TempFolders.create("tide-fuzz-");
        engine = Tide.builder()
                .sqlite(folder)
                .clock(new ManualClock(START))
                .config(TideConfig.defaults().withMaintenanceInterval(null))
                .build();
        server = fuzzServer(engine);
        fuzzer = new ApiFuzzer(
                server.uri(), TestUsers.adminToken(engine.accounts()), START, () -> StoreSnapshot.of(engine));
    }

    /** Claims wait at most a moment: the fuzzer asks for long waits too. */
    static TideServer fuzzServer(Tide engine) {
        return TideServer.builder(engine)
                .port(0)
                .maxClaimWait(Duration.ofMillis(50))
                .build()
                .start();
    }

    @AfterContainer
    static void close() {
        System.out.println("ApiFuzzTest answers by status: " + new java.util.TreeMap<>(fuzzer.statuses()));
        server.stop();
        engine.close();
        TempFolders.delete(folder);
    }

    @Property(tries = 16)
    void everyOperationAnswersSpoiltRequestsWithoutAServerFault(@ForAll long seed) {
        assertThat(fuzzer.everyOperationOnce(new Random(seed))).isEmpty();
    }

    @Property(tries = 300)
    @Tag("slow")
    void longerRun(@ForAll long seed) {
        assertThat(fuzzer.everyOperationOnce(new Random(seed))).isEmpty();
    }
}
