package dev.tide.core.store;

/**
 * Tide's storage over one database: the roles it plays, each an interface that an engine class takes only if it uses
 * it, plus the schema and the connections' end. Role methods are named noun first and take parameter records; every
 * method is one transaction. A store never decides policy (defaults, backoff, which attempt is the last): the engine
 * resolves that into the parameters.
 */
public interface Store extends AutoCloseable {

    /** What this store can do and what it is. */
    StoreInfo info();

    /** Applies pending migrations; returns the schema version afterwards. */
    int schemaMigrate();

    /** Creates the task list's indexes where missing ({@code TideBuilder.listIndexes}). */
    void createListIndexes();

    /** The schema version now in the database (0 for an empty one). */
    int schemaVersion();

    TaskInserts inserts();

    TaskClaims claims();

    TaskSettlements settlements();

    TaskReads reads();

    Housekeeping housekeeping();

    TaskBlobs blobs();

    Catalog catalog();

    ProfileStore profiles();

    ScheduleStore schedules();

    ProcessorStore processors();

    NodeStore nodes();

    AccountStore accounts();

    DeadlineStore deadlines();

    Reporting reporting();

    IntakeStore intake();

    Coordination coordination();

    BulkStore bulk();

    @Override
    void close();
}
