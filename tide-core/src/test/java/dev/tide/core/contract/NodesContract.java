package dev.tide.core.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tide.api.NodeInfo;
import dev.tide.api.ProcessorDefinition;
import dev.tide.api.ProcessorRun;
import dev.tide.core.Tide;
import dev.tide.core.TideBuilder;
import dev.tide.core.TideConfig;
import dev.tide.core.TideVersion;
import dev.tide.core.settings.NodeSettings;
import dev.tide.core.time.ManualClock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The nodes registry with two engines on one store, the clock moved and the heartbeat written by hand: each node sees
 * the other with its version, host, uptime and processors; a node that closes is marked stopped, one that misses its
 * heartbeats is gone, and maintenance forgets the nodes not seen for the retention.
 */
public abstract class NodesContract {
    private static final Instant T0 = Instant.parse("2026-01-05T09:00:00Z");
    private static final Duration HEARTBEAT = Duration.ofSeconds(10);
    private static final Duration RETENTION = Duration.ofHours(1);

    private final ManualClock clock = new ManualClock(T0);
    private final List<Tide> opened = new CopyOnWriteArrayList<>();

    /** A builder on this test's storage: every call gives an engine on the same (empty at first) database. */
    protected abstract TideBuilder storage();

    /** An engine named {@code name} with its threads off: the test writes its heartbeat and runs maintenance. */
    private Tide open(String name) {
        Tide tide = storage()
                .clock(clock)
                .config(TideConfig.defaults()
                        .withMaintenanceInterval(null)
                        .withNodeName(name)
                        .withNodes(new NodeSettings(HEARTBEAT, RETENTION)))
                .build();
        opened.add(tide);
        return tide;
    }

    @AfterEach
    void closeEngines() {
        opened.forEach(Tide::close);
    }

    private static NodeInfo node(Tide seenFrom, String name) {
        return seenFrom.monitoring().nodes().stream()
                .filter(n -> n.name().equals(name))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no node " + name));
    }

    @Test
    void twoNodesOnOneStoreSeeEachOtherWithTheirVersionHostAndUptime() {
        Tide a = open("a");
        Tide b = open("b");
        a.passes().recordNode();
        clock.advance(Duration.ofMinutes(2));
        a.passes().recordNode();
        b.passes().recordNode();
        clock.advance(Duration.ofSeconds(5));

        assertThat(a.monitoring().nodes()).isEqualTo(b.monitoring().nodes());
        assertThat(b.monitoring().nodes()).extracting(NodeInfo::name).containsExactly("a", "b");
        NodeInfo first = node(b, "a");
        assertThat(first.version()).isEqualTo(TideVersion.current()).doesNotContain("${");
        assertThat(first.host()).isNotBlank();
        assertThat(first.state()).isEqualTo(NodeInfo.State.LIVE);
        assertThat(first.startedAt()).as("a heartbeat keeps the start").isEqualTo(T0);
        assertThat(first.lastSeenAt()).isEqualTo(T0.plus(Duration.ofMinutes(2)));
        assertThat(first.stoppedAt()).isNull();
        assertThat(first.uptime()).as("since its start").isEqualTo(Duration.ofSeconds(125));
        assertThat(node(a, "b").uptime()).isEqualTo(Duration.ofSeconds(5));
    }

    @Test
    void aNodeThatClosesIsMarkedStoppedAndOneThatMissesItsHeartbeatsIsGone() {
        Tide a = open("a");
        Tide b = open("b");
        Tide c = open("c");
        a.passes().recordNode();
        b.passes().recordNode();
        c.passes().recordNode();

        clock.advance(Duration.ofMinutes(1));
        c.close();
        NodeInfo stopped = node(a, "c");
        assertThat(stopped.state()).isEqualTo(NodeInfo.State.STOPPED);
        assertThat(stopped.stoppedAt()).isEqualTo(clock.instant());
        assertThat(stopped.uptime()).isEqualTo(Duration.ofMinutes(1));

        // b writes nothing after this: three heartbeats later it is still live, a moment after that it is gone
        b.passes().recordNode();
        clock.advance(HEARTBEAT.multipliedBy(NodeSettings.MISSED_BEATS));
        a.passes().recordNode();
        assertThat(node(a, "b").state()).isEqualTo(NodeInfo.State.LIVE);
        clock.advance(Duration.ofSeconds(1));
        a.passes().recordNode();
        NodeInfo gone = node(a, "b");
        assertThat(gone.state()).isEqualTo(NodeInfo.State.GONE);
        assertThat(gone.uptime()).as("until it was last seen").isEqualTo(Duration.ofMinutes(1));
        assertThat(node(a, "a").state()).isEqualTo(NodeInfo.State.LIVE);
        clock.advance(Duration.ofHours(2));
        assertThat(node(a, "c").uptime()).as("a stopped node's uptime stays").isEqualTo(Duration.ofMinutes(1));

        b.passes().recordNode();
        assertThat(node(a, "b").state()).as("back").isEqualTo(NodeInfo.State.LIVE);
    }

    @Test
    void maintenanceForgetsTheNodesNotSeenForTheRetention() {
        Tide a = open("a");
        Tide b = open("b");
        a.passes().recordNode();
        b.passes().recordNode();
        b.close();

        clock.advance(RETENTION);
        a.passes().recordNode();
        assertThat(a.passes().runMaintenance()).isTrue();
        assertThat(a.monitoring().nodes()).as("kept the retention itself").hasSize(2);

        clock.advance(Duration.ofSeconds(1));
        a.passes().recordNode();
        assertThat(a.passes().runMaintenance()).isTrue();
        assertThat(a.monitoring().nodes()).extracting(NodeInfo::name).containsExactly("a");
    }

    @Test
    void eachNodeShowsWhatTheProcessorsDoThere() {
        Tide a = open("a");
        Tide b = open("b");
        a.processorHost().shutdownGrace(Duration.ofSeconds(5)).addHandlers(Map.of("stamp", ctx -> {}));
        a.processors()
                .define(ProcessorDefinition.named("stamper")
                        .withQueue("deposits")
                        .withThreads(2));
        a.processors().start("stamper");
        a.processorHost().runOnce();
        b.processorHost().runOnce();
        a.passes().recordNode();
        b.passes().recordNode();

        NodeInfo runsIt = node(b, "a");
        assertThat(runsIt.processors()).singleElement().satisfies(p -> {
            assertThat(p.name()).isEqualTo("stamper");
            assertThat(p.run().node()).isEqualTo("a");
            assertThat(p.run().state()).isEqualTo(ProcessorRun.State.RUNNING);
            assertThat(p.run().threads()).isEqualTo(2);
        });
        assertThat(node(a, "b").processors())
                .as("b has no handler for stamp")
                .singleElement()
                .satisfies(p -> assertThat(p.run().state()).isEqualTo(ProcessorRun.State.UNAVAILABLE));
    }

    @Test
    void anEngineWhoseServicesNeverRanIsNoNode() {
        Tide a = open("a");
        Tide command = open("command");
        a.passes().recordNode();
        command.close();

        assertThat(a.monitoring().nodes()).extracting(NodeInfo::name).containsExactly("a");
    }

    @Test
    void settingsRefuseAHeartbeatOrRetentionThatCannotWork() {
        assertThatThrownBy(() -> new NodeSettings(Duration.ZERO, null)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new NodeSettings(HEARTBEAT, HEARTBEAT.multipliedBy(NodeSettings.MISSED_BEATS)))
                .as("a live node's record would be pruned between heartbeats")
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(new NodeSettings(HEARTBEAT, null).retention()).isNull();
    }
}
