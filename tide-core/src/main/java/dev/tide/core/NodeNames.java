package dev.tide.core;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.concurrent.atomic.AtomicInteger;

/** Default node names. */
final class NodeNames {
    /** Engines that took a default name in this process. */
    private static final AtomicInteger ENGINES = new AtomicInteger();

    private NodeNames() {}

    /**
     * The name of a node on a shared store whose application named none: this host's name and this process's id,
     * {@code db-1-4711} (then {@code db-1-4711-2} for a second engine in the process). Unique among running engines, which is what keeps two processes on one host (two instances
     * of an application, an old and a new one during a deploy) from handing back each other's leases when their worker
     * pools start, or taking over each other's bulk actions. Not stable across restarts: a restarted process's leases
     * come back when they run out, not at its start; a node given a name of its own ({@link TideConfig#nodeName()},
     * stable and unique) gets them back at once.
     */
    static String ofThisProcess() {
        String name = hostName() + "-" + ProcessHandle.current().pid();
        int engine = ENGINES.incrementAndGet();
        // a second engine in the process (a test, or an application opening two) is a node of its own as well
        return engine == 1 ? name : name + "-" + engine;
    }

    /** This host's name, as the nodes registry shows it. */
    static String hostName() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            // The name is known even when it does not resolve; the exception message starts with it.
            String message = e.getMessage();
            if (message != null && message.contains(":")) {
                return message.substring(0, message.indexOf(':')).trim();
            }
            String env = System.getenv("HOSTNAME");
            return env != null && !env.isBlank() ? env : TideConfig.EMBEDDED_NODE_NAME;
        }
    }
}
