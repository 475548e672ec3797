package dev.tide.server.jmx;

import dev.tide.api.ProcessorInfo;
import dev.tide.api.QueueInfo;
import dev.tide.core.Tide;
import java.lang.management.ManagementFactory;
import java.util.HashSet;
import java.util.Hashtable;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import javax.management.InstanceAlreadyExistsException;
import javax.management.JMException;
import javax.management.MBeanServer;
import javax.management.MalformedObjectNameException;
import javax.management.ObjectName;
import javax.management.StandardMBean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Registers a node's beans on the platform MBean server: {@code dev.tide:type=Server}, {@code type=Profiles},
 * {@code type=ProcessorManager}, one {@code type=Queue,name=<q>} per defined queue and one
 * {@code type=Processor,name=<p>} per processor. Every two seconds (and at once after a change through the manager) it
 * adds the beans of queues and processors defined since, on any node, and removes those of processors removed.
 *
 * <p>When another node in the same JVM holds these names (tests, or an application embedding two nodes), this one's
 * beans add {@code node=<node name>} to theirs (and a number after it, should that be taken too).
 */
public final class JmxBeans implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(JmxBeans.class);
    private static final String DOMAIN = "dev.tide";

    private final Tide tide;
    private final MBeanServer server = ManagementFactory.getPlatformMBeanServer();
    private final String node;
    private final Set<ObjectName> registered = ConcurrentHashMap.newKeySet();
    private final Set<String> queues = ConcurrentHashMap.newKeySet();
    private final Set<String> processors = ConcurrentHashMap.newKeySet();
    private final ScheduledExecutorService refresher;

    private JmxBeans(Tide tide, String node) {
        this.tide = tide;
        this.node = node;
        this.refresher = Executors.newSingleThreadScheduledExecutor(
                Thread.ofPlatform().name("tide-jmx").daemon(true).factory());
    }

    /** Registers the beans and starts following new queues and processors. */
    public static JmxBeans register(Tide tide) {
        JmxBeans beans = new JmxBeans(tide, nodeKey(tide));
        try {
            beans.add(beans.name("Server", null), new ServerAdmin(tide), ServerAdminMXBean.class);
            beans.add(beans.name("Profiles", null), new ProfilesAdmin(tide), ProfilesAdminMXBean.class);
            beans.add(
                    beans.name("ProcessorManager", null),
                    new ProcessorManager(tide, beans::refreshQuietly),
                    ProcessorManagerMXBean.class);
            beans.refresh();
        } catch (RuntimeException e) {
            beans.close();
            throw e;
        }
        beans.refresher.scheduleWithFixedDelay(beans::refreshQuietly, 2, 2, TimeUnit.SECONDS);
        return beans;
    }

    /** The name of a bean of this node: {@code dev.tide:type=<type>[,name=<name>][,node=<node>]}. */
    public ObjectName name(String type, String name) {
        Hashtable<String, String> keys = new Hashtable<>();
        keys.put("type", type);
        if (name != null) {
            keys.put("name", value(name));
        }
        if (node != null) {
            keys.put("node", value(node));
        }
        try {
            return new ObjectName(DOMAIN, keys);
        } catch (MalformedObjectNameException e) {
            throw new IllegalArgumentException("no JMX name for " + type + " " + name + ": " + e.getMessage(), e);
        }
    }

    /** Adds the beans of new queues and processors and removes those of processors gone. */
    public synchronized void refresh() {
        for (QueueInfo queue : tide.queues().list()) {
            if (queues.add(queue.name())) {
                add(name("Queue", queue.name()), new QueueAdmin(tide, queue.name()), QueueAdminMXBean.class);
            }
        }
        List<ProcessorInfo> defined = tide.processors().list();
        Set<String> names = new HashSet<>();
        for (ProcessorInfo processor : defined) {
            names.add(processor.name());
            if (processors.add(processor.name())) {
                add(
                        name("Processor", processor.name()),
                        new ProcessorAdmin(tide, processor.name()),
                        ProcessorAdminMXBean.class);
            }
        }
        for (String gone : Set.copyOf(processors)) {
            if (!names.contains(gone)) {
                processors.remove(gone);
                remove(name("Processor", gone));
            }
        }
    }

    private void refreshQuietly() {
        try {
            refresh();
        } catch (RuntimeException e) {
            log.warn("JMX beans not refreshed: {}", e.toString());
        }
    }

    private <T> void add(ObjectName name, T bean, Class<T> type) {
        try {
            server.registerMBean(new StandardMBean(bean, type, true), name);
            registered.add(name);
        } catch (InstanceAlreadyExistsException e) {
            throw new IllegalStateException("JMX bean " + name + " is registered already", e);
        } catch (JMException e) {
            throw new IllegalStateException("JMX bean " + name + ": " + e.getMessage(), e);
        }
    }

    private void remove(ObjectName name) {
        try {
            if (registered.remove(name)) {
                server.unregisterMBean(name);
            }
        } catch (JMException e) {
            log.warn("JMX bean {} not removed: {}", name, e.toString());
        }
    }

    /**
     * The node key names need: none when this JVM has no other node's server bean, else the node's name (with a
     * number after it while that is taken too: two engines of one name in one JVM, as tests make).
     */
    private static String nodeKey(Tide tide) {
        MBeanServer server = ManagementFactory.getPlatformMBeanServer();
        String node = tide.config().nodeName();
        String candidate = null;
        for (int n = 1; server.isRegistered(serverName(candidate)); n++) {
            candidate = n == 1 ? node : node + "#" + n;
        }
        return candidate;
    }

    private static ObjectName serverName(String node) {
        try {
            return new ObjectName(DOMAIN + ":type=Server" + (node == null ? "" : ",node=" + value(node)));
        } catch (MalformedObjectNameException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A name as a key's value: as it is, or quoted when it holds a character names reserve (such as {@code :}). */
    private static String value(String text) {
        return text.matches("[A-Za-z0-9._\\-]+") ? text : ObjectName.quote(text);
    }

    /** Stops following and unregisters every bean of this node. */
    @Override
    public void close() {
        refresher.shutdownNow();
        synchronized (this) {
            for (ObjectName name : Set.copyOf(registered)) {
                remove(name);
            }
        }
    }
}
