package dev.tide.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.AccessTarget.CodeUnitAccessTarget;
import com.tngtech.archunit.core.domain.JavaAccess;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;

/**
 * The direction of Tide's dependencies (issue 17, point 4): api <- core (store <- engine <- capabilities <- facade) <-
 * client/server <- cli, with no package cycles, and the store reached only from inside core.
 *
 * <p>The rules take the root package as a parameter so that the same rules run on Tide ({@code dev.tide}) and on a
 * small tree of deliberately bad classes under {@code dev.tide.architecture.fixture}, which proves that each can fail.
 * Each module that sees more of Tide runs {@link ArchitectureContract} on what it sees: tide-core (api and core),
 * tide-cli (all but the benchmarks and examples), tide-bench and tide-examples.
 */
public final class ArchitectureRules {
    private final String root;

    private ArchitectureRules(String root) {
        this.root = root;
    }

    public static ArchitectureRules of(String root) {
        return new ArchitectureRules(root);
    }

    /**
     * Tide's main classes on the class path: no test classes, neither a module's own nor those of the test-jars (which
     * hold the bad fixture).
     */
    public static JavaClasses mainClasses() {
        return new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .withImportOption(location -> !location.contains("-tests.jar"))
                .importPackages("dev.tide");
    }

    /** No cycle between packages: one package and its sub-packages are not one slice, each package is its own. */
    public ArchRule noPackageCycles() {
        return slices().matching(root + ".(**)")
                .should()
                .beFreeOfCycles()
                .because("dependencies between Tide's packages go one way (docs/architecture.md)");
    }

    /** The modules and core's layers, each using only those below it. */
    public ArchRule layers() {
        return layeredArchitecture()
                .consideringOnlyDependenciesInLayers()
                // a module sees only some of Tide (tide-core neither the server nor the command line)
                .withOptionalLayers(true)
                .layer("api")
                .definedBy(root + ".api..")
                // small parts that the store and everything above it share: settings, dispatch order, time, blobs
                .layer("core base")
                .definedBy(
                        root + ".core.settings..",
                        root + ".core.dispatch..",
                        root + ".core.time..",
                        root + ".core.blob..")
                .layer("store")
                .definedBy(root + ".core.store..")
                .layer("engine")
                .definedBy(root + ".core.engine..")
                .layer("capabilities")
                .definedBy(root + ".core.auth..", root + ".core.processor..", root + ".core.cycle..")
                .layer("facade")
                .definedBy(root + ".core")
                .layer("client")
                .definedBy(root + ".client..")
                .layer("server")
                .definedBy(root + ".server..")
                // the settings of tide.yaml, TIDE_ variables and flags: on the facade, for the command line
                .layer("config")
                .definedBy(root + ".config..")
                .layer("cli")
                .definedBy(root + ".cli..")
                // built on the facade: the simulation (which the command line and the dashboard run), and the
                // benchmarks (which serve the dashboard to measure it), examples and the campus application
                .layer("simulation")
                .definedBy(root + ".core.simulate..")
                .layer("programs")
                .definedBy(root + ".bench..", root + ".examples..", root + ".campus..")
                .whereLayer("programs")
                .mayNotBeAccessedByAnyLayer()
                .whereLayer("simulation")
                .mayOnlyBeAccessedByLayers("server", "cli", "programs")
                .whereLayer("cli")
                .mayNotBeAccessedByAnyLayer()
                .whereLayer("config")
                .mayOnlyBeAccessedByLayers("cli", "programs")
                .whereLayer("server")
                .mayOnlyBeAccessedByLayers("cli", "programs")
                .whereLayer("client")
                .mayOnlyBeAccessedByLayers("server", "cli")
                .whereLayer("facade")
                .mayOnlyBeAccessedByLayers("config", "server", "cli", "simulation", "programs")
                .whereLayer("capabilities")
                .mayOnlyBeAccessedByLayers("facade", "server", "cli", "simulation", "programs")
                .whereLayer("engine")
                .mayOnlyBeAccessedByLayers(
                        "capabilities", "facade", "config", "server", "cli", "simulation", "programs")
                .whereLayer("store")
                .mayOnlyBeAccessedByLayers(
                        "engine", "capabilities", "facade", "config", "server", "cli", "simulation", "programs")
                .whereLayer("core base")
                .mayOnlyBeAccessedByLayers(
                        "store",
                        "engine",
                        "capabilities",
                        "facade",
                        "config",
                        "server",
                        "cli",
                        "simulation",
                        "programs");
    }

    /** The store knows nothing of what uses it: not the engine, the capabilities, the facade, nor anything outside core. */
    public ArchRule storeBelowEngine() {
        return noClasses()
                .that()
                .resideInAPackage(root + ".core.store..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(
                        root + ".core",
                        root + ".core.engine..",
                        root + ".core.auth..",
                        root + ".core.processor..",
                        root + ".core.cycle..",
                        root + ".core.simulate..",
                        root + ".client..",
                        root + ".server..",
                        root + ".cli..",
                        root + ".bench..",
                        root + ".examples..")
                .because("the store is the bottom of core: the engine uses it, never the other way");
    }

    /**
     * Outside core nothing is handed the store: no call of {@code Tide.store()} or of any other method that returns a
     * store, so a change of the store's interfaces stays inside core.
     */
    public ArchRule storeOnlyInCore() {
        String store = root + ".core.store.Store";
        return noClasses()
                .that()
                .resideOutsideOfPackage(root + ".core..")
                .should()
                .accessTargetWhere(DescribedPredicate.describe(
                        "a method that returns a " + store,
                        (JavaAccess<?> access) -> access.getTarget() instanceof CodeUnitAccessTarget target
                                && target.getRawReturnType().isAssignableTo(store)))
                .because("outside core, the store's reads go through Tide.storeReadings() or the public API");
    }
}
