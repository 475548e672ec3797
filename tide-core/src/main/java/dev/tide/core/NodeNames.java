package dev.tide.core;

import java.net.InetAddress;
import java.net.UnknownHostException;

/** Default node names. */
final class NodeNames {
    private NodeNames() {}

    /**
     * This host's name: stable across restarts, as worker names built on it must be (a restarted worker finds its
     * previous life's leases by name). Two nodes on one host need names of their own ({@link TideConfig#nodeName()}).
     */
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
