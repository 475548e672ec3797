package dev.tide.core.store.contract;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.core.store.Coordination;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What every store promises about coordination with other nodes: a node that leads keeps leading until it lets go,
 * and may lead again after. What only a multi-node store adds (one leader among several, notices reaching other
 * nodes) its suite tests beside this.
 */
public abstract class StoreCoordinationContract extends StoreContract {
    private Coordination coordination;

    /** The roles this contract holds the store to, and those its tests set up with. */
    @BeforeEach
    void roles() {
        coordination = store;
    }

    @Test
    void aLeaderStaysLeaderUntilItReleases() {
        assertThat(coordination.leaderTryAcquire()).isTrue();
        assertThat(coordination.leaderTryAcquire()).as("asking again keeps it").isTrue();

        coordination.leaderRelease();
        coordination.leaderRelease();

        assertThat(coordination.leaderTryAcquire())
                .as("free again after a release")
                .isTrue();
    }
}
