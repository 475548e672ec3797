package dev.tide.core.store.contract;

import dev.tide.core.store.Store;

/** Opens a fresh, migrated, empty store for each store contract test. */
@FunctionalInterface
public interface StoreFactory {
    OpenStore open();

    /** A store and what its fixture made for it (a folder, a schema's contents), released when it closes. */
    record OpenStore(Store store, Runnable release) implements AutoCloseable {
        @Override
        public void close() {
            try {
                store.close();
            } finally {
                release.run();
            }
        }
    }
}
