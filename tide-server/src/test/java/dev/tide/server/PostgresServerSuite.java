package dev.tide.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.api.NewTask;
import dev.tide.api.ProcessorDefinition;
import dev.tide.api.ProcessorRun;
import dev.tide.client.TideClient;
import dev.tide.core.Tide;
import dev.tide.core.TideBuilder;
import dev.tide.core.TideConfig;
import dev.tide.core.contract.FixtureFactory;
import dev.tide.core.testing.PluginJar;
import dev.tide.core.testing.PostgresFixtures;
import dev.tide.core.testing.PostgresSchema;
import java.nio.file.Path;
import java.util.Set;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The server's contracts ({@link ServerContracts}) over PostgreSQL: one schema for the engines the fixture opens and
 * one for the contracts that build their engines themselves, each emptied before every test. When PostgreSQL is
 * unreachable the whole suite is skipped with a notice (failed under CI).
 */
class PostgresServerSuite extends ServerContracts {
    @RegisterExtension
    static final PostgresFixtures postgres = PostgresFixtures.perClass("server_suite");

    @RegisterExtension
    static final PostgresSchema pg = PostgresSchema.perClass("server_suite_builders");

    @Override
    protected FixtureFactory engineFixtures() {
        return postgres;
    }

    @Override
    protected FixtureFactory servedFixtures() {
        return new ServedFixtureFactory(postgres);
    }

    /** The builders' schema, shared by every engine of a test: the folder holds nothing. */
    @Override
    protected TideBuilder builderIn(Path folder) {
        return pg.builder();
    }

    @Override
    protected String storeName() {
        return "PostgreSQL";
    }

    /**
     * Processors in whole nodes that share the definitions: a change made through one node is followed by the others
     * within a couple of seconds.
     */
    @Nested
    class ProcessorNodesSharingADatabase extends NodeHarness {
        @Override
        Tide engine(String node) {
            return pg.builder().config(TideConfig.defaults().withNodeName(node)).build();
        }

        @Test
        void aLocalProcessorRunsOnTheNodesItNamesAndMovesWhenTheyChange() {
            Path plugins = folder.resolve("plugins");
            PluginJar.stamp(plugins);
            TideNode a = node("a", plugins);
            TideNode b = node("b", plugins);
            TideClient viaA = operator(a);
            TideClient viaB = operator(b);

            viaA.processors()
                    .define(ProcessorDefinition.named("stamper")
                            .withQueue("deposits")
                            .withNodes(Set.of("b")));
            viaA.processors().start("stamper");
            long first = viaA.enqueue(NewTask.builder("stamp").queue("deposits").build())
                    .id();
            await("node b ran it", () -> finished(viaA, first));
            assertThat(viaA.task(first).leaseOwner()).isEqualTo("b/processor:stamper");

            viaB.processors()
                    .define(viaB.processors().get("stamper").processor().withNodes(Set.of("a")));
            await("node a runs it and node b stopped it", () -> {
                var runs = viaA.processors().get("stamper").runs();
                return runs.stream().anyMatch(r -> r.node().equals("a") && r.state() == ProcessorRun.State.RUNNING)
                        && runs.stream().anyMatch(r -> r.node().equals("b") && r.state() == ProcessorRun.State.STOPPED);
            });
            long second = viaB.enqueue(
                            NewTask.builder("stamp").queue("deposits").build())
                    .id();
            await("node a ran the next", () -> finished(viaB, second));
            assertThat(viaB.task(second).leaseOwner()).isEqualTo("a/processor:stamper");
        }
    }
}
