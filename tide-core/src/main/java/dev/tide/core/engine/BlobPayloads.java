package dev.tide.core.engine;

import dev.tide.api.AckResult;
import dev.tide.api.BlobStoreUnavailableException;
import dev.tide.api.EnqueueResult;
import dev.tide.api.LeasedTask;
import dev.tide.api.NotFoundException;
import dev.tide.api.Outcome;
import dev.tide.api.PayloadCorruptException;
import dev.tide.api.TaskBlob;
import dev.tide.api.TaskInfo;
import dev.tide.api.TideException;
import dev.tide.core.blob.BlobStore;
import dev.tide.core.blob.MissingBlobException;
import dev.tide.core.blob.Sha256;
import dev.tide.core.settings.FaultPoints;
import dev.tide.core.store.TaskBlobs;
import dev.tide.core.store.TaskReads;
import dev.tide.core.store.TaskRow;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Payloads kept in the blob store, as the engine moves them: written before the row that refers to them, read back
 * (and checked) for whoever reads the task, deleted once no row refers to them.
 *
 * <p>The one rule that keeps this safe without a transaction spanning database and store: <b>a blob is deleted only
 * after the database says no task refers to it</b> (the row is gone, or was changed to let go of it). Every path
 * deletes after its commit; a crash in between leaves an orphan blob, never a row without its blob, and
 * {@link OrphanSweep} removes orphans later. A refused or failed insert deletes only the blobs the database confirms no
 * row took, so even an insert that committed and then failed to answer loses nothing.
 */
public final class BlobPayloads {
    private static final Logger log = LoggerFactory.getLogger(BlobPayloads.class);

    private final BlobStore store;
    private final TaskBlobs tasks;
    private final TaskReads reads;

    /** @param store the blob store, or null when the engine has none */
    public BlobPayloads(BlobStore store, TaskBlobs tasks, TaskReads reads) {
        this.store = store;
        this.tasks = tasks;
        this.reads = reads;
    }

    /** The blob store, or null. */
    public BlobStore store() {
        return store;
    }

    /**
     * Runs {@code insert} for {@code rows}, first writing the blobs their payloads go to. After the insert, and after
     * a failed one, the blobs no row took (an idempotent repeat, a task coalescing ignored, a refused request, the
     * follow-ups of an acknowledgement whose lease was lost) are deleted.
     */
    public <T> T inserting(List<TaskRow> rows, Supplier<T> insert) {
        List<TaskRow> large = new ArrayList<>();
        for (TaskRow row : rows) {
            if (row.blob() != null) {
                large.add(row);
            }
        }
        if (large.isEmpty()) {
            return insert.get();
        }
        List<String> written = new ArrayList<>(large.size());
        try {
            for (TaskRow row : large) {
                store.put(row.blob().key(), row.payload().getBytes(StandardCharsets.UTF_8));
                written.add(row.blob().key());
            }
            FaultPoints.reach("blobs.before-insert");
            return insert.get();
        } finally {
            deleteUnreferenced(written);
        }
    }

    /** Deletes those of {@code keys} no task refers to; leaves them all to the sweep when the database cannot say. */
    private void deleteUnreferenced(List<String> keys) {
        if (keys.isEmpty()) {
            return;
        }
        Set<String> referenced;
        try {
            referenced = tasks.taskBlobReferenced(keys);
        } catch (RuntimeException e) {
            log.warn(
                    "could not tell which of {} new blobs their tasks took; the orphan sweep will see to them",
                    keys.size(),
                    e);
            return;
        }
        List<String> unreferenced = new ArrayList<>();
        for (String key : keys) {
            if (!referenced.contains(key)) {
                unreferenced.add(key);
            }
        }
        delete(unreferenced);
    }

    /** Deletes blobs whose rows have let go of them; a blob that cannot be deleted now is left to the sweep. */
    public void delete(Collection<String> keys) {
        if (keys.isEmpty()) {
            return;
        }
        if (store == null) {
            // Rows written by a node with a blob store, pruned by one without: that node's sweep deletes them.
            log.debug("{} blobs let go of with no blob store here; left to the orphan sweep", keys.size());
            return;
        }
        FaultPoints.reach("blobs.before-delete");
        for (String key : keys) {
            try {
                store.delete(key);
            } catch (RuntimeException e) {
                log.warn("could not delete blob {}; the orphan sweep will", key, e);
            }
        }
    }

    /**
     * After acknowledgements: lets go of the blobs of the tasks that succeeded, if their type says so
     * ({@link dev.tide.api.TaskType#deleteBlobOnCompletion()}), and deletes them.
     */
    public void releaseSucceeded(List<AckResult> results, Set<String> types, Instant now) {
        if (store == null || types.isEmpty()) {
            return;
        }
        List<Long> succeeded = new ArrayList<>();
        for (AckResult r : results) {
            if (r.accepted() && r.outcome() == Outcome.SUCCEEDED) {
                succeeded.add(r.taskId());
            }
        }
        if (!succeeded.isEmpty()) {
            delete(tasks.taskBlobRelease(succeeded, types, now));
        }
    }

    /**
     * The task with its payload read back from the blob store and checked against the SHA-256 and size its row
     * recorded; a task whose payload is in its row (or whose blob was deleted) as it is.
     *
     * @throws PayloadCorruptException when the blob does not match, or is missing while the task refers to it
     * @throws BlobStoreUnavailableException when the store cannot be read, or is not the one the task names
     */
    public TaskInfo read(TaskInfo task) {
        if (!task.payloadInBlob()) {
            return task;
        }
        TaskBlob blob = task.blob();
        if (store == null) {
            throw new BlobStoreUnavailableException(
                    "task " + task.id() + " keeps its payload in blob store " + blob.store()
                            + ", and this engine has no blob store configured",
                    null);
        }
        if (!blob.store().equals(store.name())) {
            throw new BlobStoreUnavailableException(
                    "task " + task.id() + " keeps its payload in blob store " + blob.store()
                            + ", not in this engine's blob store " + store.name(),
                    null);
        }
        byte[] content;
        try {
            content = store.get(blob.key());
        } catch (MissingBlobException e) {
            return missing(task);
        }
        if (content.length != blob.bytes() || !Sha256.hex(content).equals(blob.sha256())) {
            throw new PayloadCorruptException("task " + task.id() + ": its payload blob " + blob.key() + " in "
                    + store + " does not match the task's checksum (expected " + blob.bytes() + " bytes with SHA-256 "
                    + blob.sha256() + ", found " + content.length + " bytes with SHA-256 " + Sha256.hex(content)
                    + ")");
        }
        return task.withPayload(new String(content, StandardCharsets.UTF_8));
    }

    /**
     * A blob not found: deleted since the task was read (it succeeded, was pruned, or took a newer payload), which the
     * row now says; else lost.
     */
    private TaskInfo missing(TaskInfo task) {
        Optional<TaskInfo> now = reads.taskGet(task.id());
        if (now.isEmpty()) {
            throw new NotFoundException("task " + task.id());
        }
        TaskBlob blob = now.get().blob();
        if (blob == null || blob.deleted()) {
            return now.get();
        }
        if (!blob.key().equals(task.blob().key())) {
            return read(now.get());
        }
        throw new PayloadCorruptException("task " + task.id() + ": its payload blob " + blob.key() + " is missing from "
                + store + ", though the task still refers to it");
    }

    /**
     * Claimed tasks with their payloads read back. A task whose payload cannot be read (missing, corrupt, the store
     * down) is handed to {@code giveBack} and left out, so the others are handed out.
     */
    public List<LeasedTask> readClaimed(List<LeasedTask> claimed, BiConsumer<LeasedTask, TideException> giveBack) {
        List<LeasedTask> out = null;
        for (int i = 0; i < claimed.size(); i++) {
            LeasedTask t = claimed.get(i);
            if (!t.task().payloadInBlob()) {
                if (out != null) {
                    out.add(t);
                }
                continue;
            }
            if (out == null) {
                out = new ArrayList<>(claimed.subList(0, i));
            }
            try {
                out.add(new LeasedTask(read(t.task()), t.lease(), t.budget()));
            } catch (TideException e) {
                giveBack.accept(t, e);
            }
        }
        return out == null ? claimed : out;
    }

    /** One claimed task with its payload read back; one that cannot be read is handed to {@code giveBack}, and thrown. */
    public LeasedTask readClaimed(LeasedTask claimed, BiConsumer<LeasedTask, TideException> giveBack) {
        if (!claimed.task().payloadInBlob()) {
            return claimed;
        }
        try {
            return new LeasedTask(read(claimed.task()), claimed.lease(), claimed.budget());
        } catch (TideException e) {
            giveBack.accept(claimed, e);
            throw e;
        }
    }

    /** Enqueue answers with payloads: an existing task's blob (an idempotent repeat's) read back if it can be. */
    public List<EnqueueResult> readEnqueued(List<EnqueueResult> results) {
        List<EnqueueResult> out = null;
        for (int i = 0; i < results.size(); i++) {
            EnqueueResult r = results.get(i);
            if (r.task().payloadInBlob()) {
                if (out == null) {
                    out = new ArrayList<>(results);
                }
                out.set(i, new EnqueueResult(readIfAvailable(r.task()), r.created()));
            }
        }
        return out == null ? results : out;
    }

    /** {@link #read}, or the task as it is (payload null, blob named) when its payload cannot be read. */
    public TaskInfo readIfAvailable(TaskInfo task) {
        if (!task.payloadInBlob()) {
            return task;
        }
        try {
            return read(task);
        } catch (RuntimeException e) {
            log.warn("task {}: payload not readable: {}", task.id(), e.getMessage());
            return task;
        }
    }
}
