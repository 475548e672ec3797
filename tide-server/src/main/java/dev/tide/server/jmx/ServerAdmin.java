package dev.tide.server.jmx;

import dev.tide.api.ProcessorInfo;
import dev.tide.api.QueueInfo;
import dev.tide.core.Tide;

/** The server bean over the engine. */
final class ServerAdmin implements ServerAdminMXBean {
    private final Tide tide;

    ServerAdmin(Tide tide) {
        this.tide = tide;
    }

    @Override
    public String getNodeName() {
        return tide.config().nodeName();
    }

    @Override
    public boolean isSuspended() {
        return JmxCalls.read(() -> tide.monitoring().status().suspended());
    }

    @Override
    public boolean isMaintenanceLeader() {
        return tide.passes().isMaintenanceLeader();
    }

    @Override
    public String getProhibitedUsers() {
        return JmxCalls.read(() -> JmxCalls.text(tide.queues().prohibitedUsers()));
    }

    @Override
    public void setProhibitedUsers(String users) {
        JmxCalls.change(() -> tide.queues().prohibitUsers(JmxCalls.names(users)));
    }

    @Override
    public String[] getQueues() {
        return JmxCalls.read(
                () -> tide.queues().list().stream().map(QueueInfo::name).toArray(String[]::new));
    }

    @Override
    public String[] getProcessors() {
        return JmxCalls.read(
                () -> tide.processors().list().stream().map(ProcessorInfo::name).toArray(String[]::new));
    }

    @Override
    public void suspend() {
        JmxCalls.change(() -> tide.queues().suspendAll());
    }

    @Override
    public void resume() {
        JmxCalls.change(() -> tide.queues().resumeAll());
    }
}
