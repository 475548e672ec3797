package dev.tide.cli;

import dev.tide.api.InvalidRequestException;
import dev.tide.core.Tide;
import dev.tide.core.simulate.ScratchFolder;
import dev.tide.core.simulate.Simulation;
import dev.tide.core.simulate.SimulationChart;
import dev.tide.core.simulate.SimulationCsv;
import dev.tide.core.simulate.SimulationResult;
import dev.tide.core.simulate.SimulationSpec;
import dev.tide.core.simulate.SpecReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.format.TextStyle;
import java.util.Locale;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code tide simulate}: runs profiles, a load curve and a workload over simulated days on a real engine with a virtual
 * clock, and writes {@code simulate.csv} and {@code simulate.svg} (docs/simulate.md).
 */
@Command(
        name = "simulate",
        description = "Run profiles, a load curve and a workload over a simulated week on a virtual clock; write"
                + " simulate.csv and simulate.svg (allowed vs actual throughput per hour).")
final class SimulateCommand implements Runnable {
    @Option(names = "--input", required = true, paramLabel = "FILE", description = "The simulation (JSON).")
    Path input;

    @Option(names = "--out", required = true, paramLabel = "DIR", description = "Where to write the CSV and the chart.")
    Path out;

    @Option(names = "--days", paramLabel = "N", description = "Days to simulate (default: the file's, else 7).")
    Integer days;

    @Option(names = "--seed", paramLabel = "N", defaultValue = "1", description = "Seed of the load curve's noise.")
    long seed;

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        SimulationSpec simulation = SpecReader.read(input);
        if (days != null) {
            simulation = withDays(simulation, days);
        }
        if (Files.exists(out) && !Files.isDirectory(out)) {
            throw new InvalidRequestException("out", out + " is not a folder");
        }
        SimulationResult result;
        try (ScratchFolder data = ScratchFolder.create()) {
            result = Simulation.run(
                    simulation, Tide.builder().sqlite(data.path()).purpose("tide simulate"), seed);
        }
        Path csv = out.resolve("simulate.csv");
        Path svg = out.resolve("simulate.svg");
        try {
            Files.createDirectories(out);
            Files.writeString(csv, SimulationCsv.of(result));
            Files.writeString(svg, SimulationChart.of(result));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write to " + out + ": " + e.getMessage(), e);
        }
        summarize(result, spec.commandLine().getOut());
        spec.commandLine().getOut().printf("wrote %s and %s%n", csv, svg);
    }

    private static void summarize(SimulationResult result, PrintWriter out) {
        SimulationSpec s = result.spec();
        out.printf(
                Locale.ROOT,
                "simulated %d days from %s (%s) in %.1f s: %d tasks arrived%n",
                s.days(),
                s.start(),
                s.zone(),
                result.elapsed().toMillis() / 1000.0,
                result.enqueued());
        Table table = result.hasLoad()
                ? new Table(
                        "day",
                        "allowed",
                        "used",
                        "completed",
                        "mean " + s.load().signal())
                : new Table("day", "allowed", "used", "completed");
        for (SimulationResult.Day day : result.days()) {
            String name = day.date().getDayOfWeek().getDisplayName(TextStyle.SHORT, Locale.ENGLISH) + " " + day.date();
            String allowed = day.allowed() == null ? "no limit" : day.allowed().toString();
            if (result.hasLoad()) {
                table.row(
                        name, allowed, day.used(), day.completed(), String.format(Locale.ROOT, "%.1f", day.meanLoad()));
            } else {
                table.row(name, allowed, day.used(), day.completed());
            }
        }
        table.print(out);
        if (result.hasLoad()) {
            out.printf(
                    Locale.ROOT,
                    "correlation of %s with completions per hour: %.3f (over %d hours with work waiting throughout)%n",
                    s.load().signal(),
                    result.loadCorrelation(),
                    result.busyHours().size());
        }
        out.printf(
                "deadlines: %d met, %d missed, %d not yet due%n",
                result.deadlines().met(),
                result.deadlines().missed(),
                result.deadlines().open());
    }

    /** {@code --days}, checked as the file's {@code days} is. */
    private static SimulationSpec withDays(SimulationSpec simulation, int value) {
        try {
            return simulation.withDays(value);
        } catch (InvalidRequestException e) {
            throw new InvalidRequestException(
                    "--days", e.getMessage().substring(e.field().length() + 2));
        }
    }
}
