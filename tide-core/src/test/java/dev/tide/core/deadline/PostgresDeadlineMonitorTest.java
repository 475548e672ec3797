package dev.tide.core.deadline;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.api.DeadlineNotice;
import dev.tide.api.EventQuery;
import dev.tide.api.NewTask;
import dev.tide.api.TideEvent;
import dev.tide.core.Tide;
import dev.tide.core.TideBuilder;
import dev.tide.core.TideConfig;
import dev.tide.core.testing.PostgresSchema;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The deadline monitor on PostgreSQL, and on two nodes sharing one schema: each notice is raised once in all, by the
 * node that leads maintenance, also when leadership moves to the other node between the warning and the violation.
 */
class PostgresDeadlineMonitorTest extends DeadlineMonitorContract {
    @RegisterExtension
    static final PostgresSchema db = PostgresSchema.perClass("deadline");

    @Override
    protected TideBuilder storage() {
        return Tide.builder().postgres(db.url());
    }

    @Test
    void twoNodesRaiseEachNoticeOnceAcrossALeaderChange() throws InterruptedException {
        TideConfig running = TideConfig.defaults().withMaintenanceInterval(Duration.ofMillis(20));
        Tide a = open(running.withNodeName("a"));
        Tide b = open(running.withNodeName("b"));
        int tasks = 40;
        List<NewTask> batch = new ArrayList<>();
        for (int i = 0; i < tasks; i++) {
            batch.add(dueIn(Duration.ofHours(1).plusSeconds(i)));
        }
        a.enqueueAll(batch);

        clock.set(T0.plus(Duration.ofMinutes(55)));
        awaitHeard(tasks);
        Thread.sleep(300);
        assertThat(heard).hasSize(tasks).allSatisfy(n -> assertThat(n.kind()).isEqualTo(DeadlineNotice.Kind.WARNING));

        Tide leader = a.passes().isMaintenanceLeader() ? a : b;
        Tide other = leader == a ? b : a;
        leader.close();
        clock.set(T0.plus(Duration.ofHours(2)));
        awaitHeard(2 * tasks);
        Thread.sleep(300);

        assertThat(heard).hasSize(2 * tasks);
        assertThat(heard.subList(tasks, 2 * tasks))
                .allSatisfy(n -> assertThat(n.kind()).isEqualTo(DeadlineNotice.Kind.VIOLATION))
                .extracting(DeadlineNotice::taskId)
                .doesNotHaveDuplicates();
        assertThat(other.passes().isMaintenanceLeader()).isTrue();
        List<TideEvent> events = other.monitoring().events(EventQuery.recent().withLimit(1000));
        assertThat(events).hasSize(2 * tasks);
        assertThat(events)
                .filteredOn(e -> e.kind().equals(TideEvent.DEADLINE_WARNING))
                .hasSize(tasks);
    }
}
