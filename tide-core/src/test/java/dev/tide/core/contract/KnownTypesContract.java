package dev.tide.core.contract;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.api.ClaimRequest;
import dev.tide.api.EnqueueResult;
import dev.tide.api.NewTask;
import dev.tide.api.ProcessorDefinition;
import dev.tide.api.ProcessorKind;
import dev.tide.api.Schedule;
import dev.tide.api.TaskType;
import dev.tide.api.Warning;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * A task of a type that nothing names (no worker claimed it or asked for it, no processor, schedule or type definition
 * names it) is accepted with a warning in its answer, and {@code status()} lists the type while its tasks wait.
 */
public abstract class KnownTypesContract extends ManualQueueContract {
    private static List<String> codes(EnqueueResult result) {
        return result.warnings().stream().map(Warning::code).toList();
    }

    private List<Warning> statusWarnings() {
        return queue.monitoring().status().warnings();
    }

    @Test
    void aTypeNothingNamesIsAcceptedWithAWarningUntilAWorkerClaimsIt() {
        EnqueueResult typo = queue.enqueue(NewTask.of("emial", null));
        assertThat(typo.created()).isTrue();
        assertThat(typo.warnings())
                .containsExactly(new Warning(
                        Warning.UNKNOWN_TYPE,
                        "no worker has claimed type `emial`, and no processor, schedule or type definition names"
                                + " it"));
        queue.enqueue(NewTask.of("emial", null));
        assertThat(statusWarnings())
                .extracting(Warning::message)
                .containsExactly("no worker has claimed type `emial` (2 tasks wait), and no processor, schedule or"
                        + " type definition names it");

        assertThat(queue.claim(ClaimRequest.of("default", "w", 1))).hasSize(1);
        assertThat(codes(queue.enqueue(NewTask.of("emial", null))))
                .as("claimed once, known for good")
                .isEmpty();
        assertThat(statusWarnings()).isEmpty();
    }

    @Test
    void aTypeAWorkerAsksForByNameIsKnownBeforeAnyTaskOfItExists() {
        assertThat(queue.claim(ClaimRequest.of("default", "w", 1).withTypes(Set.of("report"))))
                .isEmpty();
        assertThat(codes(queue.enqueue(NewTask.of("report", null)))).isEmpty();
    }

    @Test
    void typesNamedByADefinitionAScheduleOrAProcessorAreKnown() {
        queue.defineTaskType(TaskType.named("defined"));
        queue.schedules().define(Schedule.of("nightly", "0 3 * * *", NewTask.of("scheduled", null)));
        queue.processors()
                .define(ProcessorDefinition.named("p")
                        .withKind(ProcessorKind.REMOTE)
                        .withQueue("default")
                        .withTypes(Set.of("processed")));
        for (String type : List.of("defined", "scheduled", "processed")) {
            assertThat(codes(queue.enqueue(NewTask.of(type, null)))).as(type).isEmpty();
        }
        assertThat(statusWarnings()).isEmpty();
    }

    @Test
    void inABatchOnlyTheTasksOfAnUnknownTypeCarryTheWarning() {
        queue.defineTaskType(TaskType.named("mail"));
        List<EnqueueResult> results =
                queue.enqueueAll(List.of(NewTask.of("mail", null), NewTask.of("mial", null), NewTask.of("mail", null)));
        assertThat(results)
                .extracting(KnownTypesContract::codes)
                .containsExactly(List.of(), List.of(Warning.UNKNOWN_TYPE), List.of());
    }

    @Test
    void enqueueAndClaimNamesItsTypeByClaimingIt() {
        var both = queue.enqueueAndClaim(NewTask.of("instant", null), "w", null);
        assertThat(both.leased()).isNotNull();
        assertThat(both.enqueued().warnings()).isEmpty();
        assertThat(codes(queue.enqueue(NewTask.of("instant", null)))).isEmpty();
    }
}
