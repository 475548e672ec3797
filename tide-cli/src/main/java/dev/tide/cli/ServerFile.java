package dev.tide.cli;

import dev.tide.api.json.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Optional;

/**
 * {@code server.json} in a data folder: where the server that holds the folder listens, so that CLI commands run
 * against the same folder talk to it instead of trying to open the locked database.
 */
record ServerFile(URI url, long pid) {
    static final String NAME = "server.json";

    static Optional<ServerFile> read(Path folder) {
        Path file = folder.resolve(NAME);
        if (!Files.exists(file)) {
            return Optional.empty();
        }
        try {
            return Optional.of(Json.read(Files.readString(file), ServerFile.class));
        } catch (IOException | IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    /** Written atomically, so a reader never sees half of it. */
    void write(Path folder) {
        try {
            Path tmp = folder.resolve(NAME + ".tmp");
            Files.writeString(tmp, Json.write(this));
            Files.move(tmp, folder.resolve(NAME), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static void delete(Path folder) {
        try {
            Files.deleteIfExists(folder.resolve(NAME));
        } catch (IOException ignored) {
            // A stale file is harmless: readers also check that the folder is locked.
        }
    }
}
