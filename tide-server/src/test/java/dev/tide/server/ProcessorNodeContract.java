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
import dev.tide.core.Tide;
import dev.tide.core.testing.PluginJar;
import dev.tide.core.testing.TempFolders;
import dev.tide.core.testing.TestUsers;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Processors in whole nodes ({@link TideNode}: engine, HTTP server, plugins) on the real clock, driven as an operator
 * and a remote worker would, over HTTP: a handler from a plugin jar made in the test runs under a processor defined
 * and started at runtime, and a processor's filter set decides what a remote worker takes.
 */
abstract class ProcessorNodeContract {
    static final String PLUGIN_CLASS = PluginJar.STAMP;

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
