package dev.tide.cli.testing;

import dev.tide.core.Tide;
import java.nio.file.Path;

/** A process that opens a data folder as an embedded engine and keeps it until killed (no server, no server.json). */
public final class FolderHolder {
    private FolderHolder() {}

    @SuppressWarnings("try") // the engine holds its folder's lock while the body runs; never read
    public static void main(String[] args) throws InterruptedException {
        try (Tide tide = Tide.builder()
                .sqlite(Path.of(args[0]))
                .purpose("an application embedding Tide")
                .build()) {
            System.out.println("holding " + args[0]);
            System.out.flush();
            Thread.sleep(Long.MAX_VALUE);
        }
    }
}
