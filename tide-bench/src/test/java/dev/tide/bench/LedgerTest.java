package dev.tide.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class LedgerTest {
    @Test
    void countsEachTaskOnceAndEveryRerunAsADuplicate() throws InterruptedException {
        Ledger ledger = new Ledger(3);
        ledger.record(0);
        ledger.record(2);
        ledger.record(2);
        assertThat(ledger.executed()).isEqualTo(2);
        assertThat(ledger.duplicates()).isEqualTo(1);
        assertThat(ledger.awaitAll(Duration.ofMillis(10))).isFalse();
        ledger.record(1);
        ledger.record(0);
        assertThat(ledger.awaitAll(Duration.ofMillis(10))).isTrue();
        assertThat(ledger.executed()).isEqualTo(3);
        assertThat(ledger.duplicates()).isEqualTo(2);
    }
}
