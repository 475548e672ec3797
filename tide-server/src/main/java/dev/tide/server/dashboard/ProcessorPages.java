package dev.tide.server.dashboard;

import dev.tide.api.InvalidRequestException;
import dev.tide.api.ProcessorDefinition;
import dev.tide.api.ProcessorKind;
import java.util.Arrays;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Processors: each with what it does on each node (state, threads, tasks running, claimed, succeeded, failed, the last
 * error), defined, started and stopped from here.
 */
final class ProcessorPages {

    void addTo(PageRoutes pages) {
        pages.get("/processors", page -> {
            page.view().requireReader("processors");
            page.render(
                    "processors.jte",
                    "processors",
                    page.view().queue().processors().list());
        });
        pages.post("/processors", this::define);
        pages.post("/processors/{name}/start", page -> {
            page.view().requireAdmin("start a processor");
            String name = page.view()
                    .queue()
                    .processors()
                    .start(page.pathParam("name"))
                    .name();
            page.redirect("/processors", "Processor " + name + " started.");
        });
        pages.post("/processors/{name}/stop", page -> {
            page.view().requireAdmin("stop a processor");
            String name = page.view()
                    .queue()
                    .processors()
                    .stop(page.pathParam("name"))
                    .name();
            page.redirect("/processors", "Processor " + name + " stopped.");
        });
    }

    private void define(PageContext page) {
        page.view().requireAdmin("define a processor");
        String name = page.form("name");
        if (name == null) {
            throw new InvalidRequestException("name", "is required");
        }
        ProcessorKind kind = ProcessorKind.parse(page.form("kind"));
        ProcessorDefinition definition = new ProcessorDefinition(
                name,
                kind,
                page.form("queue"),
                list(page.form("types")),
                null,
                null,
                page.formNumber("threads"),
                list(page.form("nodes")));
        page.view().queue().processors().define(definition);
        page.redirect("/processors", "Processor " + name + " defined.");
    }

    private static Set<String> list(String text) {
        return text == null
                ? Set.of()
                : Arrays.stream(text.split("[,\\s]+")).filter(s -> !s.isBlank()).collect(Collectors.toSet());
    }
}
