/**
 * Tide's JMX beans (seed 004's queueServer and queue manager beans, and its processor managers), registered by a
 * {@link dev.tide.server.TideNode} on the platform MBean server, and an RMI connector to reach them.
 */
package dev.tide.server.jmx;
