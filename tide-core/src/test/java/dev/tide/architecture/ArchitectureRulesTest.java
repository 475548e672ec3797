package dev.tide.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.EvaluationResult;
import org.junit.jupiter.api.Test;

/** Each architecture rule fails on the bad fixture, naming the breach. */
class ArchitectureRulesTest {
    private static final String FIXTURE = "dev.tide.architecture.fixture";
    private static final ArchitectureRules RULES = ArchitectureRules.of(FIXTURE);
    private static final JavaClasses BAD = new ClassFileImporter().importPackages(FIXTURE);

    @Test
    void aPackageCycleFails() {
        assertThat(report(RULES.noPackageCycles()))
                .contains("Cycle detected")
                .contains("core.store")
                .contains("core.engine");
    }

    @Test
    void aLayerUsingOneAboveItFails() {
        assertThat(report(RULES.layers()))
                .contains(FIXTURE + ".api.Api")
                .contains(FIXTURE + ".client.Remote")
                .contains(FIXTURE + ".core.store.Rows");
    }

    @Test
    void theStoreUsingTheEngineFails() {
        assertThat(report(RULES.storeBelowEngine()))
                .contains(FIXTURE + ".core.store.Rows")
                .doesNotContain(FIXTURE + ".core.engine.Engine.count");
    }

    @Test
    void aCallOfStoreOutsideCoreFails() {
        assertThat(report(RULES.storeOnlyInCore()))
                .contains(FIXTURE + ".server.Probe.depth")
                .contains(FIXTURE + ".core.Tide.store()")
                // inside core the store may be reached
                .doesNotContain(FIXTURE + ".core.Status");
    }

    private static String report(ArchRule rule) {
        EvaluationResult result = rule.evaluate(BAD);
        assertThat(result.hasViolation()).as(rule.getDescription()).isTrue();
        return String.join("\n", result.getFailureReport().getDetails());
    }
}
