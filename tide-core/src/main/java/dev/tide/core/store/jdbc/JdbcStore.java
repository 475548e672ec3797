package dev.tide.core.store.jdbc;

import static java.nio.charset.StandardCharsets.UTF_8;

import dev.tide.core.store.AccountStore;
import dev.tide.core.store.BulkStore;
import dev.tide.core.store.Catalog;
import dev.tide.core.store.DeadlineStore;
import dev.tide.core.store.Housekeeping;
import dev.tide.core.store.IntakeStore;
import dev.tide.core.store.JobEndHook;
import dev.tide.core.store.NodeStore;
import dev.tide.core.store.ProcessorStore;
import dev.tide.core.store.ProfileStore;
import dev.tide.core.store.Reporting;
import dev.tide.core.store.ScheduleStore;
import dev.tide.core.store.Store;
import dev.tide.core.store.TaskBlobs;
import dev.tide.core.store.TaskClaims;
import dev.tide.core.store.TaskInserts;
import dev.tide.core.store.TaskReads;
import dev.tide.core.store.TaskSettlements;
import java.util.function.DoubleSupplier;

/**
 * The roles both dialects share, assembled over one {@link Database}: each role's implementation gets the database and
 * the transaction scripts it runs ({@link TaskInsertion}, {@link TaskClaiming}, {@link TaskSettlement}), and nothing
 * else. A dialect's store supplies the database, how its claims answer tasks, its coordination between nodes, and what
 * it is.
 */
public abstract class JdbcStore implements Store {
    protected final Database db;
    private final TaskInserts inserts;
    private final TaskClaims claims;
    private final TaskSettlements settlements;
    private final TaskReads reads;
    private final Housekeeping housekeeping;
    private final TaskBlobs blobs;
    private final Catalog catalog;
    private final ProfileStore profiles;
    private final ScheduleStore schedules;
    private final ProcessorStore processors;
    private final NodeStore nodes;
    private final AccountStore accounts;
    private final DeadlineStore deadlines;
    private final Reporting reporting;
    private final IntakeStore intake;
    private final BulkStore bulk;

    /** @param activeConnections the database's active connections now (a load signal), NaN where it cannot tell */
    protected JdbcStore(Database db, JobEndHook jobEndHook, ClaimAnswer claimAnswer, DoubleSupplier activeConnections) {
        this.db = db;
        LiveProfiles liveProfiles = new LiveProfiles();
        AdmissionLimits admission = new AdmissionLimits();
        TaskInsertion insertion = new TaskInsertion(db, admission, jobEndHook);
        TaskClaiming claiming = new TaskClaiming(db, liveProfiles, claimAnswer);
        TaskSettlement settlement = new TaskSettlement(db, liveProfiles, insertion);
        this.inserts = new JdbcTaskInserts(db, insertion, claiming);
        this.claims = new JdbcTaskClaims(db, claiming, claimAnswer);
        JdbcTaskSettlements taskSettlements = new JdbcTaskSettlements(db, settlement, insertion.jobs());
        this.settlements = taskSettlements;
        this.bulk = new JdbcBulkActions(db, taskSettlements);
        this.reads = new JdbcTaskReads(db);
        this.housekeeping = new JdbcHousekeeping(db, insertion.jobs());
        this.blobs = new JdbcTaskBlobs(db);
        this.catalog = new JdbcCatalog(db);
        this.profiles = new JdbcProfiles(db, liveProfiles, activeConnections);
        this.schedules = new JdbcSchedules(db, insertion);
        this.processors = new JdbcProcessors(db);
        this.nodes = new JdbcNodes(db);
        this.accounts = new JdbcAccounts(db, admission);
        this.deadlines = new JdbcDeadlines(db, insertion);
        this.reporting = new JdbcReporting(db, insertion);
        this.intake = new JdbcIntake(db);
    }

    /**
     * Runs {@code work} in one transaction of the store's own (PostgreSQL: a pooled connection; SQLite: the writer,
     * under a savepoint of its own, so a failing work takes back only itself), once, never run again on a deadlock.
     */
    public <T> T ownTransaction(SqlWork<T> work) {
        return db.writeOnce(work);
    }

    @Override
    public int schemaMigrate() {
        return db.write(tx -> new Migrator(db.dialect()).migrate(tx, System.currentTimeMillis()));
    }

    @Override
    public void createListIndexes() {
        db.write(tx -> {
            tx.scopeSearchPathToSchema();
            for (String file : new String[] {
                "/dev/tide/core/store/list-indexes.sql",
                "/dev/tide/core/store/" + db.dialect().name() + "/list-indexes.sql"
            }) {
                try (var in = JdbcStore.class.getResourceAsStream(file)) {
                    if (in == null) {
                        continue; // a dialect without list indexes of its own
                    }
                    for (String statement : Migrator.statements(new String(in.readAllBytes(), UTF_8))) {
                        try (java.sql.Statement st = tx.connection().createStatement()) {
                            st.execute(statement);
                        }
                    }
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }
            return null;
        });
    }

    @Override
    public int schemaVersion() {
        return db.read(Migrator::version);
    }

    @Override
    public TaskInserts inserts() {
        return inserts;
    }

    @Override
    public TaskClaims claims() {
        return claims;
    }

    @Override
    public TaskSettlements settlements() {
        return settlements;
    }

    @Override
    public TaskReads reads() {
        return reads;
    }

    @Override
    public Housekeeping housekeeping() {
        return housekeeping;
    }

    @Override
    public TaskBlobs blobs() {
        return blobs;
    }

    @Override
    public Catalog catalog() {
        return catalog;
    }

    @Override
    public ProfileStore profiles() {
        return profiles;
    }

    @Override
    public ScheduleStore schedules() {
        return schedules;
    }

    @Override
    public ProcessorStore processors() {
        return processors;
    }

    @Override
    public NodeStore nodes() {
        return nodes;
    }

    @Override
    public AccountStore accounts() {
        return accounts;
    }

    @Override
    public DeadlineStore deadlines() {
        return deadlines;
    }

    @Override
    public Reporting reporting() {
        return reporting;
    }

    @Override
    public IntakeStore intake() {
        return intake;
    }

    @Override
    public BulkStore bulk() {
        return bulk;
    }
}
