package dev.tide.core.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tide.api.Coalescing;
import dev.tide.api.CoalescingCheck;
import dev.tide.api.EnqueueResult;
import dev.tide.api.NewTask;
import dev.tide.api.Outcome;
import dev.tide.api.TaskInfo;
import dev.tide.api.TaskQuery;
import dev.tide.api.TaskState;
import dev.tide.api.TaskType;
import dev.tide.core.Tide;
import dev.tide.core.TideBuilder;
import dev.tide.core.TideConfig;
import dev.tide.core.time.ManualClock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The in-process coalescing check (seed 002's {@code check()}), registered per task type on an embedded engine: it
 * sees each pending task with the newcomer's key, oldest first, and the first decision other than keep applies. It
 * takes precedence over the type's policy, for tasks enqueued through this engine only.
 */
public abstract class CoalescingCheckContract {
    private static final Instant T0 = Instant.parse("2026-01-05T09:00:00Z");

    private final List<String> offered = new ArrayList<>();
    private Tide tide;
    /** The check the engine asks; a test may put another in its place. */
    private volatile CoalescingCheck check;

    /** A builder with this store's storage set, on an empty database. */
    protected abstract TideBuilder storage();

    /** Removes what {@link #storage()} created. */
    protected void cleanUp() {}

    @BeforeEach
    void open() {
        tide = storage()
                .clock(new ManualClock(T0))
                .config(TideConfig.defaults().withMaintenanceInterval(null))
                .coalescingCheck("progress", (pending, incoming) -> check.decide(pending, incoming))
                .build();
        check = (pending, incoming) -> {
            offered.add(pending.payload() + "<-" + incoming.payload());
            int was = pending.payloadAs(Integer.class);
            int now = incoming.payloadAs(Integer.class);
            // A report replaces an older one; a report older than the one queued is dropped.
            return now > was ? Coalescing.REPLACE : now == was ? Coalescing.KEEP : Coalescing.IGNORE;
        };
        tide.defineTaskType(TaskType.named("progress").withCoalescing(Coalescing.MERGE));
    }

    @AfterEach
    void close() {
        tide.close();
        cleanUp();
    }

    private EnqueueResult report(int value) {
        return tide.enqueue(NewTask.builder("progress")
                .coalescingKey("copy-1")
                .payloadJson(String.valueOf(value))
                .build());
    }

    @Test
    void theCheckDecidesInsteadOfTheTypesPolicy() {
        EnqueueResult first = report(10);
        EnqueueResult second = report(40);
        assertThat(tide.task(first.id()).outcome()).isEqualTo(Outcome.SUPERSEDED);
        EnqueueResult stale = report(20);
        assertThat(stale.created()).isFalse();
        assertThat(stale.id()).isEqualTo(second.id());
        assertThat(tide.task(second.id()).payload())
                .as("not merged: the check decided")
                .isEqualTo("40");
        assertThat(offered).containsExactly("10<-40", "40<-20");
    }

    @Test
    void pendingTasksAreOfferedOldestFirstUntilOneIsDecided() {
        report(10);
        EnqueueResult same = report(10);
        assertThat(same.created()).as("keep: both queued").isTrue();
        offered.clear();
        report(30);
        assertThat(offered).containsExactly("10<-30");
        List<TaskInfo> pending =
                tide.tasks(TaskQuery.all().withState(TaskState.READY)).items();
        assertThat(pending).extracting(TaskInfo::payload).containsExactlyInAnyOrder("10", "30");
    }

    @Test
    void theCheckSeesTheNewcomerResolved() {
        report(1);
        List<TaskInfo> seen = new ArrayList<>();
        check = (pending, incoming) -> {
            seen.add(incoming);
            return null;
        };
        EnqueueResult kept = tide.enqueue(NewTask.builder("progress")
                .coalescingKey("copy-1")
                .priority(3)
                .payloadJson("2")
                .build());
        assertThat(kept.created()).as("null means keep").isTrue();
        assertThat(seen).singleElement().satisfies(t -> {
            assertThat(t.id()).isZero();
            assertThat(t.priority()).isEqualTo(3);
            assertThat(t.coalescingKey()).isEqualTo("copy-1");
            assertThat(t.state()).isEqualTo(TaskState.READY);
        });
    }

    @Test
    void aCheckThatThrowsRefusesTheEnqueueAndWritesNothing() {
        report(1);
        check = (pending, incoming) -> {
            throw new IllegalStateException("broken check");
        };
        assertThatThrownBy(() -> tide.enqueueAll(List.of(
                        NewTask.builder("progress").payloadJson("0").build(),
                        NewTask.builder("progress")
                                .coalescingKey("copy-1")
                                .payloadJson("2")
                                .build())))
                .hasMessageContaining("broken check");
        assertThat(tide.tasks(TaskQuery.all()).items()).hasSize(1);
    }
}
