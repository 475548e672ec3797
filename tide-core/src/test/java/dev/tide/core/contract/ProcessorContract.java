package dev.tide.core.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tide.api.Actor;
import dev.tide.api.ClaimRequest;
import dev.tide.api.EventQuery;
import dev.tide.api.InvalidRequestException;
import dev.tide.api.LeasedTask;
import dev.tide.api.NewTask;
import dev.tide.api.NotFoundException;
import dev.tide.api.ProcessorDefinition;
import dev.tide.api.ProcessorInfo;
import dev.tide.api.ProcessorKind;
import dev.tide.api.ProcessorRun;
import dev.tide.api.TaskInfo;
import dev.tide.api.TaskState;
import dev.tide.api.TideEvent;
import dev.tide.api.UserFilter;
import dev.tide.api.json.Json;
import dev.tide.api.worker.TaskFailure;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BooleanSupplier;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Processors (seed 004's Submission Processors), the same on every store and over HTTP: definitions kept and logged
 * with their actor, claims under a processor given its queue, types, users and payload size (nothing while it is
 * stopped, and a change applying at the next claim), and local processors run by the engine's host with handlers
 * registered on the node, reporting what they do.
 */
public abstract class ProcessorContract extends ManualQueueContract {
    private static final String DEPOSITS = "deposits";

    private ProcessorDefinition remote(String name) {
        return ProcessorDefinition.named(name).withKind(ProcessorKind.REMOTE).withQueue(DEPOSITS);
    }

    private long enqueue(String user, String type) {
        return queue.enqueue(NewTask.builder(type).queue(DEPOSITS).owner(user).build())
                .id();
    }

    private static String owners(List<LeasedTask> tasks) {
        return tasks.stream().map(t -> t.task().owner()).sorted().collect(Collectors.joining());
    }

    // --- definitions ---------------------------------------------------------------------------------------------

    @Test
    @SuppressWarnings("try") // the Actor.Scope names who acts inside it; never read
    void aProcessorIsDefinedStoppedStartedStoppedAndRemovedWithItsActorLogged() {
        ProcessorDefinition intake =
                remote("intake").withTypes(Set.of("metadata")).withUsers(UserFilter.requiring("crossref"));
        ProcessorInfo defined;
        try (Actor.Scope as = Actor.enter("ops:ada")) {
            defined = queue.processors().define(intake);
            assertThat(defined.processor()).isEqualTo(intake);
            assertThat(defined.started()).isFalse();
            assertThat(queue.processors().start("intake").started()).isTrue();
            // a changed definition keeps the processor started
            ProcessorInfo changed = queue.processors().define(intake.withTypes(Set.of("metadata", "query")));
            assertThat(changed.started()).isTrue();
            assertThat(changed.processor().types()).containsExactlyInAnyOrder("metadata", "query");
            assertThat(queue.processors().stop("intake").started()).isFalse();
        }
        assertThat(queue.processors().list()).extracting(ProcessorInfo::name).containsExactly("intake");
        assertThat(queue.processors().get("intake").processor().users().required())
                .containsExactly("crossref");

        try (Actor.Scope as = Actor.enter("ops:grace")) {
            queue.processors().delete("intake");
        }
        assertThat(queue.processors().list()).isEmpty();
        assertThatThrownBy(() -> queue.processors().get("intake")).isInstanceOf(NotFoundException.class);
        assertThatThrownBy(() -> queue.processors().start("intake")).isInstanceOf(NotFoundException.class);
        assertThatThrownBy(() -> queue.processors().delete("intake")).isInstanceOf(NotFoundException.class);

        List<TideEvent> events = queue.monitoring().events(EventQuery.recent()).stream()
                .filter(e -> e.kind().startsWith("processor."))
                .toList()
                .reversed();
        assertThat(events)
                .extracting(TideEvent::kind)
                .containsExactly(
                        TideEvent.PROCESSOR_DEFINED,
                        TideEvent.PROCESSOR_STARTED,
                        TideEvent.PROCESSOR_DEFINED,
                        TideEvent.PROCESSOR_STOPPED,
                        TideEvent.PROCESSOR_DELETED);
        assertThat(events).allSatisfy(e -> assertThat(e.queue()).isEqualTo(DEPOSITS));
        assertThat(events)
                .extracting(e -> detail(e).path("actor").asText())
                // over HTTP the authenticated caller comes first: "admin (ops:ada)"
                .satisfiesExactly(
                        a -> assertThat(a).contains("ops:ada"),
                        a -> assertThat(a).contains("ops:ada"),
                        a -> assertThat(a).contains("ops:ada"),
                        a -> assertThat(a).contains("ops:ada"),
                        a -> assertThat(a).contains("ops:grace"));
        assertThat(detail(events.getFirst())
                        .path("definition")
                        .path("users")
                        .path("required")
                        .get(0)
                        .asText())
                .isEqualTo("crossref");
    }

    @Test
    void badDefinitionsAreRefusedNamingTheField() {
        assertThatThrownBy(() -> remote("r").withThreads(2))
                .isInstanceOf(InvalidRequestException.class)
                .hasMessageContaining("threads");
        assertThatThrownBy(() -> ProcessorDefinition.named("p").withThreads(0))
                .isInstanceOf(InvalidRequestException.class)
                .hasMessageContaining("threads");
        assertThatThrownBy(() -> ProcessorDefinition.named("no spaces"))
                .isInstanceOf(InvalidRequestException.class)
                .hasMessageContaining("name");
        assertThatThrownBy(() -> remote("r").withNodes(Set.of("node-1")))
                .isInstanceOf(InvalidRequestException.class)
                .hasMessageContaining("nodes");
        assertThat(queue.processors().list()).isEmpty();
    }

    // --- claims under a processor --------------------------------------------------------------------------------

    @Test
    void aClaimUnderAProcessorTakesWhatTheProcessorTakesAndNothingWhileItIsStopped() {
        enqueue("crossref", "metadata");
        enqueue("crossref", "query");
        enqueue("other", "metadata");
        queue.processors()
                .define(remote("intake").withTypes(Set.of("metadata")).withUsers(UserFilter.requiring("crossref")));

        assertThat(queue.claim(ClaimRequest.under("intake", "w", 10))).isEmpty();
        queue.processors().start("intake");
        List<LeasedTask> got = queue.claim(ClaimRequest.under("intake", "w", 10));
        assertThat(got).singleElement().satisfies(t -> {
            assertThat(t.task().owner()).isEqualTo("crossref");
            assertThat(t.task().type()).isEqualTo("metadata");
            assertThat(t.task().queue()).isEqualTo(DEPOSITS);
        });
    }

    @Test
    void aChangedDefinitionDecidesTheNextClaimWithoutTouchingTheWorker() {
        enqueue("a", "t");
        enqueue("b", "t");
        enqueue("c", "t");
        queue.processors().define(remote("sp").withUsers(UserFilter.requiring("a")));
        queue.processors().start("sp");
        assertThat(owners(queue.claim(ClaimRequest.under("sp", "w", 10)))).isEqualTo("a");

        queue.processors().define(remote("sp").withUsers(UserFilter.excluding("b")));
        assertThat(owners(queue.claim(ClaimRequest.under("sp", "w", 10)))).isEqualTo("c");

        queue.processors().define(remote("sp"));
        assertThat(owners(queue.claim(ClaimRequest.under("sp", "w", 10)))).isEqualTo("b");
    }

    @Test
    void aProcessorTakesOnlyPayloadsUpToItsSizeAndAWorkerMayAskForLess() {
        long small = queue.enqueue(NewTask.builder("t")
                        .queue(DEPOSITS)
                        .payloadJson("{\"n\":1}")
                        .build())
                .id();
        long medium = queue.enqueue(NewTask.builder("t")
                        .queue(DEPOSITS)
                        .payloadJson("{\"text\":\"" + "x".repeat(40) + "\"}")
                        .build())
                .id();
        queue.enqueue(NewTask.builder("t")
                .queue(DEPOSITS)
                .payloadJson("{\"text\":\"" + "x".repeat(400) + "\"}")
                .build());
        queue.processors().define(remote("sp").withMaxPayloadBytes(100L));
        queue.processors().start("sp");

        assertThat(queue.claim(ClaimRequest.under("sp", "w", 10).withMaxPayloadBytes(20L)))
                .extracting(LeasedTask::id)
                .containsExactly(small);
        assertThat(queue.claim(ClaimRequest.under("sp", "w", 10).withMaxPayloadBytes(10_000L)))
                .extracting(LeasedTask::id)
                .containsExactly(medium);
    }

    @Test
    void aClaimMayNarrowAProcessorsTypesButNotOverrideItsQueueOrUsers() {
        long metadata = enqueue("a", "metadata");
        enqueue("a", "query");
        queue.processors().define(remote("sp").withTypes(Set.of("metadata", "query")));
        queue.processors().start("sp");

        assertThatThrownBy(() -> queue.claim(ClaimRequest.under("sp", "w", 1).withUsers(UserFilter.requiring("a"))))
                .isInstanceOf(InvalidRequestException.class)
                .hasMessageContaining("users");
        assertThatThrownBy(
                        () -> queue.claim(new ClaimRequest("other", "w", 1, null, null, null, null, null, null, "sp")))
                .isInstanceOf(InvalidRequestException.class)
                .hasMessageContaining("queue");
        assertThatThrownBy(() -> queue.claim(ClaimRequest.under("sp", "w", 1).withTypes(Set.of("email"))))
                .isInstanceOf(InvalidRequestException.class)
                .hasMessageContaining("types");
        assertThatThrownBy(() -> queue.claim(ClaimRequest.under("nobody", "w", 1)))
                .isInstanceOf(NotFoundException.class)
                .hasMessageContaining("nobody");

        assertThat(queue.claim(
                        new ClaimRequest(DEPOSITS, "w", 10, Set.of("metadata"), null, null, null, null, null, "sp")))
                .extracting(LeasedTask::id)
                .containsExactly(metadata);
    }

    @Test
    void claimsUnderARemoteProcessorAreReportedWithTheirWorkersAndLeases() {
        long id = enqueue("a", "t");
        queue.processors().define(remote("sp"));
        queue.processors().start("sp");
        assertThat(queue.claim(ClaimRequest.under("sp", "remote-1", 10))).hasSize(1);

        fixture.engine().processorHost().runOnce();

        ProcessorRun run = queue.processors().get("sp").runs().getFirst();
        assertThat(run.node()).isEqualTo(fixture.engine().config().nodeName());
        assertThat(run.state()).isEqualTo(ProcessorRun.State.SERVING);
        assertThat(run.claimed()).isEqualTo(1);
        assertThat(run.workers()).containsExactly("remote-1");
        assertThat(run.running()).containsExactly(id);
        assertThat(run.succeeded()).isNull();
        assertThat(run.seenAt()).isEqualTo(T0);

        clock.advance(Duration.ofMinutes(1));
        assertThat(queue.processors().get("sp").runs().getFirst().state()).isEqualTo(ProcessorRun.State.SILENT);
    }

    // --- local processors ----------------------------------------------------------------------------------------

    @Test
    void aStartedLocalProcessorRunsItsTasksWithTheNodesHandlersAndAStoppedOneLetsThemWait() {
        fixture.engine()
                .processorHost()
                .shutdownGrace(Duration.ofSeconds(5))
                .addHandlers(Map.of(
                        "ok", ctx -> {},
                        "bad",
                                ctx -> {
                                    throw new TaskFailure("no such DOI");
                                }));
        queue.processors()
                .define(ProcessorDefinition.named("sp").withQueue(DEPOSITS).withThreads(2));
        long ok = enqueue("a", "ok");
        long bad = enqueue("a", "bad");

        queue.processors().start("sp");
        fixture.engine().processorHost().runOnce();
        await("both tasks finished", () -> finished(ok) && finished(bad));
        assertThat(queue.task(ok).status()).isEqualTo("succeeded");
        assertThat(queue.task(bad).status()).isEqualTo("failed");

        await("the report counts them", () -> {
            fixture.engine().processorHost().runOnce();
            ProcessorRun run = queue.processors().get("sp").runs().getFirst();
            return run.succeeded() == 1 && run.failed() == 1;
        });
        ProcessorRun running = queue.processors().get("sp").runs().getFirst();
        assertThat(running.state()).isEqualTo(ProcessorRun.State.RUNNING);
        assertThat(running.threads()).isEqualTo(2);
        assertThat(running.lastError()).contains("no such DOI");
        assertThat(running.workers()).containsExactly(fixture.engine().config().nodeName() + "/processor:sp");

        queue.processors().stop("sp");
        await("the pool stopped", () -> {
            fixture.engine().processorHost().runOnce();
            return queue.processors().get("sp").runs().getFirst().state() == ProcessorRun.State.STOPPED;
        });
        long waiting = enqueue("a", "ok");
        fixture.engine().processorHost().runOnce();
        assertThat(queue.task(waiting).state()).isEqualTo(TaskState.READY);
        assertThat(queue.processors().get("sp").runs().getFirst().succeeded()).isEqualTo(1);

        queue.processors().start("sp");
        fixture.engine().processorHost().runOnce();
        await("the waiting task ran", () -> finished(waiting));
    }

    @Test
    void aLocalProcessorWithoutHandlersHereIsReportedUnavailableAndRunsOnceTheyCome() {
        queue.processors()
                .define(ProcessorDefinition.named("sp").withQueue(DEPOSITS).withTypes(Set.of("metadata")));
        queue.processors().start("sp");
        long id = enqueue("a", "metadata");
        fixture.engine().processorHost().runOnce();

        ProcessorRun run = queue.processors().get("sp").runs().getFirst();
        assertThat(run.state()).isEqualTo(ProcessorRun.State.UNAVAILABLE);
        assertThat(run.lastError()).contains("metadata");
        assertThat(queue.task(id).state()).isEqualTo(TaskState.READY);

        fixture.engine().processorHost().addHandlers(Map.of("metadata", ctx -> {}));
        fixture.engine().processorHost().runOnce();
        await("the task ran", () -> finished(id));
    }

    @Test
    void aLocalProcessorMeantForOtherNodesDoesNotRunHere() {
        fixture.engine().processorHost().addHandlers(Map.of("t", ctx -> {}));
        queue.processors()
                .define(ProcessorDefinition.named("sp").withQueue(DEPOSITS).withNodes(Set.of("elsewhere")));
        queue.processors().start("sp");
        long id = enqueue("a", "t");
        fixture.engine().processorHost().runOnce();

        assertThat(queue.processors().get("sp").runs()).isEmpty();
        assertThat(queue.task(id).state()).isEqualTo(TaskState.READY);
    }

    private boolean finished(long id) {
        TaskInfo task = queue.task(id);
        return task.state() == TaskState.FINISHED;
    }

    private static JsonNode detail(TideEvent event) {
        try {
            return Json.mapper().readTree(event.detail());
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    private static void await(String what, BooleanSupplier condition) {
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting for " + what);
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
        }
    }
}
