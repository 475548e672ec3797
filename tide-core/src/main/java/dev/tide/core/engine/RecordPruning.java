package dev.tide.core.engine;

import dev.tide.core.settings.StatsSettings;
import dev.tide.core.store.Housekeeping;
import java.time.Instant;
import java.util.function.BiFunction;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A maintenance chore: deletes the events and the hourly statistics their retention lets go, and the folder intake's
 * records of files with the events (they are a log of the same kind), in bounded batches so no transaction runs long;
 * what is left over goes at the next pass.
 */
public final class RecordPruning {
    private static final Logger log = LoggerFactory.getLogger(RecordPruning.class);
    static final int BATCH = 1000;
    static final int MAX_BATCHES_PER_PASS = 50;

    private final Housekeeping store;
    private final StatsSettings settings;

    public RecordPruning(Housekeeping store, StatsSettings settings) {
        this.store = store;
        this.settings = settings;
    }

    public void run(Instant now) {
        if (settings.eventRetention() != null) {
            Instant cutoff = now.minus(settings.eventRetention());
            int n = inBatches(cutoff, store::eventPrune);
            if (n > 0) {
                log.debug("pruned {} events", n);
            }
            int files = inBatches(cutoff, store::intakeFilePrune);
            if (files > 0) {
                log.debug("pruned {} records of intake files", files);
            }
        }
        if (settings.statsRetention() != null) {
            int n = inBatches(now.minus(settings.statsRetention()), store::statsPrune);
            if (n > 0) {
                log.debug("pruned {} rows of hourly statistics", n);
            }
        }
    }

    private static int inBatches(Instant cutoff, BiFunction<Instant, Integer, Integer> prune) {
        int total = 0;
        for (int i = 0; i < MAX_BATCHES_PER_PASS; i++) {
            int n = prune.apply(cutoff, BATCH);
            total += n;
            if (n < BATCH) {
                break;
            }
        }
        return total;
    }
}
