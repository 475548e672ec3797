package dev.tide.core.store.contract;

import dev.tide.core.store.Store;
import java.time.Instant;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/**
 * The base of the store contracts: each test gets a fresh store straight from its backend, with no engine in front,
 * so a contract holds the store itself to its promises (River's driver tests are the model). One subclass per concern,
 * which reaches the store only through the role interfaces it names (those it tests, and those it sets up with); each
 * backend's suite runs them all.
 */
public abstract class StoreContract {
    protected static final Instant T0 = Instant.parse("2030-01-07T09:00:00Z");

    protected Store store;
    private StoreFactory.OpenStore opened;

    protected abstract StoreFactory stores();

    @BeforeEach
    void openStore() {
        opened = stores().open();
        store = opened.store();
    }

    @AfterEach
    void closeStore() {
        if (opened != null) {
            opened.close();
        }
    }
}
