package dev.tide.server.jmx;

import dev.tide.api.ProcessorDefinition;
import dev.tide.api.ProcessorInfo;
import dev.tide.api.ProcessorRun;
import dev.tide.api.UserFilter;
import dev.tide.api.json.Json;
import dev.tide.core.Tide;
import java.util.Comparator;
import java.util.List;
import java.util.function.UnaryOperator;

/** One processor's bean over the engine. */
final class ProcessorAdmin implements ProcessorAdminMXBean {
    private final Tide tide;
    private final String name;

    ProcessorAdmin(Tide tide, String name) {
        this.tide = tide;
        this.name = name;
    }

    @Override
    public String getName() {
        return name;
    }

    @Override
    public String getKind() {
        return definition().kind().wireName();
    }

    @Override
    public String getQueue() {
        return definition().queue();
    }

    @Override
    public String getTypes() {
        return JmxCalls.text(definition().types());
    }

    @Override
    public void setTypes(String types) {
        change(d -> d.withTypes(JmxCalls.names(types)));
    }

    @Override
    public String getRequiredUsers() {
        return JmxCalls.text(definition().users().required());
    }

    @Override
    public void setRequiredUsers(String users) {
        change(d -> d.withUsers(new UserFilter(
                JmxCalls.names(users), d.users().excluded(), d.users().preferred())));
    }

    @Override
    public String getExcludedUsers() {
        return JmxCalls.text(definition().users().excluded());
    }

    @Override
    public void setExcludedUsers(String users) {
        change(d -> d.withUsers(new UserFilter(
                d.users().required(), JmxCalls.names(users), d.users().preferred())));
    }

    @Override
    public String getPreferredUsers() {
        // in the order of preference
        return String.join(", ", definition().users().preferred());
    }

    @Override
    public void setPreferredUsers(String users) {
        change(d -> d.withUsers(
                new UserFilter(d.users().required(), d.users().excluded(), List.copyOf(JmxCalls.names(users)))));
    }

    @Override
    public long getMaxPayloadBytes() {
        Long bytes = definition().maxPayloadBytes();
        return bytes == null ? -1 : bytes;
    }

    @Override
    public void setMaxPayloadBytes(long bytes) {
        change(d -> d.withMaxPayloadBytes(bytes < 0 ? null : bytes));
    }

    @Override
    public int getThreads() {
        Integer threads = definition().threads();
        return threads == null ? 0 : threads;
    }

    @Override
    public void setThreads(int threads) {
        change(d -> d.withThreads(threads));
    }

    @Override
    public String getNodes() {
        return JmxCalls.text(definition().nodes());
    }

    @Override
    public void setNodes(String nodes) {
        change(d -> d.withNodes(JmxCalls.names(nodes)));
    }

    @Override
    public boolean isStarted() {
        return info().started();
    }

    @Override
    public String[] getStates() {
        return info().runs().stream()
                .map(r -> r.node() + ": " + r.state().wireName())
                .toArray(String[]::new);
    }

    @Override
    public long[] getRunningTaskIds() {
        return info().running().stream().mapToLong(Long::longValue).toArray();
    }

    @Override
    public long getClaimed() {
        return info().claimed();
    }

    @Override
    public long getSucceeded() {
        return info().succeeded();
    }

    @Override
    public long getFailed() {
        return info().failed();
    }

    @Override
    public String getLastError() {
        return info().runs().stream()
                .filter(r -> r.lastError() != null && r.lastErrorAt() != null)
                .max(Comparator.comparing(ProcessorRun::lastErrorAt))
                .map(r -> r.lastErrorAt() + " on " + r.node() + ": " + r.lastError())
                .orElse("");
    }

    @Override
    public void start() {
        JmxCalls.change(() -> tide.processors().start(name));
    }

    @Override
    public void stop() {
        JmxCalls.change(() -> tide.processors().stop(name));
    }

    @Override
    public String status() {
        return Json.write(info());
    }

    private void change(UnaryOperator<ProcessorDefinition> edit) {
        JmxCalls.change(() -> tide.processors().define(edit.apply(definition())));
    }

    private ProcessorDefinition definition() {
        return info().processor();
    }

    private ProcessorInfo info() {
        return JmxCalls.read(() -> tide.processors().get(name));
    }
}
