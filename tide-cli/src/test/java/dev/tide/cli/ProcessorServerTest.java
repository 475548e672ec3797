package dev.tide.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.api.EventQuery;
import dev.tide.api.TaskState;
import dev.tide.api.TideEvent;
import dev.tide.cli.testing.ChildJvm;
import dev.tide.cli.testing.CliRun;
import dev.tide.client.TideClient;
import dev.tide.core.testing.PluginJar;
import dev.tide.core.testing.TempFolders;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import javax.management.MBeanServerConnection;
import javax.management.ObjectName;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@code tide server --plugins DIR --jmx-port PORT} in a process of its own: a plugin jar made in the test runs under a
 * processor an operator defines and starts with the {@code tide} command, and a JMX client in this process stops it.
 */
class ProcessorServerTest {
    private final Path folder = TempFolders.create("tide-processor-server-");

    @AfterEach
    void clean() {
        TempFolders.delete(folder);
    }

    private CliRun tide(String... args) {
        List<String> all = new java.util.ArrayList<>(List.of(args));
        all.addAll(List.of("--data", folder.resolve("data").toString()));
        CliRun run = CliRun.of(all.toArray(String[]::new));
        assertThat(run.code()).as(run.err()).isZero();
        return run;
    }

    @Test
    @SuppressWarnings("BanJNDI") // connects to the JMX server this test started on this host
    void anOperatorRunsAPluginsHandlersUnderAProcessorAndStopsItOverJmx() throws Exception {
        Path plugins = folder.resolve("plugins");
        PluginJar.stamp(plugins);
        int jmxPort = freePort();
        try (ChildJvm server = ChildJvm.server(
                List.of(
                        "--data", folder.resolve("data").toString(),
                        "--plugins", plugins.toString(),
                        "--jmx-port", String.valueOf(jmxPort),
                        "--grace", "2s"),
                Map.of(),
                List.of())) {
            String url = server.awaitServerUrl();
            String jmxUrl = server.awaitLine("(?m)^JMX connector at (\\S+)", Duration.ofSeconds(30));
            assertThat(jmxUrl)
                    .isEqualTo(
                            "service:jmx:rmi://127.0.0.1:" + jmxPort + "/jndi/rmi://127.0.0.1:" + jmxPort + "/jmxrmi");

            tide("processor", "define", "stamper", "--queue", "deposits", "--types", "stamp", "--threads", "2");
            tide("processor", "start", "stamper");
            for (int i = 0; i < 3; i++) {
                tide("enqueue", "--type", "stamp", "--queue", "deposits");
            }
            try (TideClient client = ServerClients.connect(
                    url, List.of("--data", folder.resolve("data").toString()))) {
                await(
                        "the plugin ran the tasks",
                        () -> client.monitoring().status().queues().stream()
                                .anyMatch(q -> q.queue().equals("deposits") && q.succeeded() == 3));
                assertThat(client.tasks(dev.tide.api.TaskQuery.all()).items())
                        .allSatisfy(t -> assertThat(t.result()).contains(PluginJar.STAMP, "tide-plugins"));
                await(
                        "the node reports them",
                        () -> tide("processor", "list")
                                .out()
                                .matches("(?s).*stamper.*running\\s+2\\s+-\\s+3\\s+3\\s+0.*"));

                try (JMXConnector jmx = JMXConnectorFactory.connect(new JMXServiceURL(jmxUrl))) {
                    MBeanServerConnection beans = jmx.getMBeanServerConnection();
                    ObjectName stamper = new ObjectName("dev.tide:type=Processor,name=stamper");
                    await("the processor's bean", () -> registered(beans, stamper));
                    assertThat(beans.getAttribute(stamper, "Succeeded")).isEqualTo(3L);
                    beans.invoke(stamper, "stop", null, null);
                    assertThat(beans.getAttribute(stamper, "Started")).isEqualTo(false);
                }
                await(
                        "the processor stopped",
                        () -> tide("processor", "list").out().contains("stopped"));
                tide("enqueue", "--type", "stamp", "--queue", "deposits");
                assertThat(client.tasks(dev.tide.api.TaskQuery.all().withState(TaskState.READY))
                                .items())
                        .hasSize(1);
                assertThat(client.monitoring().events(EventQuery.recent().withKind(TideEvent.PROCESSOR_STOPPED)))
                        .singleElement()
                        .satisfies(e -> assertThat(e.detail()).contains("\"actor\":\"jmx:local\""));
                assertThat(client.monitoring().events(EventQuery.recent().withKind(TideEvent.PROCESSOR_STARTED)))
                        .singleElement()
                        .satisfies(e -> assertThat(e.detail()).contains("\"actor\":\"local-admin (cli:"));
            }
            server.terminate();
            assertThat(server.waitFor(Duration.ofSeconds(30))).isIn(0, 143);
        }
    }

    private static boolean registered(MBeanServerConnection beans, ObjectName name) {
        try {
            return beans.isRegistered(name);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    private static void await(String what, BooleanSupplier condition) {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting until " + what);
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
        }
    }
}
