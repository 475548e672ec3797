package dev.tide.server;

import dev.tide.core.Tide;
import dev.tide.core.TideBuilder;
import dev.tide.core.TideConfig;
import dev.tide.core.testing.TestUsers;
import dev.tide.core.time.ManualClock;
import java.time.Duration;
import java.time.Instant;
import java.util.TreeMap;

/**
 * An engine with a server on loopback in front and an {@link ApiFuzzer} aimed at it. The clock stands still and
 * maintenance is off, so that only requests change the store; claims wait a moment at most, since the fuzzer asks for
 * long waits too.
 */
final class FuzzTarget implements AutoCloseable {
    static final Instant START = Instant.parse("2030-01-07T09:00:00Z");

    private final String name;
    private final Tide engine;
    private final TideServer server;
    final ApiFuzzer fuzzer;

    FuzzTarget(String name, TideBuilder store) {
        this.name = name;
        this.engine = store.clock(new ManualClock(START))
                .config(TideConfig.defaults().withMaintenanceInterval(null))
                .build();
        this.server = TideServer.builder(engine)
                .port(0)
                .maxClaimWait(Duration.ofMillis(50))
                .build()
                .start();
        this.fuzzer = new ApiFuzzer(
                server.uri(), TestUsers.adminToken(engine.accounts()), START, () -> StoreSnapshot.of(engine));
    }

    @Override
    public void close() {
        System.out.println(name + " answers by status: " + new TreeMap<>(fuzzer.statuses()));
        try {
            server.stop();
        } finally {
            engine.close();
        }
    }
}
