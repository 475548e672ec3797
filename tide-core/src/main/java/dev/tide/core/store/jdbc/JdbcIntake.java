package dev.tide.core.store.jdbc;

import dev.tide.api.IntakeFile;
import dev.tide.api.IntakeFileQuery;
import dev.tide.api.IntakeStatus;
import dev.tide.api.Page;
import dev.tide.core.store.IntakePass;
import dev.tide.core.store.IntakeStore;
import java.time.Instant;

/**
 * The folder-intake switch, the counts of its passes and the record of the files they handled.
 */
public final class JdbcIntake implements IntakeStore {
    private final Database db;

    JdbcIntake(Database db) {
        this.db = db;
    }

    @Override
    public IntakeStatus intakeGet() {
        return db.read(IntakeSql::get);
    }

    @Override
    public IntakeStatus intakeSwitch(boolean enabled, Instant now) {
        return db.write(tx -> IntakeSql.switchTo(tx, enabled, now));
    }

    @Override
    public void intakeRecord(IntakePass pass) {
        db.write(tx -> {
            IntakeSql.record(tx, pass);
            return null;
        });
    }

    @Override
    public Page<IntakeFile> intakeFiles(IntakeFileQuery query) {
        return db.read(tx -> IntakeSql.files(tx, query));
    }
}
