package dev.tide.server.jmx;

import dev.tide.api.InvalidRequestException;
import dev.tide.api.ProcessorDefinition;
import dev.tide.api.ProcessorInfo;
import dev.tide.api.ProcessorKind;
import dev.tide.api.UserFilter;
import dev.tide.api.json.Json;
import dev.tide.core.Tide;
import java.util.List;

/** The processor manager bean over the engine; it asks the beans to follow at once after a change. */
final class ProcessorManager implements ProcessorManagerMXBean {
    private final Tide tide;
    private final Runnable changed;

    ProcessorManager(Tide tide, Runnable changed) {
        this.tide = tide;
        this.changed = changed;
    }

    @Override
    public String[] getProcessors() {
        return JmxCalls.read(
                () -> tide.processors().list().stream().map(ProcessorInfo::name).toArray(String[]::new));
    }

    @Override
    public String define(
            String name,
            String kind,
            String queue,
            String types,
            String requiredUsers,
            String excludedUsers,
            String preferredUsers,
            long maxPayloadBytes,
            int threads,
            String nodes) {
        return define(() -> {
            ProcessorKind parsed = kind == null || kind.isBlank() ? null : ProcessorKind.parse(kind);
            return new ProcessorDefinition(
                    name,
                    parsed,
                    queue == null || queue.isBlank() ? null : queue.strip(),
                    JmxCalls.names(types),
                    new UserFilter(
                            JmxCalls.names(requiredUsers),
                            JmxCalls.names(excludedUsers),
                            List.copyOf(JmxCalls.names(preferredUsers))),
                    maxPayloadBytes < 0 ? null : maxPayloadBytes,
                    parsed == ProcessorKind.REMOTE && threads == 0 ? null : threads,
                    JmxCalls.names(nodes));
        });
    }

    @Override
    public String defineJson(String json) {
        return define(() -> {
            try {
                return Json.strict().readValue(json, ProcessorDefinition.class);
            } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
                if (e.getCause() instanceof InvalidRequestException invalid) {
                    throw invalid;
                }
                throw new InvalidRequestException("json", e.getOriginalMessage());
            }
        });
    }

    private String define(java.util.function.Supplier<ProcessorDefinition> definition) {
        String answer = JmxCalls.change(() -> Json.write(tide.processors().define(definition.get())));
        changed.run();
        return answer;
    }

    @Override
    public void start(String name) {
        JmxCalls.change(() -> tide.processors().start(name));
    }

    @Override
    public void stop(String name) {
        JmxCalls.change(() -> tide.processors().stop(name));
    }

    @Override
    public void remove(String name) {
        JmxCalls.change(() -> tide.processors().delete(name));
        changed.run();
    }
}
