package dev.tide.spring;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The {@code tide.*} properties only a Spring application has: its worker pools, the health indicator, test support,
 * and whether the embedded HTTP server runs. Every other {@code tide.*} key is a setting of the configuration file's
 * model, read by {@link SpringSettings} with the names, defaults and checks of {@code tide server --config} (their IDE
 * metadata is in {@code META-INF/additional-spring-configuration-metadata.json}). JavaBeans rather than records so that
 * the configuration processor reads each field's comment and default into the metadata IDEs complete from.
 */
@ConfigurationProperties(prefix = "tide")
public class TideProperties {
    private final Workers workers = new Workers();
    private final Server server = new Server();
    private final Health health = new Health();
    private final TestSupport testSupport = new TestSupport();

    public Workers getWorkers() {
        return workers;
    }

    public Server getServer() {
        return server;
    }

    public Health getHealth() {
        return health;
    }

    public TestSupport getTestSupport() {
        return testSupport;
    }

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

    /**
     * tide.server.enabled: Tide's own HTTP API beside the application (Spring Boot 4 starter, with tide-server); its
     * host and port are settings of the file's model (tide.server.host, tide.server.port).
     */
    public static class Server {
        /** Whether Tide's HTTP API (and dashboard) runs on a port of its own. */
        private boolean enabled = false;

        public boolean isEnabled() {
            return enabled;
        }

        public void setEnabled(boolean enabled) {
            this.enabled = enabled;
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
