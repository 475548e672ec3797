package dev.tide.core.store;

/**
 * Tide's storage: one implementation per database, made of role interfaces that each engine class takes only the ones
 * it uses. Methods are named noun first and take parameter records; every method is one transaction. A store never
 * decides policy (defaults, backoff, which attempt is the last): the engine resolves that into the parameters.
 */
public interface Store
        extends TaskInserts,
                TaskClaims,
                TaskSettlements,
                TaskReads,
                Housekeeping,
                TaskBlobs,
                Catalog,
                ProfileStore,
                ScheduleStore,
                ProcessorStore,
                AccountStore,
                DeadlineStore,
                Reporting,
                IntakeStore,
                Coordination,
                AutoCloseable {

    /** What this store can do and what it is. */
    StoreInfo info();

    /** Applies pending migrations; returns the schema version afterwards. */
    int schemaMigrate();

    /** The schema version now in the database (0 for an empty one). */
    int schemaVersion();

    @Override
    void close();
}
