package dev.tide.client;

import dev.tide.api.InvalidRequestException;
import dev.tide.api.ProcessorDefinition;
import dev.tide.api.ProcessorInfo;
import dev.tide.api.Processors;
import dev.tide.api.TaskType;
import dev.tide.api.http.HttpBodies;
import dev.tide.api.http.Routes;
import java.util.List;

/** {@link Processors} over the HTTP API: what {@link TideClient#processors()} answers with. */
final class RemoteProcessors implements Processors {
    private final JsonHttp http;

    RemoteProcessors(JsonHttp http) {
        this.http = http;
    }

    @Override
    public ProcessorInfo define(ProcessorDefinition definition) {
        if (definition == null) {
            throw new InvalidRequestException("processor", "is required");
        }
        return http.call("PUT", path(Routes.PROCESSOR, definition.name()), definition, ProcessorInfo.class);
    }

    @Override
    public List<ProcessorInfo> list() {
        return http.call("GET", Routes.path(Routes.PROCESSORS), null, HttpBodies.Processors.class)
                .processors();
    }

    @Override
    public ProcessorInfo get(String name) {
        return http.call("GET", path(Routes.PROCESSOR, name), null, ProcessorInfo.class);
    }

    @Override
    public ProcessorInfo start(String name) {
        return http.call("POST", path(Routes.PROCESSOR_START, name), null, ProcessorInfo.class);
    }

    @Override
    public ProcessorInfo stop(String name) {
        return http.call("POST", path(Routes.PROCESSOR_STOP, name), null, ProcessorInfo.class);
    }

    @Override
    public void delete(String name) {
        http.call("DELETE", path(Routes.PROCESSOR, name), null, Void.class);
    }

    /** A bad name is refused here, as the engine refuses it, rather than sent as a path the server cannot route. */
    private static String path(String route, String name) {
        TaskType.requireName("name", name);
        return Routes.path(route, name);
    }
}
