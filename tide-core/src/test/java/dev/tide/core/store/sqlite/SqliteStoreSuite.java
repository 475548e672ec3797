package dev.tide.core.store.sqlite;

import dev.tide.core.store.JobEndHook;
import dev.tide.core.store.contract.StoreContracts;
import dev.tide.core.store.contract.StoreFactory;
import dev.tide.core.testing.TempFolders;
import java.nio.file.Path;

/**
 * The store contracts ({@link StoreContracts}) on SQLite: the store opened straight on a fresh folder for each test
 * and migrated, with no engine in front.
 */
class SqliteStoreSuite extends StoreContracts {
    static final StoreFactory stores = () -> {
        Path folder = TempFolders.create("tide-store-");
        SqliteStore store = SqliteStore.open(folder, JobEndHook.NONE);
        try {
            store.schemaMigrate();
        } catch (RuntimeException e) {
            store.close();
            TempFolders.delete(folder);
            throw e;
        }
        return new StoreFactory.OpenStore(store, () -> TempFolders.delete(folder));
    };

    @Override
    protected StoreFactory storeFactory() {
        return stores;
    }
}
