package dev.tide.spring;

import dev.tide.api.Discipline;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.util.unit.DataSize;

/**
 * The {@code tide.*} properties of a Spring application: the same names as the server's {@code tide.yaml} and its
 * environment variables (docs/integration.md has the table). JavaBeans rather than records so that the configuration
 * processor reads each field's comment and default into the metadata IDEs complete from.
 */
@ConfigurationProperties(prefix = "tide")
public class TideProperties {

    /** Where tasks are kept. */
    public enum StoreKind {
        /** Embedded SQLite files in tide.data-folder (one process). */
        SQLITE,
        /** A PostgreSQL database shared by any number of nodes (tide.postgres.url). */
        POSTGRESQL
    }

    /** Where tasks are kept: sqlite (files in tide.data-folder) or postgresql (tide.postgres.url). */
    private StoreKind store = StoreKind.SQLITE;

    /** The folder of the SQLite store, created if missing; one process at a time holds it. */
    private String dataFolder = "./tide-data";

    /**
     * This process's name among the nodes sharing a store; worker names derive from it, so keep it stable across
     * restarts and distinct between processes. Default: "local" on SQLite, the host name on PostgreSQL.
     */
    private @Nullable String nodeName;

    /** Whether the task list's per-filter indexes are kept (they cost every write; see docs/performance.md). */
    private boolean listIndexes = false;

    /** Whether pending migrations of Tide's tables are applied at start. */
    private boolean migrate = true;

    /** The largest payload, result or job info accepted. */
    private DataSize payloadCap = DataSize.ofMegabytes(1);

    /** How long finished tasks are kept ("forever" keeps them): a duration such as 7d or PT12H. */
    private String retention = "7d";

    /** How often maintenance promotes due tasks, reclaims expired leases and prunes. */
    private Duration maintenanceInterval = Duration.ofSeconds(1);

    /** How often a waiting claim looks again without being woken. */
    private Duration pollInterval = Duration.ofSeconds(1);

    private final Postgres postgres = new Postgres();
    private final TaskDefaultsProperties taskDefaults = new TaskDefaultsProperties();
    private final Digest digest = new Digest();
    private final Workers workers = new Workers();
    private final Server server = new Server();
    private final Dashboard dashboard = new Dashboard();
    private final Health health = new Health();
    private final TestSupport testSupport = new TestSupport();

    /** Queues created or updated at start (never deleted), by name. */
    private final Map<String, QueueProperties> queues = new LinkedHashMap<>();

    /** Task types created or updated at start (never deleted), by name. */
    private final Map<String, TaskTypeProperties> taskTypes = new LinkedHashMap<>();

    public StoreKind getStore() {
        return store;
    }

    public void setStore(StoreKind store) {
        this.store = store;
    }

    public String getDataFolder() {
        return dataFolder;
    }

    public void setDataFolder(String dataFolder) {
        this.dataFolder = dataFolder;
    }

    public @Nullable String getNodeName() {
        return nodeName;
    }

    public void setNodeName(@Nullable String nodeName) {
        this.nodeName = nodeName;
    }

    public boolean isListIndexes() {
        return listIndexes;
    }

    public void setListIndexes(boolean listIndexes) {
        this.listIndexes = listIndexes;
    }

    public boolean isMigrate() {
        return migrate;
    }

    public void setMigrate(boolean migrate) {
        this.migrate = migrate;
    }

    public DataSize getPayloadCap() {
        return payloadCap;
    }

    public void setPayloadCap(DataSize payloadCap) {
        this.payloadCap = payloadCap;
    }

    public String getRetention() {
        return retention;
    }

    public void setRetention(String retention) {
        this.retention = retention;
    }

    public Duration getMaintenanceInterval() {
        return maintenanceInterval;
    }

    public void setMaintenanceInterval(Duration maintenanceInterval) {
        this.maintenanceInterval = maintenanceInterval;
    }

    public Duration getPollInterval() {
        return pollInterval;
    }

    public void setPollInterval(Duration pollInterval) {
        this.pollInterval = pollInterval;
    }

    public Postgres getPostgres() {
        return postgres;
    }

    public TaskDefaultsProperties getTaskDefaults() {
        return taskDefaults;
    }

    public Digest getDigest() {
        return digest;
    }

    public Workers getWorkers() {
        return workers;
    }

    public Server getServer() {
        return server;
    }

    public Dashboard getDashboard() {
        return dashboard;
    }

    public Health getHealth() {
        return health;
    }

    public TestSupport getTestSupport() {
        return testSupport;
    }

    public Map<String, QueueProperties> getQueues() {
        return queues;
    }

    public Map<String, TaskTypeProperties> getTaskTypes() {
        return taskTypes;
    }

    /** tide.postgres.*: the PostgreSQL store (tide.store=postgresql). */
    public static class Postgres {
        /** The JDBC URL of the database, e.g. jdbc:postgresql://db:5432/app?user=tide. */
        private @Nullable String url;

        /** The schema of Tide's tables, created if missing; a currentSchema in the URL takes precedence. */
        private String schema = "tide";

        /** Pooled connections for reads and writes (the LISTEN and leader connections come on top). */
        private int poolSize = 10;

        /** How long opening a connection, or waiting for a pooled one, may take. */
        private Duration connectTimeout = Duration.ofSeconds(10);

        /** The environment variable holding the database password (never the password itself). */
        private @Nullable String passwordEnv;

        /** A file holding the database password (its first line). */
        private @Nullable String passwordFile;

        public @Nullable String getUrl() {
            return url;
        }

        public void setUrl(@Nullable String url) {
            this.url = url;
        }

        public String getSchema() {
            return schema;
        }

        public void setSchema(String schema) {
            this.schema = schema;
        }

        public int getPoolSize() {
            return poolSize;
        }

        public void setPoolSize(int poolSize) {
            this.poolSize = poolSize;
        }

        public Duration getConnectTimeout() {
            return connectTimeout;
        }

        public void setConnectTimeout(Duration connectTimeout) {
            this.connectTimeout = connectTimeout;
        }

        public @Nullable String getPasswordEnv() {
            return passwordEnv;
        }

        public void setPasswordEnv(@Nullable String passwordEnv) {
            this.passwordEnv = passwordEnv;
        }

        public @Nullable String getPasswordFile() {
            return passwordFile;
        }

        public void setPasswordFile(@Nullable String passwordFile) {
            this.passwordFile = passwordFile;
        }
    }

    /** tide.task-defaults.*: the last level of task defaults, below task types and job types. */
    public static class TaskDefaultsProperties extends TaskSettings {}

    /** Task defaults as a task type or the engine holds them; unset fields fall through to the next level. */
    public static class TaskSettings {
        /** Priority of tasks that name none (higher runs first in priority queues). */
        private @Nullable Integer priority;

        /** Attempts before a failing task is dead. */
        private @Nullable Integer maxAttempts;

        /** How long after enqueue a task's deadline falls, when it names none. */
        private @Nullable Duration defaultDuration;

        /** How long a claim holds a task before another worker may take it (heartbeats extend it). */
        private @Nullable Duration leaseDuration;

        private final Backoff backoff = new Backoff();

        public @Nullable Integer getPriority() {
            return priority;
        }

        public void setPriority(@Nullable Integer priority) {
            this.priority = priority;
        }

        public @Nullable Integer getMaxAttempts() {
            return maxAttempts;
        }

        public void setMaxAttempts(@Nullable Integer maxAttempts) {
            this.maxAttempts = maxAttempts;
        }

        public @Nullable Duration getDefaultDuration() {
            return defaultDuration;
        }

        public void setDefaultDuration(@Nullable Duration defaultDuration) {
            this.defaultDuration = defaultDuration;
        }

        public @Nullable Duration getLeaseDuration() {
            return leaseDuration;
        }

        public void setLeaseDuration(@Nullable Duration leaseDuration) {
            this.leaseDuration = leaseDuration;
        }

        public Backoff getBackoff() {
            return backoff;
        }
    }

    /** The delay before a failed attempt's retry: initial * multiplier^(attempt-1), capped at max, with jitter. */
    public static class Backoff {
        /** The delay after the first failure. */
        private @Nullable Duration initial;

        /** What each further failure multiplies the delay by (at least 1). */
        private @Nullable Double multiplier;

        /** The longest delay. */
        private @Nullable Duration max;

        /** The random spread of each delay, from 0 (none) to below 1. */
        private @Nullable Double jitter;

        public @Nullable Duration getInitial() {
            return initial;
        }

        public void setInitial(@Nullable Duration initial) {
            this.initial = initial;
        }

        public @Nullable Double getMultiplier() {
            return multiplier;
        }

        public void setMultiplier(@Nullable Double multiplier) {
            this.multiplier = multiplier;
        }

        public @Nullable Duration getMax() {
            return max;
        }

        public void setMax(@Nullable Duration max) {
            this.max = max;
        }

        public @Nullable Double getJitter() {
            return jitter;
        }

        public void setJitter(@Nullable Double jitter) {
            this.jitter = jitter;
        }

        boolean isSet() {
            return initial != null || multiplier != null || max != null || jitter != null;
        }
    }

    /** tide.digest.*: a periodic summary for administrators, sent as a task of the notification type. */
    public static class Digest {
        /** How often the digest goes out; unset sends none. */
        private @Nullable Duration interval;

        /** Who receives it. */
        private List<String> recipients = new ArrayList<>();

        public @Nullable Duration getInterval() {
            return interval;
        }

        public void setInterval(@Nullable Duration interval) {
            this.interval = interval;
        }

        public List<String> getRecipients() {
            return recipients;
        }

        public void setRecipients(List<String> recipients) {
            this.recipients = recipients;
        }
    }

    /** tide.queues.NAME.*: a queue's definition (see docs/concepts.md). */
    public static class QueueProperties {
        /** The order tasks are handed out in: fifo, priority, edf, roulette or fair. */
        private Discipline discipline = Discipline.PRIORITY;

        /** A fair queue's tasks per user per round, for users without their own. */
        private int defaultAllocation = 1;

        /** A fair queue's cap on one user's leases at once; unset for none. */
        private @Nullable Integer defaultConcurrency;

        /** Users whose tasks this queue refuses. */
        private Set<String> prohibitedUsers = new LinkedHashSet<>();

        /** The bound on the queue's pending tasks; unset for none. */
        private @Nullable Integer maxPending;

        /** The bound on pending tasks per coalescing key and owner; unset for none. */
        private @Nullable Integer maxPendingPerKey;

        /** The bound on pending tasks per owner; unset for none. */
        private @Nullable Integer maxPendingPerUser;

        public Discipline getDiscipline() {
            return discipline;
        }

        public void setDiscipline(Discipline discipline) {
            this.discipline = discipline;
        }

        public int getDefaultAllocation() {
            return defaultAllocation;
        }

        public void setDefaultAllocation(int defaultAllocation) {
            this.defaultAllocation = defaultAllocation;
        }

        public @Nullable Integer getDefaultConcurrency() {
            return defaultConcurrency;
        }

        public void setDefaultConcurrency(@Nullable Integer defaultConcurrency) {
            this.defaultConcurrency = defaultConcurrency;
        }

        public Set<String> getProhibitedUsers() {
            return prohibitedUsers;
        }

        public void setProhibitedUsers(Set<String> prohibitedUsers) {
            this.prohibitedUsers = prohibitedUsers;
        }

        public @Nullable Integer getMaxPending() {
            return maxPending;
        }

        public void setMaxPending(@Nullable Integer maxPending) {
            this.maxPending = maxPending;
        }

        public @Nullable Integer getMaxPendingPerKey() {
            return maxPendingPerKey;
        }

        public void setMaxPendingPerKey(@Nullable Integer maxPendingPerKey) {
            this.maxPendingPerKey = maxPendingPerKey;
        }

        public @Nullable Integer getMaxPendingPerUser() {
            return maxPendingPerUser;
        }

        public void setMaxPendingPerUser(@Nullable Integer maxPendingPerUser) {
            this.maxPendingPerUser = maxPendingPerUser;
        }
    }

    /** tide.task-types.NAME.*: a task type's defaults. */
    public static class TaskTypeProperties extends TaskSettings {}

    /** tide.workers.*: the worker pools that run this application's handlers. */
    public static class Workers {
        /** Whether worker pools run the handlers (off: the application only enqueues, or runs tasks itself). */
        private boolean enabled = true;

        /** Handlers running at once, per queue. */
        private int poolSize = 4;

        /** The queues worked; empty works every queue that has a handler. */
        private List<String> queues = new ArrayList<>();

        /** The lease taken on claims; unset takes each task type's lease length. */
        private @Nullable Duration leaseDuration;

        /**
         * How long running handlers may finish when the application stops; the leases of those still running then are
         * released, so their tasks are ready for another worker at once.
         */
        private Duration shutdownTimeout = Duration.ofSeconds(30);

        public boolean isEnabled() {
            return enabled;
        }

        public void setEnabled(boolean enabled) {
            this.enabled = enabled;
        }

        public int getPoolSize() {
            return poolSize;
        }

        public void setPoolSize(int poolSize) {
            this.poolSize = poolSize;
        }

        public List<String> getQueues() {
            return queues;
        }

        public void setQueues(List<String> queues) {
            this.queues = queues;
        }

        public @Nullable Duration getLeaseDuration() {
            return leaseDuration;
        }

        public void setLeaseDuration(@Nullable Duration leaseDuration) {
            this.leaseDuration = leaseDuration;
        }

        public Duration getShutdownTimeout() {
            return shutdownTimeout;
        }

        public void setShutdownTimeout(Duration shutdownTimeout) {
            this.shutdownTimeout = shutdownTimeout;
        }
    }

    /** tide.server.*: Tide's own HTTP API beside the application (Spring Boot 4 starter, with tide-server). */
    public static class Server {
        /** Whether Tide's HTTP API (and dashboard) runs on a port of its own. */
        private boolean enabled = false;

        /** The port of Tide's HTTP API; 0 picks a free one. */
        private int port = 7070;

        /** The address it binds; the default is reachable from this machine only. */
        private String host = "127.0.0.1";

        public boolean isEnabled() {
            return enabled;
        }

        public void setEnabled(boolean enabled) {
            this.enabled = enabled;
        }

        public int getPort() {
            return port;
        }

        public void setPort(int port) {
            this.port = port;
        }

        public String getHost() {
            return host;
        }

        public void setHost(String host) {
            this.host = host;
        }
    }

    /** tide.dashboard.*: the web dashboard, served by the embedded server. */
    public static class Dashboard {
        /** Whether the embedded server serves the dashboard. */
        private boolean enabled = true;

        /** Where the dashboard is mounted on the embedded server. */
        private String basePath = "/ui";

        public boolean isEnabled() {
            return enabled;
        }

        public void setEnabled(boolean enabled) {
            this.enabled = enabled;
        }

        public String getBasePath() {
            return basePath;
        }

        public void setBasePath(String basePath) {
            this.basePath = basePath;
        }
    }

    /** tide.health.*: the Actuator health indicator. */
    public static class Health {
        /**
         * The age of a queue's oldest ready task beyond which the indicator reports OUT_OF_SERVICE; unset only
         * reports the ages. An unreachable store is DOWN whatever this says.
         */
        private @Nullable Duration maxLag;

        public @Nullable Duration getMaxLag() {
            return maxLag;
        }

        public void setMaxLag(@Nullable Duration maxLag) {
            this.maxLag = maxLag;
        }
    }

    /** tide.test-support.*: for an application's own tests. */
    public static class TestSupport {
        /**
         * Whether the engine runs on a settable clock and tasks run only when the test calls
         * TideTestSupport.runReadyTasks() (the worker pools are off).
         */
        private boolean enabled = false;

        public boolean isEnabled() {
            return enabled;
        }

        public void setEnabled(boolean enabled) {
            this.enabled = enabled;
        }
    }
}
