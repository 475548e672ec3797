package dev.tide.bench;

import dev.tide.core.Tide;
import dev.tide.core.TideBuilder;
import java.nio.file.Path;
import javax.sql.DataSource;

/**
 * One fresh database for one system under test: an SQLite file in its own folder, or a PostgreSQL schema of its own.
 * Every system gets the same durability from it: SQLite in WAL mode with {@code synchronous=FULL}, PostgreSQL with the
 * server's settings untouched ({@code synchronous_commit=on}, logged tables).
 */
sealed interface BenchDatabase extends AutoCloseable permits SqliteBenchDatabase, PostgresBenchDatabase {

    /** The kind of store: {@code sqlite} or {@code postgresql}. */
    StoreKind kind();

    /** Where the database is, for another process to open it: the SQLite folder, or the URL naming the schema. */
    String location();

    /** A Tide engine builder on this database. */
    default TideBuilder tide() {
        return kind().tide(location());
    }

    /** Pooled connections with the same durability settings Tide uses, for peers and the ceiling. */
    DataSource dataSource(int poolSize);

    /** Refreshes the planner's statistics of Tide's tables where the database keeps them apart (PostgreSQL). */
    default void analyze() {}

    /** Removes what the database left behind (the folder, or the schema). */
    @Override
    void close();

    enum StoreKind {
        SQLITE("sqlite"),
        POSTGRESQL("postgresql");

        private final String label;

        StoreKind(String label) {
            this.label = label;
        }

        String label() {
            return label;
        }

        /** A Tide engine builder on the database of this kind at {@code location} (see {@link #location()}). */
        TideBuilder tide(String location) {
            return switch (this) {
                case SQLITE -> Tide.builder().sqlite(Path.of(location)).purpose("tide bench");
                case POSTGRESQL -> Tide.builder().postgres(location);
            };
        }

        static StoreKind parse(String text) {
            for (StoreKind kind : values()) {
                if (kind.label.equalsIgnoreCase(text) || (kind == POSTGRESQL && "postgres".equalsIgnoreCase(text))) {
                    return kind;
                }
            }
            throw new IllegalArgumentException("unknown store '" + text + "' (use sqlite or postgresql)");
        }
    }
}
