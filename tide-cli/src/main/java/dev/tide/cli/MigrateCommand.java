package dev.tide.cli;

import dev.tide.core.Tide;
import dev.tide.core.TideBuilder;
import dev.tide.core.TideConfig;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Spec;

/** {@code tide migrate}: brings the schema to this version's (servers also do it when they start). */
@Command(name = "migrate", description = "Apply pending schema migrations to the data folder or database.")
final class MigrateCommand implements Runnable {
    @Mixin
    TargetOptions target;

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        if (target.server != null) {
            throw new IllegalArgumentException("migrate works on --data or --db, not through a server");
        }
        var running = target.runningServer();
        if (running.isPresent()) {
            spec.commandLine()
                    .getOut()
                    .printf(
                            "%s is held by the server at %s (pid %d), which migrated it when it started%n",
                            target.data, running.get().url(), running.get().pid());
            return;
        }
        TideBuilder builder = target.db != null
                ? Tide.builder().postgres(target.db)
                : Tide.builder().sqlite(target.data).purpose("tide migrate");
        try (Tide tide = builder.config(TideConfig.defaults().withMaintenanceInterval(null))
                .build()) {
            spec.commandLine()
                    .getOut()
                    .printf(
                            "schema at version %d (%s, %s)%n",
                            tide.store().schemaVersion(),
                            tide.store().info().dialect(),
                            tide.store().info().location());
        }
    }
}
