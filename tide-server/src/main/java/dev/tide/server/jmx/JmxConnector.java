package dev.tide.server.jmx;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.rmi.NoSuchObjectException;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import java.rmi.server.RMIServerSocketFactory;
import java.rmi.server.UnicastRemoteObject;
import java.util.Map;
import javax.management.remote.JMXConnectorServer;
import javax.management.remote.JMXConnectorServerFactory;
import javax.management.remote.JMXServiceURL;
import javax.management.remote.rmi.RMIConnectorServer;

/**
 * The platform MBean server over RMI on one port (registry and connector share it), bound to one address, at
 * {@code service:jmx:rmi:///jndi/rmi://<host>:<port>/jmxrmi}: what jconsole and other JMX clients connect to. It has
 * no authentication of its own, so it binds loopback by default; for remote access with passwords and TLS, use the
 * JVM's own agent ({@code -Dcom.sun.management.jmxremote.*}), which serves the same beans.
 *
 * <p>RMI puts an address into the stubs it hands out: {@code java.rmi.server.hostname}, set to the bound host when it
 * is not set already, so a client is sent to the address the connector listens on.
 */
public final class JmxConnector implements AutoCloseable {
    private final Registry registry;
    private final JMXConnectorServer server;
    private final JMXServiceURL url;

    private JmxConnector(Registry registry, JMXConnectorServer server, JMXServiceURL url) {
        this.registry = registry;
        this.server = server;
        this.url = url;
    }

    public static JmxConnector start(String host, int port) {
        if (System.getProperty("java.rmi.server.hostname") == null) {
            System.setProperty("java.rmi.server.hostname", host);
        }
        BoundSockets sockets = new BoundSockets(host);
        Registry registry = null;
        try {
            registry = LocateRegistry.createRegistry(port, null, sockets);
            String hostPart = host.contains(":") ? "[" + host + "]" : host;
            JMXServiceURL url = new JMXServiceURL(
                    "service:jmx:rmi://" + hostPart + ":" + port + "/jndi/rmi://" + hostPart + ":" + port + "/jmxrmi");
            JMXConnectorServer server = JMXConnectorServerFactory.newJMXConnectorServer(
                    url,
                    Map.of(RMIConnectorServer.RMI_SERVER_SOCKET_FACTORY_ATTRIBUTE, sockets),
                    ManagementFactory.getPlatformMBeanServer());
            server.start();
            return new JmxConnector(registry, server, url);
        } catch (IOException e) {
            unexport(registry);
            throw new UncheckedIOException("JMX connector on " + host + ":" + port + ": " + e.getMessage(), e);
        }
    }

    /** Where clients connect. */
    public JMXServiceURL url() {
        return url;
    }

    @Override
    public void close() {
        try {
            server.stop();
        } catch (IOException ignored) {
            // stopping anyway
        }
        unexport(registry);
    }

    private static void unexport(Registry registry) {
        if (registry != null) {
            try {
                UnicastRemoteObject.unexportObject(registry, true);
            } catch (NoSuchObjectException ignored) {
                // not exported: nothing to undo
            }
        }
    }

    /**
     * Server sockets on one address. A record, so that equal factories let the registry and the connector share the
     * port (RMI shares a port between objects exported with equal factories).
     */
    private record BoundSockets(String host) implements RMIServerSocketFactory {
        @Override
        public ServerSocket createServerSocket(int port) throws IOException {
            return new ServerSocket(port, 50, InetAddress.getByName(host));
        }
    }
}
