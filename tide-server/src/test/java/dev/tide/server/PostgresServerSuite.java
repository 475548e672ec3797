package dev.tide.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.api.NewTask;
import dev.tide.api.ProcessorDefinition;
import dev.tide.api.ProcessorRun;
import dev.tide.client.TideClient;
import dev.tide.core.Tide;
import dev.tide.core.TideConfig;
import dev.tide.core.contract.FixtureFactory;
import dev.tide.core.contract.ProcessorSelectionContract;
import dev.tide.core.testing.PluginJar;
import dev.tide.core.testing.PostgresFixtures;
import dev.tide.core.testing.PostgresSchema;
import dev.tide.server.intake.FolderIntakeContract;
import java.nio.file.Path;
import java.util.Set;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The contracts through the server, over PostgreSQL: one schema for the engines the fixture opens and one for the
 * contracts that build their engines themselves, each emptied before every test. When PostgreSQL is unreachable the
 * whole suite is skipped with a notice (failed under CI).
 */
class PostgresServerSuite {
    @RegisterExtension
    static final PostgresFixtures postgres = PostgresFixtures.perClass("server_suite");

    @RegisterExtension
    static final PostgresSchema pg = PostgresSchema.perClass("server_suite_builders");

    /** Seed 004's selection rules under processors, end to end over loopback HTTP. */
    @Nested
    class HttpProcessorSelection extends ProcessorSelectionContract {
        @Override
        protected FixtureFactory factory() {
            return new ServedFixtureFactory(postgres);
        }
    }

    /** Worker names per account over HTTP. */
    @Nested
    class WorkerNames extends WorkerNamesContract {
        @Override
        protected FixtureFactory engines() {
            return postgres;
        }
    }

    /** The ownership check of ids in bodies and queries, over HTTP. */
    @Nested
    class Ownership extends OwnershipContract {
        @Override
        protected FixtureFactory factory() {
            return postgres;
        }
    }

    /** The tenant fuzzer over HTTP. */
    @Nested
    class TenantFuzz extends TenantFuzzContract {
        @Override
        protected FixtureFactory factory() {
            return postgres;
        }
    }

    @Nested
    class FolderIntake extends FolderIntakeContract {
        @Override
        protected FixtureFactory factory() {
            return postgres;
        }
    }

    /** The JMX beans of a node. */
    @Nested
    class JmxAdmin extends JmxAdminContract {
        @Override
        Tide engine(Path folder) {
            return pg.builder().build();
        }
    }

    @Nested
    class ParkedClaims extends ParkedClaimsContract {
        @Override
        Tide open() {
            return pg.builder()
                    .config(TideConfig.defaults().withMaintenanceInterval(null))
                    .build();
        }

        @Override
        String store() {
            return "PostgreSQL";
        }
    }

    /**
     * Processors in whole nodes, where several nodes share the definitions: a change made through one node is followed
     * by the others within a couple of seconds.
     */
    @Nested
    class ProcessorNodes extends ProcessorNodeContract {
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
