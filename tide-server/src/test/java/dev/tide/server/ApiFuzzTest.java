package dev.tide.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.core.Tide;
import dev.tide.core.testing.TempFolders;
import java.nio.file.Path;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Tag;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * {@link ApiFuzzer} against a server on loopback in front of an engine on SQLite: each try sends every operation of the
 * served document one spoilt request. A few tries by default (under 10 s); many more with the slow tests.
 */
class ApiFuzzTest {
    private static Path folder;
    private static FuzzTarget target;

    @BeforeContainer
    static void open() {
        folder = TempFolders.create("tide-fuzz-");
        target = new FuzzTarget("ApiFuzzTest (SQLite)", Tide.builder().sqlite(folder));
    }

    @AfterContainer
    static void close() {
        try {
            target.close();
        } finally {
            TempFolders.delete(folder);
        }
    }

    @Property(tries = 16)
    void everyOperationAnswersSpoiltRequestsWithoutAServerFault(@ForAll long seed) {
        assertThat(target.fuzzer.everyOperationOnce(new Random(seed))).isEmpty();
    }

    @Property(tries = 300)
    @Tag("slow")
    void longerRun(@ForAll long seed) {
        assertThat(target.fuzzer.everyOperationOnce(new Random(seed))).isEmpty();
    }
}
