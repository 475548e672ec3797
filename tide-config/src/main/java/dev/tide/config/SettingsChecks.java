package dev.tide.config;

import dev.tide.api.InvalidRequestException;
import dev.tide.api.Schedule;
import dev.tide.core.engine.CronTimes;
import java.nio.file.Files;
import java.time.Duration;
import java.util.Map;

/** What the types alone do not refuse: ranges, pairs that exclude each other, what a choice requires. */
final class SettingsChecks {
    private final Origins origins;
    private final boolean postgresUrlRequired;

    private SettingsChecks(Origins origins, boolean postgresUrlRequired) {
        this.origins = origins;
        this.postgresUrlRequired = postgresUrlRequired;
    }

    static void check(TideSettings s, Origins origins, boolean postgresUrlRequired) {
        new SettingsChecks(origins, postgresUrlRequired).all(s);
    }

    private void all(TideSettings s) {
        if (postgresUrlRequired
                && s.store() == StoreKind.POSTGRESQL
                && s.postgres().url() == null) {
            throw origins.problem("tide.postgres.url", "is required with tide.store: postgresql");
        }
        if (s.postgres().poolSize() < 1) {
            throw origins.problem("tide.postgres.pool-size", "must be at least 1");
        }
        if (s.postgres().connectTimeout().toMillis() < 250) {
            throw origins.problem("tide.postgres.connect-timeout", "must be at least 250ms");
        }
        oneSecret(
                "tide.postgres.password",
                s.postgres().passwordEnv(),
                s.postgres().passwordFile());
        atLeastOneByte("tide.payload-cap", s.payloadCap());
        positive("tide.maintenance-interval", s.maintenanceInterval());
        positive("tide.poll-interval", s.pollInterval());
        if (s.deadlines().warningMargin().isNegative()) {
            throw origins.problem("tide.deadlines.warning-margin", "must be zero or positive");
        }
        atLeastOneByte("tide.blobs.payload-cap", s.blobs().payloadCap());
        positive("tide.blobs.orphan-grace", s.blobs().orphanGrace());
        positive("tide.blobs.sweep-interval", s.blobs().sweepInterval());
        if (s.blobs().folder() != null && s.blobs().s3().given()) {
            throw origins.problem(
                    "tide.blobs.folder", "names a folder and tide.blobs.s3 a bucket: two blob stores; choose one");
        }
        if (s.blobs().s3().given() && s.blobs().s3().bucket() == null) {
            throw origins.problem("tide.blobs.s3.bucket", "is required to keep payloads in S3");
        }
        positive("tide.nodes.heartbeat", s.nodes().heartbeat());
        Duration keep = s.nodes().keep().duration();
        if (keep != null && keep.compareTo(s.nodes().heartbeat().multipliedBy(3)) <= 0) {
            throw origins.problem(
                    "tide.nodes.keep", "must be longer than 3 heartbeats (tide.nodes.heartbeat), or forever");
        }
        schedules(s);
        server(s.server());
        positive("tide.dashboard.session-idle-timeout", s.dashboard().sessionIdleTimeout());
        positive("tide.dashboard.session-max-age", s.dashboard().sessionMaxAge());
        positive("tide.intake.poll", s.intake().poll());
        if (s.intake().settle().isNegative()) {
            throw origins.problem("tide.intake.settle", "must be zero or positive");
        }
        if (s.intake().inbox() != null
                && Files.exists(s.intake().inbox())
                && !Files.isDirectory(s.intake().inbox())) {
            throw origins.problem("tide.intake.inbox", s.intake().inbox() + " is not a folder");
        }
    }

    /** A cron expression is read before anything is opened: a schedule the store would refuse stops nothing half-done. */
    private void schedules(TideSettings s) {
        for (Map.Entry<String, Schedule> schedule : s.schedules().entrySet()) {
            try {
                CronTimes.parse(schedule.getValue().cron(), schedule.getValue().zone());
            } catch (InvalidRequestException e) {
                String problem = e.getMessage().substring(e.field().length() + 2);
                throw origins.problem("tide.schedules." + schedule.getKey() + ".cron", problem);
            }
        }
    }

    private void server(ServerSettings server) {
        if (server.port() < 0 || server.port() > 65535) {
            throw origins.problem("tide.server.port", "must be between 0 (any free port) and 65535");
        }
        if (server.jmxPort() != null && (server.jmxPort() < 1 || server.jmxPort() > 65535)) {
            throw origins.problem("tide.server.jmx-port", "must be between 1 and 65535");
        }
        if (server.grace().isNegative()) {
            throw origins.problem("tide.server.grace", "must be zero or positive");
        }
        positive("tide.server.idle-timeout", server.idleTimeout());
        positive("tide.server.request-head-timeout", server.requestHeadTimeout());
        if (server.signInsPerUser() < 0) {
            throw origins.problem("tide.server.sign-ins-per-user", "must be 0 (no limit) or more");
        }
        if (server.signInsPerAddress() < 0) {
            throw origins.problem("tide.server.sign-ins-per-address", "must be 0 (no limit) or more");
        }
        if (server.passwordChecks() < 1) {
            throw origins.problem("tide.server.password-checks", "must be at least 1");
        }
        if (!server.logFormat().equals("text") && !server.logFormat().equals("json")) {
            throw origins.problem("tide.server.log-format", "'" + server.logFormat() + "' is not text or json");
        }
        ServerSettings.TlsSettings tls = server.tls();
        oneSecret("tide.server.tls.password", tls.passwordEnv(), tls.passwordFile());
        if (tls.keystore() == null && (tls.passwordEnv() != null || tls.passwordFile() != null)) {
            throw origins.problem(
                    "tide.server.tls.password-env", "names the password of tide.server.tls.keystore, which is missing");
        }
        if (tls.keystore() != null && tls.passwordEnv() == null && tls.passwordFile() == null) {
            throw origins.problem(
                    "tide.server.tls.keystore",
                    "needs its password: tide.server.tls.password-env (the environment variable holding it) or"
                            + " tide.server.tls.password-file");
        }
    }

    private void oneSecret(String key, String env, Object file) {
        if (env != null && file != null) {
            throw origins.problem(key + "-env", "and " + key + "-file both name the secret; give one");
        }
    }

    private void positive(String key, Duration value) {
        if (value.isZero() || value.isNegative()) {
            throw origins.problem(key, "must be positive");
        }
    }

    private void atLeastOneByte(String key, DataSize size) {
        if (size.bytes() < 1) {
            throw origins.problem(key, "must be at least 1 byte");
        }
    }
}
