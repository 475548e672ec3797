package dev.tide.core;

import dev.tide.api.ClaimRequest;
import dev.tide.api.InputRanges;
import dev.tide.api.InvalidRequestException;
import dev.tide.api.LeasedTask;
import dev.tide.api.NotFoundException;
import dev.tide.api.TaskType;
import dev.tide.api.TideException;
import dev.tide.core.engine.BlobPayloads;
import dev.tide.core.engine.Inputs;
import dev.tide.core.engine.KnownTypes;
import dev.tide.core.engine.LoadSignals;
import dev.tide.core.engine.ProfileSessions;
import dev.tide.core.engine.ReadySignal;
import dev.tide.core.processor.ProcessorActivity;
import dev.tide.core.processor.ProcessorBook;
import dev.tide.core.processor.ProcessorClaims;
import dev.tide.core.store.ProfileSession;
import dev.tide.core.store.TaskClaim;
import dev.tide.core.store.TaskClaimById;
import dev.tide.core.store.TaskClaims;
import dev.tide.core.store.TaskReads;
import dev.tide.core.store.Tokens;
import dev.tide.core.store.jdbc.JoinedTransaction;
import java.time.Duration;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What a worker takes in this process: claims from a queue (long-polling on this node's ready signal, narrowed by the
 * processor they run under), a task claimed by its id, and the leases a worker holds, listed or resumed after its
 * restart. A claimed task's payload kept in the blob store is read here; one that cannot be read goes back with a retry.
 */
final class Claiming {
    private final TaskClaims claims;
    private final TaskReads reads;
    private final InstantSource clock;
    private final TideConfig config;
    private final KnownTypes knownTypes;
    private final ReadySignal ready;
    private final LoadSignals load;
    private final ProfileSessions sessions;
    private final ProcessorBook processorBook;
    private final ProcessorActivity processorActivity;
    private final TaskMeters taskMeters;
    private final BlobPayloads blobs;
    private final Acknowledging acknowledging;
    private volatile boolean closed;

    /** @param acknowledging gives back a claimed task whose payload cannot be read */
    Claiming(
            TaskClaims claims,
            TaskReads reads,
            InstantSource clock,
            TideConfig config,
            KnownTypes knownTypes,
            ReadySignal ready,
            LoadSignals load,
            ProfileSessions sessions,
            ProcessorBook processorBook,
            ProcessorActivity processorActivity,
            TaskMeters taskMeters,
            BlobPayloads blobs,
            Acknowledging acknowledging) {
        this.claims = claims;
        this.reads = reads;
        this.clock = clock;
        this.config = config;
        this.knownTypes = knownTypes;
        this.ready = ready;
        this.load = load;
        this.sessions = sessions;
        this.processorBook = processorBook;
        this.processorActivity = processorActivity;
        this.taskMeters = taskMeters;
        this.blobs = blobs;
        this.acknowledging = acknowledging;
    }

    /** The engine is closing: a waiting claim answers what it has (nothing) at its next wake-up. */
    void closing() {
        closed = true;
    }

    List<LeasedTask> claim(String account, ClaimRequest request) {
        if (request.processor() != null) {
            TaskType.requireName("processor", request.processor());
        }
        if (request.processor() == null || request.queue() != null) {
            TaskType.requireName("queue", request.queue());
        }
        String worker = Inputs.requiredText("worker", request.worker());
        if (request.limit() < 1 || request.limit() > ClaimRequest.MAX_LIMIT) {
            throw new InvalidRequestException("limit", "must be between 1 and " + ClaimRequest.MAX_LIMIT);
        }
        request.types().forEach(t -> TaskType.requireName("types", t));
        request.users().allNamed().forEach(u -> Inputs.text("users", u));
        if (request.maxPayloadBytes() != null && request.maxPayloadBytes() < 0) {
            throw new InvalidRequestException("maxPayloadBytes", "must not be negative");
        }
        Long leaseMillis = leaseMillis("leaseDuration", request.leaseDuration());
        Duration wait =
                request.waitFor() == null ? Duration.ZERO : InputRanges.DELAY.check("waitFor", request.waitFor());
        ProfileSession session = sessions.named(Inputs.text("session", request.session()));
        long deadline = System.nanoTime() + wait.toNanos();
        while (true) {
            // Under a processor, its definition as it stands now: a start, stop or change applies to waiting claims.
            ProcessorClaims.Narrowed under = request.processor() == null
                    ? new ProcessorClaims.Narrowed(request, true)
                    : ProcessorClaims.narrow(request, processorBook.get(request.processor()));
            ClaimRequest effective = under.request();
            String queue = effective.queue();
            long seen = ready.version(queue);
            long attempt = System.nanoTime();
            List<LeasedTask> claimed = !under.started()
                    ? List.of()
                    : claims.taskClaim(new TaskClaim(
                            queue,
                            effective.types(),
                            request.limit(),
                            worker,
                            account,
                            Tokens.next(),
                            clock.instant(),
                            leaseMillis,
                            effective.maxPayloadBytes(),
                            effective.users(),
                            load,
                            session,
                            null));
            if (under.started()) {
                load.recordSampled();
                countClaims(queue, System.nanoTime() - attempt, claimed);
                knownTypes.named(effective.types());
                knownTypes.named(claimed.stream().map(l -> l.task().type()).toList());
                claimed = withPayloads(claimed);
            }
            if (request.processor() != null) {
                processorActivity.claimed(request.processor(), worker, claimed.size());
            }
            long left = deadline - System.nanoTime();
            if (!claimed.isEmpty() || left <= 0 || closed) {
                return claimed;
            }
            try {
                ready.await(queue, seen, Math.min(left, config.pollInterval().toNanos()));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return List.of();
            }
        }
    }

    /** Meters a claim now, or inside a joined transaction once it commits. */
    private void countClaims(String queue, long tookNanos, List<LeasedTask> claimed) {
        JoinedTransaction.whenCommitted(() -> {
            taskMeters.claimTook(queue, tookNanos);
            taskMeters.claimed(claimed);
        });
    }

    Optional<LeasedTask> claimTask(String account, long taskId, String worker, Duration leaseDuration) {
        String owner = Inputs.requiredText("worker", worker);
        Optional<LeasedTask> claimed = claims.taskClaimById(new TaskClaimById(
                taskId,
                owner,
                account,
                Tokens.next(),
                clock.instant(),
                leaseMillis("leaseDuration", leaseDuration),
                load));
        claimed.ifPresent(l -> JoinedTransaction.whenCommitted(() -> taskMeters.claimed(l.task())));
        claimed.ifPresent(l -> knownTypes.named(List.of(l.task().type())));
        if (claimed.isEmpty() && reads.taskGet(taskId).isEmpty()) {
            throw new NotFoundException("task " + taskId);
        }
        return claimed.map(this::withPayload);
    }

    List<LeasedTask> leases(String account, String worker) {
        List<LeasedTask> held = claims.taskLeaseList(Inputs.requiredText("worker", worker), account);
        List<LeasedTask> out = new ArrayList<>(held.size());
        for (LeasedTask t : held) {
            // A read: an unreadable payload is reported, and the lease left as it is.
            out.add(t.task().payloadInBlob() ? new LeasedTask(blobs.read(t.task()), t.lease(), t.budget()) : t);
        }
        return out;
    }

    List<LeasedTask> resumeLeases(String account, String worker, Duration leaseDuration) {
        return withPayloads(claims.taskLeaseResume(
                Inputs.requiredText("worker", worker),
                account,
                Tokens.next(),
                clock.instant(),
                leaseMillis("leaseDuration", leaseDuration)));
    }

    private List<LeasedTask> withPayloads(List<LeasedTask> claimed) {
        return blobs.readClaimed(claimed, this::giveBack);
    }

    LeasedTask withPayload(LeasedTask claimed) {
        return blobs.readClaimed(claimed, this::giveBack);
    }

    /** A claimed task whose payload cannot be read goes back with a retry, to go dead after its max attempts. */
    private void giveBack(LeasedTask t, TideException why) {
        try {
            acknowledging.ackAll(List.of(
                    t.ack().message("payload not readable: " + why.getMessage()).retry()));
        } catch (RuntimeException e) {
            // The lease runs out and the task comes back all the same.
            why.addSuppressed(e);
        }
    }

    /** A lease's length in milliseconds, checked; null (the queue's default) when none is given. */
    static Long leaseMillis(String field, Duration lease) {
        return lease == null ? null : InputRanges.LEASE.check(field, lease).toMillis();
    }
}
