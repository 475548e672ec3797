package dev.tide.server.dashboard;

import dev.tide.api.ConflictException;
import dev.tide.api.InvalidRequestException;
import dev.tide.core.Tide;
import dev.tide.core.simulate.ScratchFolder;
import dev.tide.core.simulate.Simulation;
import dev.tide.core.simulate.SimulationChart;
import dev.tide.core.simulate.SimulationResult;
import dev.tide.core.simulate.SimulationSpec;
import dev.tide.core.simulate.SpecReader;
import io.javalin.http.UploadedFile;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.concurrent.Semaphore;

/**
 * The simulation, for administrators: a simulation (typed, edited or uploaded) run on the server as {@code tide
 * simulate} runs it, on a scratch store of its own (never the server's data) and a virtual clock, then its chart of
 * allowed against actual throughput and its table by day. One runs at a time, over at most {@link #MAX_DAYS} days.
 */
final class SimulationPage {
    static final int MAX_DAYS = 14;
    static final int MAX_INPUT_BYTES = 256 * 1024;
    private static final String EXAMPLE = "/dev/tide/server/dashboard/simulation-example.json";

    private final Semaphore oneAtATime = new Semaphore(1);
    private final String example = example();

    void addTo(PageRoutes pages) {
        pages.get("/simulation", page -> {
            page.view().requireAdmin("run simulations");
            page.render("simulation.jte", "input", example, "result", null, "chart", null, "seed", 1L);
        });
        pages.post("/simulation", this::run);
    }

    private void run(PageContext page) {
        page.view().requireAdmin("run simulations");
        String input = input(page);
        long seed = seed(page.form("seed"));
        SimulationSpec spec = SpecReader.read(input);
        if (spec.days() > MAX_DAYS) {
            throw new InvalidRequestException(
                    "days",
                    spec.days() + " days: the dashboard simulates at most " + MAX_DAYS + " (tide simulate more)");
        }
        if (!oneAtATime.tryAcquire()) {
            throw new ConflictException("another simulation is running: try again when it ends");
        }
        SimulationResult result;
        try (ScratchFolder data = ScratchFolder.create()) {
            result = Simulation.run(spec, Tide.builder().sqlite(data.path()).purpose("dashboard simulation"), seed);
        } finally {
            oneAtATime.release();
        }
        String chart = "data:image/svg+xml;base64,"
                + Base64.getEncoder().encodeToString(SimulationChart.of(result).getBytes(StandardCharsets.UTF_8));
        page.render("simulation.jte", "input", input, "result", result, "chart", chart, "seed", seed);
    }

    /** The uploaded file when one was chosen, else the text typed. */
    private static String input(PageContext page) {
        UploadedFile file = page.ctx().uploadedFile("file");
        if (file != null && file.size() > 0) {
            if (file.size() > MAX_INPUT_BYTES) {
                throw new InvalidRequestException("file", "is larger than " + MAX_INPUT_BYTES + " bytes");
            }
            try (InputStream in = file.content()) {
                return new String(in.readAllBytes(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        String text = page.ctx().formParam("simulation");
        if (text == null || text.isBlank()) {
            throw new InvalidRequestException("simulation", "type a simulation or upload one");
        }
        if (text.length() > MAX_INPUT_BYTES) {
            throw new InvalidRequestException("simulation", "is longer than " + MAX_INPUT_BYTES + " characters");
        }
        return text;
    }

    private static long seed(String text) {
        if (text == null) {
            return 1;
        }
        try {
            return Long.parseLong(text);
        } catch (NumberFormatException e) {
            throw new InvalidRequestException("seed", "'" + text + "' is not a whole number");
        }
    }

    private static String example() {
        try (InputStream in = SimulationPage.class.getResourceAsStream(EXAMPLE)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
