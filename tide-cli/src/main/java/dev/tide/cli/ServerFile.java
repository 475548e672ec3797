package dev.tide.cli;

import dev.tide.api.json.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Optional;

/**
 * {@code server.json} in a data folder: where the server that holds the folder listens, so that CLI commands run
 * against the same folder talk to it instead of trying to open the locked database, and the token they present there
 * (an administrator's, {@link #LOCAL_ADMIN}). Readable by the folder's owner only: whoever may read it may read the
 * database beside it anyway.
 */
record ServerFile(URI url, long pid, String token) {
    /** The account a server on a data folder keeps for the command line of the same machine. */
    static final String LOCAL_ADMIN = "local-admin";

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
            Files.deleteIfExists(tmp);
            if (tmp.getFileSystem().supportedFileAttributeViews().contains("posix")) {
                Files.createFile(
                        tmp, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            }
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
