package dev.tide.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tide.api.EventQuery;
import dev.tide.api.NewTask;
import dev.tide.api.ProcessorDefinition;
import dev.tide.api.ProcessorKind;
import dev.tide.api.ProcessorRun;
import dev.tide.api.TaskInfo;
import dev.tide.api.TaskState;
import dev.tide.api.TideEvent;
import dev.tide.api.UserFilter;
import dev.tide.api.auth.Role;
import dev.tide.api.worker.WorkerPool;
import dev.tide.client.TideClient;
import dev.tide.core.testing.PluginJar;
import dev.tide.core.testing.TestUsers;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Processors in whole nodes ({@link TideNode}: engine, HTTP server, plugins) on the real clock, driven as an operator
 * and a remote worker would, over HTTP: a handler from a plugin jar made in the test runs under a processor defined
 * and started at runtime, and a processor's filter set decides what a remote worker takes.
 */
abstract class ProcessorNodeContract extends NodeHarness {
    static final String PLUGIN_CLASS = PluginJar.STAMP;

    @Test
    void aPluginJarsHandlerRunsUnderAProcessorStartedAtRuntimeAndStoppingItLetsTasksWait() {
        Path plugins = folder.resolve("plugins");
        PluginJar.stamp(plugins);
        assertThatThrownBy(() -> Class.forName(PLUGIN_CLASS))
                .as("only in the jar")
                .isInstanceOf(ClassNotFoundException.class);
        TideNode node = node("node-1", plugins);
        TideClient ops = operator(node);
        assertThat(node.tide().processorHost().handlerTypes()).containsExactly("stamp");

        long before =
                ops.enqueue(NewTask.builder("stamp").queue("deposits").build()).id();
        ops.processors()
                .define(ProcessorDefinition.named("stamper")
                        .withQueue("deposits")
                        .withTypes(Set.of("stamp"))
                        .withThreads(2));
        ops.processors().start("stamper");
        List<Long> ids = new ArrayList<>(List.of(before));
        for (int i = 0; i < 5; i++) {
            ids.add(ops.enqueue(NewTask.builder("stamp").queue("deposits").build())
                    .id());
        }
        await("the plugin ran every task", () -> ids.stream().allMatch(id -> finished(ops, id)));
        for (long id : ids) {
            TaskInfo task = ops.task(id);
            assertThat(task.status()).isEqualTo("succeeded");
            assertThat(task.result())
                    .contains("\"stampedBy\":\"" + PLUGIN_CLASS + "\"")
                    .contains("tide-plugins");
        }
        await("the node reports the work", () -> {
            ProcessorRun run =
                    ops.processors().get("stamper").runs().stream().findFirst().orElse(null);
            return run != null && run.succeeded() != null && run.succeeded() == ids.size();
        });
        assertThat(ops.processors().get("stamper").runs().getFirst()).satisfies(run -> {
            assertThat(run.node()).isEqualTo("node-1");
            assertThat(run.state()).isEqualTo(ProcessorRun.State.RUNNING);
            assertThat(run.threads()).isEqualTo(2);
        });

        ops.processors().stop("stamper");
        await(
                "the processor stopped",
                () -> ops.processors().get("stamper").runs().getFirst().state() == ProcessorRun.State.STOPPED);
        long waiting =
                ops.enqueue(NewTask.builder("stamp").queue("deposits").build()).id();
        node.tide().processorHost().runOnce();
        assertThat(ops.task(waiting).state()).isEqualTo(TaskState.READY);

        assertThat(ops.monitoring().events(EventQuery.recent().withKind(TideEvent.PROCESSOR_STOPPED)))
                .singleElement()
                .satisfies(e ->
                        assertThat(e.detail()).contains("\"actor\":\"admin (ops:ada)\"", "\"processor\":\"stamper\""));

        ops.processors().start("stamper");
        await("the waiting task ran once the processor started again", () -> finished(ops, waiting));
    }

    @Test
    void aRemoteWorkerTakesWhatItsProcessorSaysAndFollowsChangesWithoutARestart() {
        TideNode node = node("node-1", null);
        TideClient ops = operator(node);
        ops.processors()
                .define(ProcessorDefinition.named("crossref-only")
                        .withKind(ProcessorKind.REMOTE)
                        .withQueue("deposits")
                        .withUsers(UserFilter.requiring("crossref")));
        ops.processors().start("crossref-only");
        long crossref = ops.enqueue(NewTask.builder("deposit")
                        .queue("deposits")
                        .owner("crossref")
                        .build())
                .id();
        long other = ops.enqueue(NewTask.builder("deposit")
                        .queue("deposits")
                        .owner("other")
                        .build())
                .id();

        // a claim under a processor needs the worker role only
        TideClient workerClient = TideClient.builder(node.server().uri())
                .token(TestUsers.token(node.tide().accounts(), "ds3", Role.WORKER))
                .build();
        closing.add(workerClient);
        WorkerPool worker = WorkerPool.builder(workerClient)
                .workerName("ds3-1")
                .queue("deposits")
                .processor("crossref-only")
                .pollWait(Duration.ofMillis(300))
                .concurrency(2)
                .handler("deposit", ctx -> {})
                .start();
        closing.add(() -> worker.shutdown(Duration.ofSeconds(2)));

        await("the required user's task ran", () -> finished(ops, crossref));
        assertThat(ops.task(other).state()).isEqualTo(TaskState.READY);

        ops.processors()
                .define(ops.processors().get("crossref-only").processor().withUsers(UserFilter.ANY));
        await("the worker follows the new filter", () -> finished(ops, other));

        ops.processors().stop("crossref-only");
        long held = ops.enqueue(NewTask.builder("deposit")
                        .queue("deposits")
                        .owner("crossref")
                        .build())
                .id();
        node.tide().processorHost().runOnce();
        ProcessorRun run = ops.processors().get("crossref-only").runs().getFirst();
        assertThat(run.state()).isEqualTo(ProcessorRun.State.STOPPED);
        assertThat(run.workers()).containsExactly("ds3-1");
        assertThat(run.claimed()).isEqualTo(2);
        assertThat(ops.task(held).state()).isEqualTo(TaskState.READY);
    }
}
