package dev.tide.core;

import dev.tide.api.Intake;
import dev.tide.api.IntakeStatus;
import dev.tide.api.TideEvent;
import dev.tide.core.engine.AdminLog;
import dev.tide.core.store.IntakeStore;
import java.time.InstantSource;

/** {@link Intake} in this process: the switch and the counts live in the database, where every node reads them. */
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
    public IntakeStatus switchTo(boolean enabled) {
        IntakeStatus status = store.intakeSwitch(enabled, clock.instant());
        admin.record(enabled ? TideEvent.INTAKE_ENABLED : TideEvent.INTAKE_DISABLED, null);
        return status;
    }
}
