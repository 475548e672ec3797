package dev.tide.client;

import com.fasterxml.jackson.core.type.TypeReference;
import dev.tide.api.Ack;
import dev.tide.api.AckResult;
import dev.tide.api.BulkActions;
import dev.tide.api.ClaimRequest;
import dev.tide.api.EnqueueResult;
import dev.tide.api.EnqueuedAndClaimed;
import dev.tide.api.Intake;
import dev.tide.api.JobCreated;
import dev.tide.api.JobInfo;
import dev.tide.api.JobQuery;
import dev.tide.api.JobType;
import dev.tide.api.Lease;
import dev.tide.api.LeaseLostException;
import dev.tide.api.LeasedTask;
import dev.tide.api.Monitoring;
import dev.tide.api.NewJob;
import dev.tide.api.NewTask;
import dev.tide.api.Page;
import dev.tide.api.Processors;
import dev.tide.api.ProfileFullException;
import dev.tide.api.Profiles;
import dev.tide.api.Queues;
import dev.tide.api.Schedules;
import dev.tide.api.TaskCount;
import dev.tide.api.TaskInfo;
import dev.tide.api.TaskQuery;
import dev.tide.api.TaskQueue;
import dev.tide.api.TaskSelection;
import dev.tide.api.TaskType;
import dev.tide.api.auth.Accounts;
import dev.tide.api.auth.Caller;
import dev.tide.api.http.HttpBodies;
import dev.tide.api.http.Routes;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import javax.net.ssl.SSLContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A {@link TaskQueue} on a remote Tide server, over HTTP/JSON: producers and workers written against {@code TaskQueue}
 * run against it unchanged (a {@link dev.tide.api.worker.WorkerPool} included).
 *
 * <pre>{@code
 * try (TideClient tide = TideClient.connect(URI.create("http://127.0.0.1:7070"))) {
 *     tide.enqueue(NewTask.of("email", Map.of("to", "ada@example.org")));
 * }
 * }</pre>
 *
 * <p>Errors come back as the exceptions the engine throws ({@code lease_lost} as {@link LeaseLostException},
 * 400 as {@link dev.tide.api.InvalidRequestException} naming the field, 404, 409, 413); a server that cannot be reached
 * is a {@link dev.tide.api.TideException} with status 503 naming it.
 *
 * <p>A call that has been sent is waited for even if the calling thread is interrupted (bounded by the request
 * timeout): the server may have acted on it, and only the answer says how. The interrupt flag is then set again. An
 * interrupted {@link #claim} gives back what it got (released at once, attempts not counted) and returns nothing, so
 * an interrupt never strands a lease.
 */
public final class TideClient implements TaskQueue {
    private static final Logger log = LoggerFactory.getLogger(TideClient.class);
    private static final TypeReference<Page<TaskInfo>> TASK_PAGE = new TypeReference<>() {};
    private static final TypeReference<Page<JobInfo>> JOB_PAGE = new TypeReference<>() {};

    private final JsonHttp http;
    private final RemoteAccounts accounts;
    private final RemoteQueues queues;
    private final RemoteSchedules schedules;
    private final RemoteProcessors processors;
    private final RemoteProfiles profiles;
    private final RemoteMonitoring monitoring;
    private final RemoteIntake intake;
    private final RemoteBulkActions bulk;

    private TideClient(JsonHttp http) {
        this.http = http;
        this.accounts = new RemoteAccounts(http);
        this.queues = new RemoteQueues(http);
        this.schedules = new RemoteSchedules(http);
        this.processors = new RemoteProcessors(http);
        this.profiles = new RemoteProfiles(http);
        this.monitoring = new RemoteMonitoring(http);
        this.intake = new RemoteIntake(http);
        this.bulk = new RemoteBulkActions(http);
    }

    /** A client with the default timeouts (connect 5 s, requests 30 s). */
    public static TideClient connect(URI server) {
        return builder(server).build();
    }

    public static Builder builder(URI server) {
        return new Builder(server);
    }

    /** The server's users, through its admin API (an administrator's token needed but for sign-in). */
    public Accounts accounts() {
        return accounts;
    }

    /** Who this client's token names ({@code GET /v1/whoami}). */
    public Caller whoami() {
        return http.call("GET", Routes.path(Routes.WHOAMI), null, Caller.class);
    }

    /** The server's base URI. */
    public URI server() {
        return http.base();
    }

    /**
     * A task route asking for payloads and results, which the server leaves out of task answers unless asked: this
     * client answers as the embedded engine does, with the task whole.
     */
    private static String withPayloads(String path) {
        return path + (path.contains("?") ? "&" : "?") + "include=payload";
    }

    // --- producing -----------------------------------------------------------------------------------------------

    @Override
    public EnqueueResult enqueue(NewTask task) {
        return http.call(
                "POST", withPayloads(Routes.path(Routes.TASKS)), RawJsonFields.task(task, ""), EnqueueResult.class);
    }

    @Override
    public EnqueuedAndClaimed enqueueAndClaim(NewTask task, String worker, Duration leaseDuration) {
        return http.call(
                "POST",
                withPayloads(Routes.path(Routes.ENQUEUE_AND_CLAIM)),
                new HttpBodies.EnqueueAndClaim(RawJsonFields.task(task, "task."), worker, leaseDuration),
                EnqueuedAndClaimed.class);
    }

    @Override
    public List<EnqueueResult> enqueueAll(List<NewTask> tasks) {
        HttpBodies.TaskBatch batch = new HttpBodies.TaskBatch(RawJsonFields.tasks(tasks, false));
        return http.call("POST", withPayloads(Routes.path(Routes.TASK_BATCH)), batch, HttpBodies.EnqueueResults.class)
                .results();
    }

    @Override
    public JobCreated createJob(NewJob job) {
        return http.call("POST", Routes.path(Routes.JOBS), RawJsonFields.job(job), JobCreated.class);
    }

    // --- consuming -----------------------------------------------------------------------------------------------

    /**
     * Claims over HTTP; with a {@code waitFor}, a long poll whose HTTP timeout is the request timeout plus the wait.
     * If the calling thread is interrupted meanwhile, the answer is still awaited and its tasks released at once.
     */
    @Override
    public List<LeasedTask> claim(ClaimRequest request) {
        if (Thread.currentThread().isInterrupted()) {
            return List.of(); // a thread on its way out takes nothing it might never settle
        }
        Duration wait = request.waitFor() == null || request.waitFor().isNegative() ? Duration.ZERO : request.waitFor();
        JsonHttp.Reply reply = http.send(
                "POST",
                Routes.path(Routes.CLAIMS),
                request,
                http.requestTimeout().plus(wait));
        if (reply.interrupted()) {
            try {
                // An error answer leased nothing and is thrown as usual; tasks that came back go back at once.
                release(http.read(reply, HttpBodies.Tasks.class).tasks());
            } finally {
                Thread.currentThread().interrupt();
            }
            return List.of();
        }
        return http.read(reply, HttpBodies.Tasks.class).tasks();
    }

    private void release(List<LeasedTask> claimed) {
        if (claimed.isEmpty()) {
            return;
        }
        List<Ack> releases = claimed.stream()
                .map(t -> Ack.builder(t.lease())
                        .message("released: the claiming thread was interrupted")
                        .release())
                .toList();
        try {
            ackAll(releases);
        } catch (RuntimeException e) {
            log.warn(
                    "could not release {} tasks of an interrupted claim; they return when their leases expire: {}",
                    releases.size(),
                    e.toString());
        }
    }

    @Override
    public Optional<LeasedTask> claimTask(long taskId, String worker, Duration leaseDuration) {
        try {
            return Optional.of(http.call(
                    "POST",
                    Routes.path(Routes.TASK_CLAIM, taskId),
                    new HttpBodies.ClaimOne(worker, leaseDuration),
                    LeasedTask.class));
        } catch (dev.tide.api.ConflictException notReady) {
            if (notReady instanceof ProfileFullException) {
                throw notReady;
            }
            return Optional.empty();
        }
    }

    @Override
    public List<Lease> heartbeat(List<Lease> leases, Duration extension) {
        if (leases.isEmpty()) {
            return List.of();
        }
        return http.call(
                        "POST",
                        Routes.path(Routes.HEARTBEATS),
                        new HttpBodies.Heartbeats(leases, extension),
                        HttpBodies.Leases.class)
                .leases();
    }

    /** One lease through its task's route: a lost lease is a 409 {@code lease_lost}. */
    @Override
    public Lease heartbeat(Lease lease, Duration extension) {
        return http.call(
                "POST",
                Routes.path(Routes.TASK_HEARTBEAT, lease.taskId()),
                new HttpBodies.Heartbeat(lease.token(), extension),
                Lease.class);
    }

    @Override
    public List<AckResult> ackAll(List<Ack> acks) {
        return http.call(
                        "POST",
                        Routes.path(Routes.ACKS),
                        new HttpBodies.Acks(RawJsonFields.acks(acks)),
                        HttpBodies.AckResults.class)
                .results();
    }

    /** One acknowledgement through its task's route: a stale token is a 409 {@code lease_lost}, nothing changed. */
    @Override
    public AckResult ack(Ack ack) {
        Ack checked = RawJsonFields.ack(ack, "");
        return http.call("POST", Routes.path(Routes.TASK_ACK, checked.taskId()), checked, AckResult.class);
    }

    // --- reading and administration -----------------------------------------------------------------------------

    @Override
    public TaskInfo task(long taskId) {
        return http.call("GET", withPayloads(Routes.path(Routes.TASK, taskId)), null, TaskInfo.class);
    }

    @Override
    public Page<TaskInfo> tasks(TaskQuery query) {
        return http.call(
                "GET",
                withPayloads(Routes.path(Routes.TASKS) + QueryString.of(query == null ? TaskQuery.all() : query)),
                null,
                TASK_PAGE);
    }

    @Override
    public TaskCount countTasks(TaskQuery filter) {
        return http.call(
                "GET",
                Routes.path(Routes.TASK_COUNT) + QueryString.filtersOf(filter == null ? TaskQuery.all() : filter),
                null,
                TaskCount.class);
    }

    @Override
    public TaskInfo cancel(long taskId, String reason) {
        return http.call(
                "POST",
                withPayloads(Routes.path(Routes.TASK_CANCEL, taskId)),
                new HttpBodies.Reason(reason),
                TaskInfo.class);
    }

    @Override
    public TaskInfo retry(long taskId) {
        return http.call("POST", withPayloads(Routes.path(Routes.TASK_RETRY, taskId)), null, TaskInfo.class);
    }

    @Override
    public int park(TaskSelection selection) {
        return http.call("POST", Routes.path(Routes.PARK), selection, HttpBodies.Parked.class)
                .parked();
    }

    @Override
    public int unpark(TaskSelection selection) {
        return http.call("POST", Routes.path(Routes.UNPARK), selection, HttpBodies.Unparked.class)
                .unparked();
    }

    @Override
    public JobInfo job(long jobId) {
        return http.call("GET", Routes.path(Routes.JOB, jobId), null, JobInfo.class);
    }

    @Override
    public JobInfo cancelJob(long jobId, String reason) {
        return http.call("POST", Routes.path(Routes.JOB_CANCEL, jobId), new HttpBodies.Reason(reason), JobInfo.class);
    }

    /** The body is the info document itself; null clears the info, sent as JSON {@code null}. */
    @Override
    public JobInfo updateJobInfo(long jobId, String infoJson) {
        return http.call(
                "PUT", Routes.path(Routes.JOB_INFO, jobId), infoJson == null ? "null" : infoJson, JobInfo.class);
    }

    @Override
    public List<Long> dependents(long taskId) {
        return http.call("GET", Routes.path(Routes.TASK_DEPENDENTS, taskId), null, HttpBodies.Dependents.class)
                .dependents();
    }

    @Override
    public Page<JobInfo> jobs(JobQuery query) {
        return http.call(
                "GET",
                Routes.path(Routes.JOBS) + QueryString.of(query == null ? JobQuery.all() : query),
                null,
                JOB_PAGE);
    }

    @Override
    public List<LeasedTask> leases(String worker) {
        return http.call("GET", workerPath(Routes.WORKER_LEASES, worker), null, HttpBodies.Tasks.class)
                .tasks();
    }

    @Override
    public List<LeasedTask> resumeLeases(String worker, Duration leaseDuration) {
        return http.call(
                        "POST",
                        workerPath(Routes.WORKER_RESUME, worker),
                        new HttpBodies.Resume(leaseDuration),
                        HttpBodies.Tasks.class)
                .tasks();
    }

    @Override
    public int releaseLeases(String worker) {
        return http.call("POST", workerPath(Routes.WORKER_RELEASE, worker), null, HttpBodies.Released.class)
                .released();
    }

    @Override
    public TaskType defineTaskType(TaskType type) {
        Objects.requireNonNull(type, "type");
        return http.call("PUT", Routes.path(Routes.TASK_TYPE, type.name()), type, TaskType.class);
    }

    @Override
    public List<TaskType> taskTypes() {
        return http.call("GET", Routes.path(Routes.TASK_TYPES), null, HttpBodies.TaskTypes.class)
                .types();
    }

    @Override
    public JobType defineJobType(JobType type) {
        Objects.requireNonNull(type, "type");
        return http.call("PUT", Routes.path(Routes.JOB_TYPE, type.name()), type, JobType.class);
    }

    @Override
    public List<JobType> jobTypes() {
        return http.call("GET", Routes.path(Routes.JOB_TYPES), null, HttpBodies.JobTypes.class)
                .types();
    }

    @Override
    public Queues queues() {
        return queues;
    }

    @Override
    public Schedules schedules() {
        return schedules;
    }

    @Override
    public Processors processors() {
        return processors;
    }

    @Override
    public Profiles profiles() {
        return profiles;
    }

    @Override
    public Monitoring monitoring() {
        return monitoring;
    }

    @Override
    public Intake intake() {
        return intake;
    }

    @Override
    public BulkActions bulk() {
        return bulk;
    }

    /** Closes the HTTP client: requests in flight get a few seconds to finish. */
    @Override
    public void close() {
        http.close();
    }

    private static String workerPath(String route, String worker) {
        if (worker == null) {
            throw new dev.tide.api.InvalidRequestException("worker", "is required");
        }
        return Routes.path(route, worker);
    }

    /** Configures a client. */
    public static final class Builder {
        private final URI server;
        private Duration connectTimeout = Duration.ofSeconds(5);
        private Duration requestTimeout = Duration.ofSeconds(30);
        private String actor;
        private SSLContext sslContext;
        private String token;
        private String user;
        private String password;

        private Builder(URI server) {
            this.server = Objects.requireNonNull(server, "server");
        }

        /** How long to wait for a connection (default 5 s). */
        public Builder connectTimeout(Duration value) {
            this.connectTimeout = positive("connectTimeout", value);
            return this;
        }

        /** How long to wait for an answer (default 30 s); a long-polling claim waits this plus its {@code waitFor}. */
        public Builder requestTimeout(Duration value) {
            this.requestTimeout = positive("requestTimeout", value);
            return this;
        }

        /**
         * Who this client acts for, named in the event log's record of administrators' actions (sent as
         * {@link dev.tide.api.Actor#HEADER}); by default the calling thread's {@link dev.tide.api.Actor#current()}.
         */
        public Builder actor(String value) {
            this.actor = value;
            return this;
        }

        /**
         * The bearer token every request presents: an API token from {@code tide user token}, or a session token. A
         * server answers 401 without one on every route but the probes, the API document and sign-in.
         */
        public Builder token(String value) {
            this.token = Objects.requireNonNull(value, "token");
            this.user = null;
            this.password = null;
            return this;
        }

        /**
         * Signs in with a user's password when the client is built ({@code POST /v1/sessions}); requests then present
         * the session token it gives. A wrong password fails {@link #build()} with a 401.
         */
        public Builder signIn(String userName, String userPassword) {
            this.user = Objects.requireNonNull(userName, "user");
            this.password = Objects.requireNonNull(userPassword, "password");
            this.token = null;
            return this;
        }

        /** Whom to trust over https (default: the JDK's trusted certificate authorities). */
        public Builder sslContext(SSLContext value) {
            this.sslContext = Objects.requireNonNull(value, "sslContext");
            return this;
        }

        /**
         * Trusts the certificates in a PKCS12 trust store (or a server's own keystore), for a server whose certificate
         * no public authority signed, such as a self-signed one. Read now: an unreadable store is refused here.
         */
        public Builder trustStore(Path store, char[] password) {
            this.sslContext = TrustStores.sslContext(store, password);
            return this;
        }

        public TideClient build() {
            TideClient client = new TideClient(new JsonHttp(server, connectTimeout, requestTimeout, actor, sslContext));
            if (user != null) {
                try {
                    client.http.token(
                            client.accounts.signIn(user, password, null).token());
                } catch (RuntimeException e) {
                    client.close();
                    throw e;
                }
            } else {
                client.http.token(token);
            }
            return client;
        }

        private static Duration positive(String name, Duration value) {
            if (value == null || value.isNegative() || value.isZero()) {
                throw new IllegalArgumentException(name + " must be positive");
            }
            return value;
        }
    }
}
