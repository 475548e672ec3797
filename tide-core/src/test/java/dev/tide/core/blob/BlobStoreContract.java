package dev.tide.core.blob;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** What every {@link BlobStore} does, run against a folder and against a real S3-compatible server. */
public abstract class BlobStoreContract {
    static final Instant T0 = Instant.parse("2025-03-01T10:00:00Z");

    protected BlobStore store;

    /** A new, empty store. */
    protected abstract BlobStore open();

    @BeforeEach
    void openStore() {
        store = open();
    }

    @AfterEach
    void closeStore() {
        store.close();
    }

    @Test
    void whatIsPutIsReadBackByteForByte() {
        byte[] content = new byte[300_000];
        new Random(7).nextBytes(content);
        String key = BlobKeys.next(T0);
        store.put(key, content);
        assertThat(store.get(key)).isEqualTo(content);
    }

    @Test
    void anEmptyBlobIsABlob() {
        String key = BlobKeys.next(T0);
        store.put(key, new byte[0]);
        assertThat(store.get(key)).isEmpty();
        assertThat(store.list(null, 10)).containsExactly(key);
    }

    @Test
    void aMissingBlobIsReportedAsMissing() {
        String key = BlobKeys.next(T0);
        assertThatThrownBy(() -> store.get(key))
                .isInstanceOf(MissingBlobException.class)
                .hasMessageContaining(key);
    }

    @Test
    void deleteRemovesTheBlobAndMayBeRepeated() {
        String key = BlobKeys.next(T0);
        store.put(key, bytes("x"));
        store.delete(key);
        assertThatThrownBy(() -> store.get(key)).isInstanceOf(MissingBlobException.class);
        store.delete(key);
        assertThat(store.list(null, 10)).isEmpty();
    }

    @Test
    void keysAreListedInOrderOfTheirMaking() {
        List<String> made = new ArrayList<>();
        // Across days, months and years, to cross every level of the key's path.
        for (Duration offset : List.of(
                Duration.ZERO, Duration.ofMillis(1), Duration.ofHours(20), Duration.ofDays(31), Duration.ofDays(400))) {
            made.add(BlobKeys.next(T0.plus(offset)));
        }
        for (String key : made.reversed()) {
            store.put(key, bytes(key));
        }
        assertThat(store.list(null, 100)).containsExactlyElementsOf(made);
        assertThat(made).isSorted();
    }

    @Test
    void listingPagesAfterAKeyAndUpToALimit() {
        List<String> made = new ArrayList<>();
        for (int i = 0; i < 7; i++) {
            String key = BlobKeys.next(T0.plus(Duration.ofHours(7L * i)));
            made.add(key);
            store.put(key, bytes("blob " + i));
        }
        assertThat(store.list(null, 3)).containsExactlyElementsOf(made.subList(0, 3));
        assertThat(store.list(made.get(2), 3)).containsExactlyElementsOf(made.subList(3, 6));
        assertThat(store.list(made.get(5), 3)).containsExactly(made.get(6));
        assertThat(store.list(made.get(6), 3)).isEmpty();
        // A point between keys that names no blob works as well.
        assertThat(store.list(made.get(3).substring(0, 24), 100)).containsExactlyElementsOf(made.subList(3, 7));
    }

    @Test
    void keysThatCouldEscapeTheStoreAreRefused() {
        for (String bad : List.of("../x", "/etc/passwd", "a/../../b", "a//b", ".hidden", "a/./b", "")) {
            assertThatThrownBy(() -> store.put(bad, bytes("x"))).as(bad).isInstanceOf(IllegalArgumentException.class);
        }
        assertThat(store.list(null, 10)).isEmpty();
    }

    @Test
    void aUsableStorePassesItsCheck() {
        store.check();
        assertThat(store.name()).isNotBlank();
    }

    static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
