package dev.tide.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClasses;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The architecture rules on the main classes a module sees. A module's test names one class of its own, so that an
 * import that found nothing of it fails instead of passing on too little.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class ArchitectureContract {
    private static final ArchitectureRules RULES = ArchitectureRules.of("dev.tide");

    private JavaClasses classes;

    /** A main class of the module that runs the test, e.g. {@code dev.tide.cli.Main}. */
    protected abstract String ownClass();

    @BeforeAll
    void importClasses() {
        classes = ArchitectureRules.mainClasses();
        assertThat(classes.contain(ownClass())).as("imported " + ownClass()).isTrue();
        assertThat(classes.contain("dev.tide.core.Tide"))
                .as("imported tide-core")
                .isTrue();
    }

    @Test
    void noPackageCycles() {
        RULES.noPackageCycles().check(classes);
    }

    @Test
    void eachLayerUsesOnlyThoseBelowIt() {
        RULES.layers().check(classes);
    }

    @Test
    void theStoreDependsOnNothingAboveIt() {
        RULES.storeBelowEngine().check(classes);
    }

    @Test
    void nothingOutsideCoreReachesTheStore() {
        RULES.storeOnlyInCore().check(classes);
    }
}
