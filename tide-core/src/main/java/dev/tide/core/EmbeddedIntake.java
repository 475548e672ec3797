package dev.tide.core;

import dev.tide.api.Intake;
import dev.tide.api.IntakeFile;
import dev.tide.api.IntakeFileQuery;
import dev.tide.api.IntakeStatus;
import dev.tide.api.Page;
import dev.tide.api.TideEvent;
import dev.tide.core.engine.AdminLog;
import dev.tide.core.store.IntakeStore;
import java.time.InstantSource;

/**
 * {@link Intake} in this process: the switch, the counts and the record of files live in the database, where every node
 * reads them.
 */
final class EmbeddedIntake implements Intake {
    private final IntakeStore store;
    private final InstantSource clock;
    private final AdminLog admin;

    EmbeddedIntake(IntakeStore store, InstantSource clock, AdminLog admin) {
        this.store = store;
        this.clock = clock;
        this.admin = admin;
    }

    @Override
    public IntakeStatus status() {
        return store.intakeGet();
    }

    @Override
    public Page<IntakeFile> files(IntakeFileQuery query) {
        return store.intakeFiles(query == null ? IntakeFileQuery.recent() : query);
    }

    @Override
    public IntakeStatus switchTo(boolean enabled) {
        IntakeStatus status = store.intakeSwitch(enabled, clock.instant());
        admin.record(enabled ? TideEvent.INTAKE_ENABLED : TideEvent.INTAKE_DISABLED, null);
        return status;
    }
}
