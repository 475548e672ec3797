package dev.tide.server.intake;

import dev.tide.api.EnqueueResult;
import dev.tide.api.InvalidRequestException;
import dev.tide.api.NewTask;
import dev.tide.api.NotFoundException;
import dev.tide.api.PayloadTooLargeException;
import dev.tide.api.PendingLimitException;
import dev.tide.api.QueueInfo;
import dev.tide.api.TideException;
import dev.tide.core.Tide;
import dev.tide.core.settings.FaultPoints;
import dev.tide.core.store.IntakeFileRow;
import dev.tide.core.store.IntakePass;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Seed 004's file poller: takes the files dropped in {@code inbox/<user>/<queue>/} as tasks of that user in that queue
 * (see {@link FileTask} for type and payload, docs/intake.md for the whole protocol).
 *
 * <p>Each file is stored once and only once, and never lost. It is enqueued under an idempotency key derived from its
 * name and content, and only then moved aside ({@link Aside}): a process that dies between the two finds the file
 * again on restart and the key answers with the task already made; a second node sharing the inbox and the database
 * gets the same answer, and its move finds the file gone. A file the engine refuses for what it is (an unknown queue,
 * invalid JSON, over the payload cap) is moved to {@code .rejected/} with the reason; one refused for the moment (a
 * queue's pending bound, 429) or not stored for want of the database stays where it is for a later pass.
 *
 * <p>Passes run every poll interval while the switch in the database ({@link dev.tide.api.Intake#status()}) is on; the periodic scan
 * is the only source of truth, so files written while the node was down or by another host are found all the same.
 * Each pass ends by recording what it did, in one write: its counts, and each file it moved aside with the task it
 * became or the reason it was refused ({@link dev.tide.api.Intake#files}), stamped by the engine's clock.
 */
public final class FolderIntake implements AutoCloseable {
    /** The fault point between a file's enqueue and its move, where crash tests stop the process. */
    public static final String AFTER_ENQUEUE = "intake.after-enqueue";

    /** The most files one pass takes, so that a pass stays short and a switch-off is obeyed soon. */
    static final int MAX_FILES_PER_PASS = 1000;

    private static final Logger log = LoggerFactory.getLogger(FolderIntake.class);

    private final Tide tide;
    private final IntakeSettings settings;
    private final InboxScan scan;
    private final CountDownLatch stopping = new CountDownLatch(1);
    private Thread thread;

    /** An intake that runs passes only when told to ({@link #runOnce()}); {@link #start} runs them periodically. */
    public FolderIntake(Tide tide, IntakeSettings settings) {
        this.tide = tide;
        this.settings = settings;
        this.scan = new InboxScan(settings.inbox());
        try {
            Files.createDirectories(settings.inbox());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create the inbox folder " + settings.inbox(), e);
        }
    }

    /** Starts a thread running a pass every poll interval until {@link #close()}. */
    public static FolderIntake start(Tide tide, IntakeSettings settings) {
        FolderIntake intake = new FolderIntake(tide, settings);
        intake.thread = Thread.ofPlatform().name("tide-intake").daemon().start(intake::loop);
        log.info(
                "folder intake watches {} every {} (files settle for {})",
                settings.inbox(),
                settings.pollInterval(),
                settings.settleTime());
        return intake;
    }

    /**
     * What a pass did.
     *
     * @param enabled false when the switch was off and the pass looked at nothing
     * @param deferred files left for a later pass: refused for the moment (a pending bound) or not stored for want of
     *     the database
     */
    public record Pass(boolean enabled, int stored, int rejected, int deferred) {
        static final Pass OFF = new Pass(false, 0, 0, 0);
    }

    /** Takes every finished file now, if the intake is switched on, and adds what it did to the shared counts. */
    public synchronized Pass runOnce() {
        if (!tide.intake().status().enabled()) {
            return Pass.OFF;
        }
        Instant now = settings.clock().instant();
        Set<String> queues =
                tide.queues().list().stream().map(QueueInfo::name).collect(Collectors.toCollection(HashSet::new));
        queues.add(NewTask.DEFAULT_QUEUE);
        Set<Path> full = new HashSet<>();
        List<IntakeFileRow> handled = new ArrayList<>();
        int deferred = 0;
        List<InboxFile> files = scan.finished(now.minus(settings.settleTime()), MAX_FILES_PER_PASS);
        for (int i = 0; i < files.size(); i++) {
            InboxFile file = files.get(i);
            if (full.contains(file.path().getParent())) {
                deferred++;
                continue;
            }
            try {
                Taken taken = take(file, queues);
                switch (taken.outcome()) {
                    case STORED, REJECTED ->
                        handled.add(taken.row(file, tide.clock().instant()));
                    case FULL -> {
                        full.add(file.path().getParent());
                        deferred++;
                    }
                    case GONE -> {}
                }
            } catch (IOException e) {
                deferred++;
                log.warn("folder intake: {} stays for a later pass: {}", file.path(), e.toString());
            } catch (RuntimeException e) {
                // the database, most likely: the rest waits for the next pass, and what was done is still counted
                deferred += files.size() - i;
                log.warn("folder intake: pass ends early, {} stays for a later pass: {}", file.path(), e.toString());
                break;
            }
        }
        IntakePass pass = new IntakePass(now, handled);
        tide.recordIntakePass(pass);
        return new Pass(true, (int) pass.stored(), (int) pass.rejected(), deferred);
    }

    private enum Outcome {
        STORED,
        REJECTED,
        /** Its queue's pending bound refused it: the folder's other files wait too. */
        FULL,
        /** Another node moved it, or it was replaced; nothing for this pass to do. */
        GONE
    }

    /**
     * What became of one file: the task it became when stored, the reason when rejected.
     *
     * @param taskId set when stored
     * @param reason set when rejected
     */
    private record Taken(Outcome outcome, long taskId, String reason) {
        static final Taken FULL = new Taken(Outcome.FULL, 0, null);
        static final Taken GONE = new Taken(Outcome.GONE, 0, null);

        static Taken stored(long taskId) {
            return new Taken(Outcome.STORED, taskId, null);
        }

        static Taken rejected(String reason) {
            return new Taken(Outcome.REJECTED, 0, reason);
        }

        /** The record of a file stored or rejected, handled at {@code at}. */
        IntakeFileRow row(InboxFile file, Instant at) {
            return outcome == Outcome.STORED
                    ? IntakeFileRow.stored(at, file.user(), file.queue(), file.name(), taskId)
                    : IntakeFileRow.rejected(at, file.user(), file.queue(), file.name(), reason);
        }
    }

    private Taken take(InboxFile file, Set<String> queues) throws IOException {
        if (file.queue() == null) {
            return reject(file, "files go in a queue's folder: " + settings.inbox() + "/" + file.user() + "/<queue>/");
        }
        if (!queues.contains(file.queue())) {
            return reject(
                    file,
                    "queue '" + file.queue() + "' is not defined: define it (PUT /v1/queues/" + file.queue()
                            + ") or drop files in the folder of a defined queue");
        }
        if (disabled(file.user())) {
            return reject(file, "user '" + file.user() + "' is disabled: its files are not taken");
        }
        if (file.symbolicLink()) {
            return reject(file, "is a symbolic link: drop the file itself");
        }
        long cap = tide.taskPayloadCapBytes();
        if (file.size() > cap) {
            return reject(file, new PayloadTooLargeException("file", file.size(), cap).getMessage());
        }
        byte[] content;
        try {
            content = Files.readAllBytes(file.path());
        } catch (NoSuchFileException movedByAnotherNode) {
            return Taken.GONE;
        }
        if (!file.unchanged()) {
            // written to since it was found: the next pass sees it again once it has settled
            return Taken.GONE;
        }
        EnqueueResult enqueued;
        try {
            enqueued = tide.enqueue(FileTask.of(file, content));
        } catch (PendingLimitException e) {
            log.debug("folder intake: {} waits: {}", file.path(), e.getMessage());
            return Taken.FULL;
        } catch (TideException e) {
            if (e.httpStatus() >= 400 && e.httpStatus() < 500) {
                return reject(file, e.getMessage());
            }
            throw e;
        }
        FaultPoints.reach(AFTER_ENQUEUE);
        if (!Aside.stored(file, enqueued.id())) {
            return Taken.GONE;
        }
        log.debug("folder intake: {} is task {}", file.path(), enqueued.id());
        return Taken.stored(enqueued.id());
    }

    /**
     * Whether the folder's user is a user of the server that was disabled. The inbox's file permissions decide who may
     * drop files; a folder named after no user of the server is taken as the operator laid it out.
     */
    private boolean disabled(String user) {
        try {
            return tide.accounts().account(user).disabled();
        } catch (NotFoundException | InvalidRequestException notAUser) {
            return false;
        }
    }

    private static Taken reject(InboxFile file, String reason) throws IOException {
        if (!Aside.rejected(file, reason)) {
            return Taken.GONE;
        }
        log.info("folder intake: rejected {}: {}", file.path(), reason);
        return Taken.rejected(reason);
    }

    private void loop() {
        do {
            try {
                runOnce();
            } catch (RuntimeException e) {
                log.warn("folder intake: pass failed; next try in {}: {}", settings.pollInterval(), e.toString());
            }
        } while (!stopRequested());
    }

    private boolean stopRequested() {
        try {
            return stopping.await(settings.pollInterval().toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return true;
        }
    }

    /** Stops the passes; a pass under way finishes first (it holds at most {@value #MAX_FILES_PER_PASS} files). */
    @Override
    public void close() {
        stopping.countDown();
        if (thread != null) {
            try {
                thread.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
