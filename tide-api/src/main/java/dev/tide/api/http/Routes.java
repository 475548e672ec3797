package dev.tide.api.http;

import java.util.Objects;

/**
 * The HTTP API's routes, spelled once: the server registers these templates, and the client fills them in with
 * {@link #path}, so the two cannot drift apart. A template names its parameters in braces, as the server's router
 * reads them.
 */
public final class Routes {
    public static final String HEALTH = "/healthz";
    public static final String READY = "/readyz";
    public static final String METRICS = "/metrics";
    public static final String OPENAPI_JSON = "/v1/openapi.json";
    public static final String OPENAPI_YAML = "/v1/openapi.yaml";

    public static final String TASKS = "/v1/tasks";
    public static final String TASK_BATCH = "/v1/tasks/batch";
    public static final String ENQUEUE_AND_CLAIM = "/v1/tasks/enqueue-and-claim";
    public static final String TASK_COUNT = "/v1/tasks/count";
    public static final String TASK = "/v1/tasks/{id}";
    public static final String TASK_CANCEL = "/v1/tasks/{id}/cancel";
    public static final String TASK_RETRY = "/v1/tasks/{id}/retry";
    public static final String TASK_DEPENDENTS = "/v1/tasks/{id}/dependents";
    public static final String TASK_CLAIM = "/v1/tasks/{id}/claim";
    public static final String TASK_HEARTBEAT = "/v1/tasks/{id}/heartbeat";
    public static final String TASK_ACK = "/v1/tasks/{id}/ack";
    public static final String PARK = "/v1/tasks/park";
    public static final String UNPARK = "/v1/tasks/unpark";
    public static final String CLAIMS = "/v1/claims";
    public static final String HEARTBEATS = "/v1/heartbeats";
    public static final String ACKS = "/v1/acks";

    public static final String JOBS = "/v1/jobs";
    public static final String JOB = "/v1/jobs/{id}";
    public static final String JOB_CANCEL = "/v1/jobs/{id}/cancel";
    public static final String JOB_INFO = "/v1/jobs/{id}/info";

    public static final String WORKER_LEASES = "/v1/workers/{worker}/leases";
    public static final String WORKER_RESUME = "/v1/workers/{worker}/resume";
    public static final String WORKER_RELEASE = "/v1/workers/{worker}/release";

    public static final String TASK_TYPES = "/v1/task-types";
    public static final String TASK_TYPE = "/v1/task-types/{name}";
    public static final String JOB_TYPES = "/v1/job-types";
    public static final String JOB_TYPE = "/v1/job-types/{name}";

    public static final String QUEUES = "/v1/queues";
    public static final String QUEUE = "/v1/queues/{name}";
    public static final String QUEUE_SUSPEND = "/v1/queues/{name}/suspend";
    public static final String QUEUE_RESUME = "/v1/queues/{name}/resume";
    public static final String QUEUE_USERS = "/v1/queues/{name}/users";
    public static final String QUEUE_SERVED = "/v1/queues/{name}/served";
    public static final String PROHIBITED_USERS = "/v1/prohibited-users";

    public static final String STATUS = "/v1/status";
    public static final String SUSPEND = "/v1/suspend";
    public static final String RESUME = "/v1/resume";
    public static final String EVENTS = "/v1/events";
    public static final String STATS = "/v1/stats";
    public static final String NODES = "/v1/nodes";

    public static final String PROFILES = "/v1/profiles";
    public static final String PROFILE_STATUS = "/v1/profiles/status";
    public static final String PROFILE = "/v1/profiles/{key}";
    public static final String LOAD = "/v1/load/{signal}";

    public static final String SCHEDULES = "/v1/schedules";
    public static final String SCHEDULE = "/v1/schedules/{name}";
    public static final String SCHEDULE_FIRINGS = "/v1/schedules/{name}/firings";
    public static final String SCHEDULE_PAUSE = "/v1/schedules/{name}/pause";
    public static final String SCHEDULE_RESUME = "/v1/schedules/{name}/resume";

    public static final String BULK_ACTIONS = "/v1/bulk-actions";
    public static final String BULK_MATCH = "/v1/bulk-actions/match";
    public static final String BULK_ACTION = "/v1/bulk-actions/{id}";
    public static final String BULK_CANCEL = "/v1/bulk-actions/{id}/cancel";

    public static final String PROCESSORS = "/v1/processors";
    public static final String PROCESSOR = "/v1/processors/{name}";
    public static final String PROCESSOR_START = "/v1/processors/{name}/start";
    public static final String PROCESSOR_STOP = "/v1/processors/{name}/stop";

    public static final String INTAKE = "/v1/intake";
    public static final String INTAKE_FILES = "/v1/intake/files";

    public static final String USERS = "/v1/users";
    public static final String USER = "/v1/users/{name}";
    public static final String USER_ROLES = "/v1/users/{name}/roles";
    public static final String USER_PASSWORD = "/v1/users/{name}/password";
    public static final String USER_LIMITS = "/v1/users/{name}/limits";
    public static final String USER_DISABLE = "/v1/users/{name}/disable";
    public static final String USER_ENABLE = "/v1/users/{name}/enable";
    public static final String USER_TOKENS = "/v1/users/{name}/tokens";
    public static final String USER_TOKEN = "/v1/users/{name}/tokens/{token}";
    public static final String USER_DEFAULTS = "/v1/user-defaults";
    public static final String SESSIONS = "/v1/sessions";
    public static final String CURRENT_SESSION = "/v1/sessions/current";
    public static final String WHOAMI = "/v1/whoami";

    private Routes() {}

    /**
     * The template with its parameters filled in, in order, each percent-encoded as one path segment. The answer is
     * relative (no leading slash), so that it resolves under a server's base URI even when that has a path of its own.
     */
    public static String path(String template, Object... values) {
        StringBuilder out = new StringBuilder(template.length() + 16);
        int next = 0;
        int from = 1; // past the leading slash
        for (int open = template.indexOf('{'); open >= 0; open = template.indexOf('{', from)) {
            if (next == values.length) {
                throw new IllegalArgumentException(
                        template + " has more parameters than the " + values.length + " given");
            }
            out.append(template, from, open);
            out.append(PathSegment.encode(String.valueOf(Objects.requireNonNull(values[next], "path parameter"))));
            next++;
            from = template.indexOf('}', open) + 1;
        }
        if (next != values.length) {
            throw new IllegalArgumentException(template + " has " + next + " parameters, not " + values.length);
        }
        return out.append(template, from, template.length()).toString();
    }
}
