package dev.tide.core.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import dev.tide.api.Ack;
import dev.tide.api.ClaimRequest;
import dev.tide.api.EventQuery;
import dev.tide.api.HourlyStats;
import dev.tide.api.InvalidRequestException;
import dev.tide.api.LeasedTask;
import dev.tide.api.Monitoring;
import dev.tide.api.NewTask;
import dev.tide.api.NodeInfo;
import dev.tide.api.ProcessorDefinition;
import dev.tide.api.ProcessorKind;
import dev.tide.api.ProcessorRun;
import dev.tide.api.StatsQuery;
import dev.tide.api.StatusReport;
import dev.tide.api.TideEvent;
import dev.tide.core.TideVersion;
import java.time.Duration;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@link Monitoring}, embedded and over HTTP alike: the status's depths per queue, the event log newest first and by
 * kind, hourly statistics, and the nodes with their processors. What each feature writes to the log or counts is its
 * own contract's.
 */
public abstract class MonitoringContract extends ManualQueueContract {
    private Monitoring monitoring;

    @BeforeEach
    void openMonitoring() {
        monitoring = queue.monitoring();
    }

    @Test
    void theStatusCountsEachQueuesTasksByState() {
        queue.enqueue(NewTask.builder("t").build());
        queue.enqueue(NewTask.builder("t").build());
        queue.enqueue(NewTask.builder("t").queue("mail").build());
        assertThat(queue.claim(ClaimRequest.of("default", "w", 1))).hasSize(1);

        StatusReport status = monitoring.status();

        assertThat(status.suspended()).isFalse();
        assertThat(status.queues())
                .extracting(
                        StatusReport.QueueDepth::queue, StatusReport.QueueDepth::ready, StatusReport.QueueDepth::leased)
                .containsExactlyInAnyOrder(tuple("default", 1L, 1L), tuple("mail", 1L, 0L));
    }

    @Test
    void eventsComeNewestFirstAndByKind() {
        long cancelled = queue.enqueue(NewTask.builder("t").build()).id();
        queue.cancel(cancelled, "not needed");
        queue.queues().suspend("mail");

        assertThat(monitoring.events(EventQuery.recent()))
                .extracting(TideEvent::kind)
                .startsWith(TideEvent.SUSPENDED)
                .contains(TideEvent.TASK_CANCELLED);
        assertThat(monitoring.events(null)).isEqualTo(monitoring.events(EventQuery.recent()));
        assertThat(monitoring.events(EventQuery.recent().withKind(TideEvent.TASK_CANCELLED)))
                .singleElement()
                .satisfies(e -> assertThat(e.taskId()).isEqualTo(cancelled));
        assertThat(monitoring.events(EventQuery.recent().withLimit(1))).hasSize(1);
    }

    @Test
    void statisticsCountStartsAndEndsPerTypeAndHour() {
        queue.enqueue(NewTask.builder("email").build());
        LeasedTask claimed = queue.claim(ClaimRequest.of("default", "w", 1)).getFirst();
        queue.ack(Ack.succeed(claimed.lease()));

        assertThat(monitoring.stats(new StatsQuery(T0, T0.plus(Duration.ofHours(1)), null)))
                .containsExactly(new HourlyStats("email", T0, 1, 1, 0, 0, 0, 1));
        assertThat(monitoring.stats(new StatsQuery(T0, T0.plus(Duration.ofHours(1)), "other")))
                .isEmpty();
        assertThatThrownBy(() -> monitoring.stats(null))
                .isInstanceOfSatisfying(
                        InvalidRequestException.class,
                        e -> assertThat(e.field()).isEqualTo("query"));
    }

    @Test
    void theNodesShowThisEngineOnceItRecordedItselfWithWhatItsProcessorsDo() {
        assertThat(monitoring.nodes()).as("its services never started").isEmpty();
        long id = queue.enqueue(NewTask.builder("t").queue("deposits").build()).id();
        queue.processors()
                .define(ProcessorDefinition.named("intake")
                        .withKind(ProcessorKind.REMOTE)
                        .withQueue("deposits"));
        queue.processors().start("intake");
        assertThat(queue.claim(ClaimRequest.under("intake", "remote-1", 1))).hasSize(1);
        fixture.engine().processorHost().runOnce();
        fixture.engine().passes().recordNode();
        clock.advance(Duration.ofSeconds(30));

        assertThat(monitoring.nodes()).singleElement().satisfies(node -> {
            assertThat(node.name()).isEqualTo(fixture.engine().config().nodeName());
            assertThat(node.version()).isEqualTo(TideVersion.current());
            assertThat(node.host()).isNotBlank();
            assertThat(node.state()).isEqualTo(NodeInfo.State.LIVE);
            assertThat(node.startedAt()).isEqualTo(T0);
            assertThat(node.lastSeenAt()).isEqualTo(T0);
            assertThat(node.stoppedAt()).isNull();
            assertThat(node.uptime()).isEqualTo(Duration.ofSeconds(30));
            assertThat(node.processors()).singleElement().satisfies(p -> {
                assertThat(p.name()).isEqualTo("intake");
                assertThat(p.run().state()).isEqualTo(ProcessorRun.State.SERVING);
                assertThat(p.run().workers()).containsExactly("remote-1");
                assertThat(p.run().running()).containsExactly(id);
            });
        });
    }
}
