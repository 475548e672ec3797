package dev.tide.core.statements;

import dev.tide.core.store.jdbc.SqlCounter;
import java.util.List;

/**
 * What one operation sent: statements (a JDBC batch counts once, its rows apart), transactions committed, and the
 * statements by name in the order sent (empty in pinned figures). PostgreSQL's wake-up {@code NOTIFY} to other nodes is
 * counted apart, in {@code notifies}: it goes out later on a thread of its own, one per queue per debounce window
 * however many operations made tasks ready, each in a transaction of its own that the statements and transactions here
 * leave out.
 */
record Figures(int statements, long batchRows, long transactions, int notifies, List<String> listing) {
    private static final String NOTIFY = "ready_notify";

    /** Figures to pin: compared without their listing and notifications. */
    static Figures pinned(int statements, long batchRows, long transactions) {
        return new Figures(statements, batchRows, transactions, 0, List.of());
    }

    static Figures of(SqlCounter.Counts counts, StatementNames names) {
        List<String> listing = counts.executions().stream()
                .map(e -> names.of(e.sql()) + (e.batchRows() > 0 ? " x" + e.batchRows() : ""))
                .toList();
        int notifies = (int) listing.stream().filter(NOTIFY::equals).count();
        return new Figures(
                counts.statements() - notifies,
                counts.batchRows(),
                counts.transactions() - notifies,
                notifies,
                listing.stream().filter(name -> !name.equals(NOTIFY)).toList());
    }

    Figures withoutListing() {
        return pinned(statements, batchRows, transactions);
    }

    @Override
    public String toString() {
        return statements + " statements (" + batchRows + " rows batched), " + transactions + " transactions"
                + (listing.isEmpty() ? "" : ": " + String.join(", ", listing));
    }
}
