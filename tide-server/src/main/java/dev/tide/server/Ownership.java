package dev.tide.server;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tide.api.NotFoundException;
import dev.tide.api.TideException;
import dev.tide.api.auth.Caller;
import dev.tide.api.auth.Owners;
import dev.tide.api.json.Json;
import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;
import io.javalin.router.Endpoint;
import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The one ownership check of every task and job id a request names, wherever it stands: path, query or body, nested
 * included, at the places openapi.yaml marks ({@link IdPlaces}). For a caller confined to its own (a submitter that is
 * neither worker nor administrator, as {@link TenantScope} defines it), another user's id answers exactly as an id
 * that names nothing, before the route runs and so before anything changes: 404 in the path, in the route's words
 * ({@code task 7 not found}); 400 in the query or body, naming the field ({@code tasks[2].jobId: no such job: 7}).
 * The ids are looked up in one batch per kind.
 */
final class Ownership {
    private final Owners owners;
    private final IdPlaces places;
    private final JsonBody body;

    Ownership(Owners owners, IdPlaces places, JsonBody body) {
        this.owners = owners;
        this.places = places;
        this.body = body;
    }

    /** Runs after {@link Authentication}, which must be added first. */
    void addTo(RoutesConfig routes) {
        routes.beforeMatched(this::check);
    }

    /** One id a request names, where it names it (e.g. {@code tasks[2].jobId}). */
    private record Named(IdPlaces.In in, String field, IdKind kind, long id) {}

    private void check(Context ctx) {
        Caller caller = Authentication.caller(ctx).orElse(null);
        String tenant = caller == null ? null : TenantScope.tenantOf(caller);
        if (tenant == null) {
            return; // a public route, or a caller that works on everyone's
        }
        Endpoint endpoint = ctx.endpoints().matchedHttpEndpoint();
        List<IdPlaces.Place> marked = places.of(endpoint.method.name(), endpoint.path).stream()
                .filter(p -> p.kind() == IdKind.TASK || p.kind() == IdKind.JOB)
                .toList();
        if (marked.isEmpty()) {
            return;
        }
        List<Named> named = named(ctx, endpoint.path, marked);
        Set<Long> tasks = owned(named, IdKind.TASK, tenant, true);
        Set<Long> jobs = owned(named, IdKind.JOB, tenant, false);
        for (Named n : named) {
            boolean task = n.kind() == IdKind.TASK;
            if (!(task ? tasks : jobs).contains(n.id())) {
                throw answer(n, task);
            }
        }
    }

    private Set<Long> owned(List<Named> named, IdKind kind, String owner, boolean task) {
        Set<Long> ids = new LinkedHashSet<>();
        named.stream().filter(n -> n.kind() == kind).forEach(n -> ids.add(n.id()));
        if (ids.isEmpty()) {
            return Set.of();
        }
        return task ? owners.tasksOwnedBy(owner, ids) : owners.jobsOwnedBy(owner, ids);
    }

    /** Word for word what a missing id answers. */
    private static TideException answer(Named n, boolean task) {
        if (n.in() == IdPlaces.In.PATH) {
            return new NotFoundException((task ? "task " : "job ") + n.id());
        }
        return task ? Owners.noSuchTask(n.field(), n.id()) : Owners.noSuchJob(n.field(), n.id());
    }

    /** The ids at the marked places, in order: path, query, body. A value that is no id is left to the route. */
    private List<Named> named(Context ctx, String template, List<IdPlaces.Place> marked) {
        List<Named> named = new ArrayList<>();
        JsonNode json = null;
        for (IdPlaces.Place place : marked) {
            switch (place.in()) {
                case PATH -> add(named, place, place.at(), pathParam(template, ctx.path(), place.at()));
                case QUERY -> {
                    for (String value : ctx.queryParams(place.at())) {
                        add(named, place, place.at(), value);
                    }
                }
                case BODY -> {
                    if (json == null) {
                        json = bodyTree(ctx);
                    }
                    collect(
                            named,
                            place,
                            json,
                            place.at().isEmpty() ? new String[0] : place.at().split("\\."),
                            0,
                            "");
                }
            }
        }
        return named;
    }

    /** Walks the body along the place's path, {@code *} over every item, naming each item as {@code tasks[2]}. */
    private static void collect(
            List<Named> named, IdPlaces.Place place, JsonNode node, String[] steps, int i, String at) {
        if (node == null || node.isMissingNode() || node.isNull()) {
            return;
        }
        if (i == steps.length) {
            if (node.isArray()) {
                node.forEach(item -> add(named, place, at, item));
            } else {
                add(named, place, at, node);
            }
            return;
        }
        if (steps[i].equals("*")) {
            if (node.isArray()) {
                for (int k = 0; k < node.size(); k++) {
                    collect(named, place, node.get(k), steps, i + 1, at + "[" + k + "]");
                }
            }
            return;
        }
        if (node.isObject()) {
            collect(named, place, node.get(steps[i]), steps, i + 1, at.isEmpty() ? steps[i] : at + "." + steps[i]);
        }
    }

    private static void add(List<Named> named, IdPlaces.Place place, String field, JsonNode value) {
        if (value.isIntegralNumber() && value.canConvertToLong()) {
            add(named, place, field, String.valueOf(value.longValue()));
        } else if (value.isTextual()) {
            add(named, place, field, value.asText());
        }
    }

    /**
     * Reads a value as the routes and the engine read ids, with {@link Long#parseLong} (which takes a sign and digits of
     * any script): whatever they would take for an id is checked here.
     */
    private static void add(List<Named> named, IdPlaces.Place place, String field, String value) {
        if (value == null) {
            return;
        }
        try {
            long id = Long.parseLong(value);
            if (id > 0) {
                named.add(new Named(place.in(), field, place.kind(), id));
            }
        } catch (NumberFormatException e) {
            // not an id (a ref, say): the route answers it in its own words
        }
    }

    /** The body as JSON, or an empty object when it is none: the route then refuses it in its own words. */
    private JsonNode bodyTree(Context ctx) {
        byte[] bytes = body.bytes(ctx);
        if (bytes.length == 0) {
            return Json.mapper().createObjectNode();
        }
        try {
            JsonNode tree = Json.mapper().readTree(bytes);
            return tree == null ? Json.mapper().createObjectNode() : tree;
        } catch (IOException e) {
            return Json.mapper().createObjectNode();
        }
    }

    /**
     * A path parameter by the matched template (the route's own parameters are not bound yet before it), decoded as
     * the route gets it ({@code %2B7} is {@code +7}).
     */
    private static String pathParam(String template, String path, String name) {
        String[] names = template.split("/");
        String[] values = path.split("/");
        for (int i = 0; i < names.length && i < values.length; i++) {
            if (names[i].equals("{" + name + "}")) {
                try {
                    return URLDecoder.decode(values[i].replace("+", "%2B"), StandardCharsets.UTF_8);
                } catch (IllegalArgumentException e) {
                    return values[i];
                }
            }
        }
        return null;
    }
}
