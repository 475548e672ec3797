package dev.tide.core.contract;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.api.EventQuery;
import dev.tide.api.Intake;
import dev.tide.api.IntakeStatus;
import dev.tide.api.TideEvent;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@link Intake}, embedded and over HTTP alike: the switch every node follows and the event log's record of it. What
 * the passes do with files is the folder intake's own contract, in tide-server.
 */
public abstract class IntakeContract extends ManualQueueContract {
    private Intake intake;

    @BeforeEach
    void openIntake() {
        intake = queue.intake();
    }

    @Test
    void intakeIsOnWithNothingCountedUntilSwitched() {
        assertThat(intake.status()).isEqualTo(new IntakeStatus(true, 0, 0, null));
    }

    @Test
    void theSwitchIsKeptAndEachChangeIsAnEvent() {
        assertThat(intake.switchTo(false).enabled()).isFalse();
        assertThat(intake.status().enabled()).isFalse();

        assertThat(intake.switchTo(true).enabled()).isTrue();
        assertThat(intake.status().enabled()).isTrue();
        assertThat(queue.monitoring().events(EventQuery.recent()))
                .extracting(TideEvent::kind)
                .startsWith(TideEvent.INTAKE_ENABLED, TideEvent.INTAKE_DISABLED);
    }
}
