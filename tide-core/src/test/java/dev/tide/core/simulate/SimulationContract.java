package dev.tide.core.simulate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.core.TideBuilder;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The thesis's table 9 profile run over a simulated week on a real store: hour by hour, the units the store counted
 * never exceed the limit in force, and reach it in every hour that ended with work still waiting.
 */
public abstract class SimulationContract {
    static final Path EXAMPLES = Path.of("..", "docs", "examples");

    /** A builder on an empty store of this test's kind. */
    protected abstract TideBuilder storage();

    @Test
    void aWeekOfTable9MatchesTheProfileHourByHour() {
        runTable9(SpecReader.read(EXAMPLES.resolve("table9.json")));
    }

    protected void runTable9(SimulationSpec spec) {
        SimulationResult result = Simulation.run(spec, storage(), 1);

        assertThat(result.hours()).hasSize(spec.days() * 24);
        System.out.println("table 9 simulated in " + result.elapsed().toMillis() + " ms");
        for (HourRow h : result.hours()) {
            assertThat(h.allowed()).as("%s", h.start()).isNotNull();
            assertThat(h.used())
                    .as("%s: units counted within the limit", h.start())
                    .isLessThanOrEqualTo(h.allowed());
            assertThat(h.completed())
                    .as("%s: completions are the units (one each)", h.start())
                    .isEqualTo(h.used());
            if (h.waitingAtEnd() > 0) {
                assertThat(h.used())
                        .as("%s: work waited, so the limit was reached", h.start())
                        .isEqualTo(h.allowed());
            }
            long expected = switch (h.start().getDayOfWeek()) {
                case THURSDAY, FRIDAY -> 1000;
                default -> h.start().getHour() < 7 ? 1000 : 5;
            };
            assertThat(h.allowed()).as("%s: table 9's limit", h.start()).isEqualTo(expected);
        }
        assertThat(result.hours().stream().filter(h -> h.waitingAtEnd() > 0).count())
                .as("the work hours leave work waiting")
                .isGreaterThan(15L * spec.days() / 2);
        assertThat(result.deadlines().missed()).isZero();
        assertThat(result.deadlines().met() + result.deadlines().open()).isEqualTo(result.enqueued());
    }
}
