package dev.tide.bench;

import java.nio.file.Path;

/** Where the benchmark's databases come from: a PostgreSQL server and a folder for SQLite files. */
record BenchDatabases(String postgresUrl, Path workFolder) {

    /** A fresh, empty database of that kind, named after what will use it. */
    BenchDatabase fresh(BenchDatabase.StoreKind kind, String user) {
        return switch (kind) {
            case SQLITE -> new SqliteBenchDatabase(workFolder.resolve(user + "-" + System.nanoTime()));
            case POSTGRESQL -> new PostgresBenchDatabase(postgresUrl, user.replace('-', '_'));
        };
    }
}
