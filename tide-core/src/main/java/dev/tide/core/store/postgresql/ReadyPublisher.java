package dev.tide.core.store.postgresql;

import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Debounces "tasks became ready" for other nodes. The first queue published after a quiet spell opens a window of
 * {@code debounce}; at its end (the trailing edge) every queue published during the window is sent once, in one
 * statement. A burst of a thousand enqueues into one queue thus costs one {@code NOTIFY}, and wakes other nodes at most
 * {@code debounce} late. A failed send is logged and dropped: the engine's polling covers it.
 */
final class ReadyPublisher implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(ReadyPublisher.class);

    private final long debounceNanos;
    private final Consumer<List<String>> sender;
    private final Set<String> pending = new LinkedHashSet<>();
    private final Thread thread;
    private boolean closed;

    /** @param sender sends one notification per queue of its list */
    ReadyPublisher(Duration debounce, Consumer<List<String>> sender) {
        this.debounceNanos = debounce.toNanos();
        this.sender = sender;
        this.thread =
                Thread.ofPlatform().name("tide-ready-publisher").daemon(true).start(this::loop);
    }

    void publish(Set<String> queues) {
        if (queues.isEmpty()) {
            return;
        }
        synchronized (this) {
            if (!closed && pending.addAll(queues)) {
                notifyAll();
            }
        }
    }

    private void loop() {
        while (true) {
            synchronized (this) {
                while (pending.isEmpty() && !closed) {
                    try {
                        wait();
                    } catch (InterruptedException e) {
                        closed = true;
                    }
                }
                if (pending.isEmpty()) {
                    return;
                }
            }
            waitOutWindow();
            List<String> queues;
            synchronized (this) {
                queues = List.copyOf(pending);
                pending.clear();
            }
            try {
                sender.accept(queues);
            } catch (RuntimeException e) {
                log.warn("could not notify other nodes of ready tasks in {}: {}", queues, e.getMessage());
            }
        }
    }

    private void waitOutWindow() {
        long until = System.nanoTime() + debounceNanos;
        synchronized (this) {
            for (long left = debounceNanos; left > 0 && !closed; left = until - System.nanoTime()) {
                try {
                    wait(Math.max(1, left / 1_000_000), 0);
                } catch (InterruptedException e) {
                    closed = true;
                }
            }
        }
    }

    /** Sends what is pending at once, then stops. */
    @Override
    public void close() {
        synchronized (this) {
            closed = true;
            notifyAll();
        }
        try {
            thread.join(5_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
