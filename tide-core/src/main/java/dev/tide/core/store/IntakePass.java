package dev.tide.core.store;

import dev.tide.api.IntakeFile;
import java.time.Instant;
import java.util.List;

/**
 * What one node's pass through its inbox folder did: the files it took or refused, added to the counts and the record
 * every node shares.
 *
 * @param scannedAt when the pass looked through the folder
 * @param files each file moved aside, as stored or rejected, in the order handled
 */
public record IntakePass(Instant scannedAt, List<IntakeFileRow> files) {
    public IntakePass {
        files = List.copyOf(files);
    }

    /** Files moved aside as stored. */
    public long stored() {
        return count(IntakeFile.Outcome.STORED);
    }

    /** Files moved to a {@code .rejected} folder. */
    public long rejected() {
        return count(IntakeFile.Outcome.REJECTED);
    }

    private long count(IntakeFile.Outcome outcome) {
        return files.stream().filter(f -> f.outcome() == outcome).count();
    }
}
