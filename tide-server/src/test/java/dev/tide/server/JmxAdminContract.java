package dev.tide.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tide.api.ClaimRequest;
import dev.tide.api.Discipline;
import dev.tide.api.EventQuery;
import dev.tide.api.LeasedTask;
import dev.tide.api.NewTask;
import dev.tide.api.PendingLimitException;
import dev.tide.api.QueueDefinition;
import dev.tide.api.TideEvent;
import dev.tide.client.TideClient;
import dev.tide.core.Tide;
import dev.tide.core.testing.TempFolders;
import dev.tide.core.testing.TestUsers;
import dev.tide.server.jmx.ProcessorAdminMXBean;
import dev.tide.server.jmx.QueueAdminMXBean;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BooleanSupplier;
import java.util.stream.Collectors;
import javax.management.Attribute;
import javax.management.JMX;
import javax.management.MBeanServerConnection;
import javax.management.ObjectName;
import javax.management.RuntimeMBeanException;
import javax.management.remote.JMXAuthenticator;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXConnectorServer;
import javax.management.remote.JMXConnectorServerFactory;
import javax.management.remote.JMXPrincipal;
import javax.management.remote.JMXServiceURL;
import javax.security.auth.Subject;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The JMX beans through a real JMX client: a {@link TideNode} serves its RMI connector on a free loopback port, the
 * test connects with {@link JMXConnectorFactory} as jconsole would, changes settings, and looks at the effect in
 * claims (over HTTP) and in the event log, which names the actor {@code jmx:local}, or {@code jmx:<principal>} when the
 * connector authenticated one.
 */
abstract class JmxAdminContract {
    Path folder;
    TideNode node;
    TideClient client;
    JMXConnector jmx;
    MBeanServerConnection beans;

    abstract Tide engine(Path folder);

    @BeforeEach
    @SuppressWarnings("BanJNDI") // connects to the JMX server this test started on this host
    void start() throws IOException {
        folder = TempFolders.create("tide-jmx-");
        Tide tide = engine(folder);
        node = TideNode.builder(tide, TideServer.builder(tide).port(0))
                .grace(Duration.ofSeconds(2))
                .jmxPort(freePort())
                .start();
        client = TideClient.builder(node.server().uri())
                .token(TestUsers.adminToken(tide.accounts()))
                .build();
        jmx = JMXConnectorFactory.connect(node.jmxUrl());
        beans = jmx.getMBeanServerConnection();
    }

    @AfterEach
    void stop() throws IOException {
        jmx.close();
        client.close();
        node.close();
        TempFolders.delete(folder);
    }

    @Test
    void theConnectorIsAtTheUsualAddressOnLoopback() {
        assertThat(node.jmxUrl().toString())
                .matches("service:jmx:rmi://127\\.0\\.0\\.1:\\d+/jndi/rmi://127\\.0\\.0\\.1:\\d+/jmxrmi");
    }

    @Test
    void theServerBeanSuspendsDispatchAndProhibitsUsersAsTheJmxActor() throws Exception {
        ObjectName server = new ObjectName("dev.tide:type=Server");
        assertThat(beans.getAttribute(server, "NodeName"))
                .isEqualTo(node.tide().config().nodeName());
        client.enqueue(NewTask.builder("t").owner("creftest").build());
        client.enqueue(NewTask.builder("t").owner("ada").build());

        beans.invoke(server, "suspend", null, null);
        assertThat(beans.getAttribute(server, "Suspended")).isEqualTo(true);
        assertThat(client.claim(ClaimRequest.of("default", "w", 10))).isEmpty();
        beans.invoke(server, "resume", null, null);
        assertThat(beans.getAttribute(server, "Suspended")).isEqualTo(false);

        beans.setAttribute(server, new Attribute("ProhibitedUsers", "creftest, taylor"));
        assertThat(beans.getAttribute(server, "ProhibitedUsers")).isEqualTo("creftest, taylor");
        assertThat(client.queues().prohibitedUsers()).containsExactlyInAnyOrder("creftest", "taylor");
        assertThat(client.claim(ClaimRequest.of("default", "w", 10)))
                .extracting(t -> t.task().owner())
                .containsExactly("ada");

        assertThat(actors(TideEvent.SUSPENDED)).containsExactly("jmx:local");
        assertThat(actors(TideEvent.RESUMED)).containsExactly("jmx:local");
        assertThat(actors(TideEvent.USERS_PROHIBITED)).containsExactly("jmx:local");
    }

    @Test
    void aQueueDefinedLaterGetsABeanWhoseSettingsDecideTheNextClaims() throws Exception {
        client.queues().define(QueueDefinition.named("metadata").withDiscipline(Discipline.FAIR));
        ObjectName name = new ObjectName("dev.tide:type=Queue,name=metadata");
        await("the queue's bean", () -> isRegistered(name));
        QueueAdminMXBean queue = JMX.newMXBeanProxy(beans, name, QueueAdminMXBean.class);
        assertThat(queue.getDiscipline()).isEqualTo("fair");
        assertThat(queue.getDefaultConcurrency()).isEqualTo(-1);

        beans.setAttribute(name, new Attribute("DefaultAllocation", 2));
        assertThat(client.queues().list().stream()
                        .filter(q -> q.name().equals("metadata"))
                        .findFirst()
                        .orElseThrow()
                        .defaultAllocation())
                .isEqualTo(2);
        queue.assignUsersAllocations("b", 1);
        assertThat(queue.getUsers()).singleElement().asString().startsWith("b allocation=1 (own)");
        enqueue("metadata", "a", 4);
        enqueue("metadata", "b", 2);
        assertThat(drain("metadata"))
                .as("a gets 2 per round by the default, b 1 of its own")
                .isEqualTo("abaaba");

        queue.assignUsersConcurrencies("a, b", 1);
        enqueue("metadata", "a", 3);
        enqueue("metadata", "b", 3);
        assertThat(client.claim(ClaimRequest.of("metadata", "w", 10))).hasSize(2);
        assertThat(queue.getLeased()).isEqualTo(2);
        assertThat(queue.getDepth()).isEqualTo(4);

        queue.setMaxPendingPerUser(5);
        queue.assignUsersPendingLimits("a", 2);
        assertThatThrownBy(() -> client.enqueue(
                        NewTask.builder("t").queue("metadata").owner("a").build()))
                .isInstanceOf(PendingLimitException.class);
        client.enqueue(NewTask.builder("t").queue("metadata").owner("b").build());

        assertThat(queue.park("b", "", "")).isEqualTo(3);
        assertThat(queue.getParked()).isEqualTo(3);
        assertThat(queue.unpark("b", "", "")).isEqualTo(3);
        assertThatThrownBy(() -> queue.assignUsersAllocations("", 1)).hasMessageContaining("users");
        assertThatThrownBy(() -> queue.setDefaultAllocation(-1)).hasMessageContaining("defaultAllocation");

        assertThat(actors(TideEvent.USERS_ADJUSTED)).containsOnly("jmx:local").hasSize(3);
        assertThat(actors(TideEvent.QUEUE_DEFINED)).contains("jmx:local");
        assertThat(actors(TideEvent.TASKS_PARKED)).containsExactly("jmx:local");
    }

    @Test
    void processorsAreDefinedStartedChangedAndRemovedThroughTheirBeans() throws Exception {
        ObjectName manager = new ObjectName("dev.tide:type=ProcessorManager");
        String defined = (String) beans.invoke(
                manager,
                "define",
                new Object[] {"sp", "remote", "deposits", "", "crossref", "", "", -1L, 0, ""},
                new String[] {
                    "java.lang.String", "java.lang.String", "java.lang.String", "java.lang.String", "java.lang.String",
                    "java.lang.String", "java.lang.String", "long", "int", "java.lang.String"
                });
        assertThat(defined).contains("\"name\":\"sp\"", "\"started\":false");
        ObjectName name = new ObjectName("dev.tide:type=Processor,name=sp");
        assertThat(beans.isRegistered(name)).as("registered at once").isTrue();
        ProcessorAdminMXBean sp = JMX.newMXBeanProxy(beans, name, ProcessorAdminMXBean.class);
        assertThat(sp.getRequiredUsers()).isEqualTo("crossref");

        long crossref = client.enqueue(
                        NewTask.builder("t").queue("deposits").owner("crossref").build())
                .id();
        long other = client.enqueue(
                        NewTask.builder("t").queue("deposits").owner("other").build())
                .id();
        assertThat(client.claim(ClaimRequest.under("sp", "ds3-1", 10))).isEmpty();
        sp.start();
        assertThat(sp.isStarted()).isTrue();
        assertThat(client.claim(ClaimRequest.under("sp", "ds3-1", 10)))
                .extracting(LeasedTask::id)
                .containsExactly(crossref);

        sp.setRequiredUsers("");
        sp.setPreferredUsers("other");
        assertThat(client.claim(ClaimRequest.under("sp", "ds3-1", 10)))
                .extracting(LeasedTask::id)
                .containsExactly(other);
        await("the node reports both claims", () -> sp.getClaimed() == 2);
        assertThat(sp.getRunningTaskIds()).containsExactly(crossref, other);
        assertThat(sp.getStates()).containsExactly(node.tide().config().nodeName() + ": serving");

        sp.stop();
        assertThat(client.processors().get("sp").started()).isFalse();
        assertThatThrownBy(() -> sp.setThreads(3)).hasMessageContaining("threads");
        beans.invoke(manager, "remove", new Object[] {"sp"}, new String[] {"java.lang.String"});
        assertThat(beans.isRegistered(name)).isFalse();

        assertThat(actors(TideEvent.PROCESSOR_DEFINED))
                .containsOnly("jmx:local")
                .hasSize(3);
        assertThat(actors(TideEvent.PROCESSOR_STARTED)).containsExactly("jmx:local");
        assertThat(actors(TideEvent.PROCESSOR_DELETED)).containsExactly("jmx:local");
    }

    @Test
    void profilesAreListedDefinedAndRemovedAsJson() throws Exception {
        ObjectName profiles = new ObjectName("dev.tide:type=Profiles");
        String json = "{\"taskType\":\"email\",\"otherwise\":{\"maxPerHour\":100}}";
        String saved =
                (String) beans.invoke(profiles, "define", new Object[] {json}, new String[] {"java.lang.String"});
        assertThat(saved).contains("\"taskType\":\"email\"");
        assertThat((String[]) beans.getAttribute(profiles, "Profiles"))
                .singleElement()
                .asString()
                .contains("maxPerHour");
        assertThat(client.profiles().list()).hasSize(1);
        assertThatThrownBy(() -> beans.invoke(
                        profiles, "define", new Object[] {"{\"colour\":1}"}, new String[] {"java.lang.String"}))
                .isInstanceOf(RuntimeMBeanException.class)
                .hasMessageContaining("taskType");
        beans.invoke(profiles, "remove", new Object[] {"task:email"}, new String[] {"java.lang.String"});
        assertThat(client.profiles().list()).isEmpty();
        assertThat(actors(TideEvent.PROFILE_DELETED)).containsExactly("jmx:local");
    }

    @Test
    @SuppressWarnings("BanJNDI") // connects to the JMX server this test started on this host
    void anAuthenticatedPrincipalIsTheActor() throws Exception {
        JMXAuthenticator authenticator = credentials -> {
            String[] pair = (String[]) credentials;
            if (!"secret".equals(pair[1])) {
                throw new SecurityException("wrong password");
            }
            return new Subject(true, Set.of(new JMXPrincipal(pair[0])), Set.of(), Set.of());
        };
        JMXConnectorServer secured = JMXConnectorServerFactory.newJMXConnectorServer(
                new JMXServiceURL("service:jmx:rmi://127.0.0.1"),
                Map.of(JMXConnectorServer.AUTHENTICATOR, authenticator),
                ManagementFactory.getPlatformMBeanServer());
        secured.start();
        try (JMXConnector ada = JMXConnectorFactory.connect(
                secured.getAddress(), Map.of(JMXConnector.CREDENTIALS, new String[] {"ada", "secret"}))) {
            ada.getMBeanServerConnection().invoke(new ObjectName("dev.tide:type=Server"), "suspend", null, null);
        } finally {
            secured.stop();
        }
        assertThat(actors(TideEvent.SUSPENDED)).containsExactly("jmx:ada");
    }

    private void enqueue(String queue, String user, int n) {
        for (int i = 0; i < n; i++) {
            client.enqueue(NewTask.builder("t").queue(queue).owner(user).build());
        }
    }

    /** The owners of the tasks claimed one at a time until none is left, each acknowledged at once. */
    private String drain(String queue) {
        StringBuilder owners = new StringBuilder();
        while (true) {
            List<LeasedTask> got = client.claim(ClaimRequest.of(queue, "w", 1));
            if (got.isEmpty()) {
                return owners.toString();
            }
            owners.append(got.getFirst().task().owner());
            client.ack(dev.tide.api.Ack.succeed(got.getFirst().lease()));
        }
    }

    private List<String> actors(String kind) {
        return client.monitoring().events(EventQuery.recent().withKind(kind)).stream()
                .map(e -> {
                    try {
                        return dev.tide.api.json.Json.mapper()
                                .readTree(e.detail())
                                .path("actor")
                                .asText();
                    } catch (IOException ex) {
                        throw new AssertionError(ex);
                    }
                })
                .collect(Collectors.toList());
    }

    private boolean isRegistered(ObjectName name) {
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
        long deadline = System.nanoTime() + Duration.ofSeconds(15).toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting for " + what);
            }
            try {
                Thread.sleep(25);
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
        }
    }
}
