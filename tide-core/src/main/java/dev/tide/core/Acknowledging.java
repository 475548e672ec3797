package dev.tide.core;

import dev.tide.api.Ack;
import dev.tide.api.AckResult;
import dev.tide.api.InvalidRequestException;
import dev.tide.api.Lease;
import dev.tide.api.TaskInfo;
import dev.tide.core.engine.AckResolver;
import dev.tide.core.engine.BlobPayloads;
import dev.tide.core.engine.Inputs;
import dev.tide.core.engine.TypeRegistry;
import dev.tide.core.store.ExpiredLease;
import dev.tide.core.store.LeaseExtension;
import dev.tide.core.store.SettleBatch;
import dev.tide.core.store.Settlement;
import dev.tide.core.store.TaskClaims;
import dev.tide.core.store.TaskReads;
import dev.tide.core.store.TaskRow;
import dev.tide.core.store.TaskSettlements;
import dev.tide.core.store.jdbc.JoinedTransaction;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What a worker answers for the tasks it holds, in this process: heartbeats that extend its leases, acknowledgements
 * (resolved into settlements, with the tasks they enqueue, in one transaction), and the release of every lease of a
 * worker that restarted. After a settle the queues it made ready are woken and the listeners of the jobs it ended told.
 */
final class Acknowledging {
    private final TaskClaims claims;
    private final TaskSettlements taskSettlements;
    private final TaskReads reads;
    private final JobTypes jobTypes;
    private final InstantSource clock;
    private final TypeRegistry types;
    private final AckResolver acks;
    private final BlobPayloads blobs;
    private final TaskMeters taskMeters;
    private final ReadyNotices notices;

    Acknowledging(
            TaskClaims claims,
            TaskSettlements taskSettlements,
            TaskReads reads,
            JobTypes jobTypes,
            InstantSource clock,
            TypeRegistry types,
            AckResolver acks,
            BlobPayloads blobs,
            TaskMeters taskMeters,
            ReadyNotices notices) {
        this.claims = claims;
        this.taskSettlements = taskSettlements;
        this.reads = reads;
        this.jobTypes = jobTypes;
        this.clock = clock;
        this.types = types;
        this.acks = acks;
        this.blobs = blobs;
        this.taskMeters = taskMeters;
        this.notices = notices;
    }

    List<Lease> heartbeat(List<Lease> leases, Duration extension) {
        Long extensionMillis = Claiming.leaseMillis("extension", extension);
        if (leases.isEmpty()) {
            return List.of();
        }
        List<LeaseExtension.LeaseRef> refs = leases.stream()
                .map(l -> new LeaseExtension.LeaseRef(l.taskId(), Inputs.requiredText("token", l.token())))
                .toList();
        return claims.taskLeaseExtend(new LeaseExtension(refs, clock.instant(), extensionMillis));
    }

    List<AckResult> ackAll(List<Ack> list) {
        if (list == null || list.isEmpty()) {
            throw new InvalidRequestException("acks", "give at least one acknowledgement");
        }
        if (list.size() > TideConfig.MAX_BATCH) {
            throw new InvalidRequestException("acks", "at most " + TideConfig.MAX_BATCH + " per batch");
        }
        Instant now = clock.instant();
        List<Long> retried = list.stream()
                .filter(a -> a != null && a.kind() == Ack.Kind.RETRY)
                .map(Ack::taskId)
                .toList();
        Map<Long, TaskInfo> current = new HashMap<>();
        reads.taskGetMany(retried).forEach(t -> current.put(t.id(), t));
        List<Settlement> settlements = acks.resolve(list, current, jobTypes::of, now);
        List<TaskRow> produced = new ArrayList<>();
        settlements.forEach(s -> produced.addAll(s.enqueue()));
        SettleBatch batch = blobs.inserting(produced, () -> taskSettlements.taskSettleMany(settlements, now));
        // A payload is deleted only once its task's success is committed: a rollback leaves the task leased, and it
        // needs its payload still. Without commit hooks the maintenance's blob release deletes it later.
        JoinedTransaction.whenCommitted(() -> {
            taskMeters.acknowledged(list, batch.results());
            blobs.releaseSucceeded(batch.results(), types.blobDeletingTypes(), now);
        });
        notices.afterSettle(batch);
        return batch.results();
    }

    int releaseLeases(String account, String worker) {
        List<ExpiredLease> held = claims.taskLeaseOfOwner(Inputs.requiredText("worker", worker), account);
        if (held.isEmpty()) {
            return 0;
        }
        Instant now = clock.instant();
        List<Settlement> settlements = held.stream()
                .map(l -> acks.reclaim(l, "released: worker " + worker + " restarted", now))
                .toList();
        SettleBatch batch = taskSettlements.taskSettleMany(settlements, now);
        notices.afterSettle(batch);
        return (int) batch.results().stream().filter(AckResult::accepted).count();
    }
}
