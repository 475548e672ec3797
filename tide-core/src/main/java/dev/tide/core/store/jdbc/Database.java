package dev.tide.core.store.jdbc;

import dev.tide.api.Actor;

/**
 * How a store runs its transactions, given to each role's implementation, which holds no connection of its own: one
 * writer thread with a few readers on SQLite, a connection pool with retried writes on PostgreSQL.
 */
public interface Database {
    /** Runs {@code work} in one write transaction, durable when this returns. */
    <T> T write(SqlWork<T> work);

    /**
     * Runs {@code work} in one write transaction once: a transaction PostgreSQL aborts as a deadlock victim is not run
     * again (for work that is not only Tide's, whose caller decides).
     */
    default <T> T writeOnce(SqlWork<T> work) {
        return write(work);
    }

    /** Runs {@code work} on a read connection; it sees every transaction committed before the call. */
    <T> T read(SqlWork<T> work);

    Dialect dialect();

    /**
     * A write on behalf of an administrator: the calling thread's {@link Actor} is named inside the transaction too,
     * whichever thread runs it, so the event it logs says who did it.
     */
    @SuppressWarnings("try") // the Actor.Scope names who acts inside it; never read
    default <T> T adminWrite(SqlWork<T> work) {
        String actor = Actor.current();
        return write(tx -> {
            try (Actor.Scope ignored = Actor.enter(actor)) {
                return work.run(tx);
            }
        });
    }
}
