package dev.tide.bench;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tide.api.json.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * The campus phase's chart (docs/campus-direct-vs-queued.svg), one row per store: the times by file size (the thesis's
 * figure 7), the heap (its figure 8), and the queued-over-direct ratios beside the thesis's own.
 */
final class CampusChart {
    private static final String DIRECT = "#c0392b";
    private static final String QUEUED = "#2471a3";
    private static final String QUEUED_REQUEST = "#7fb3d5";
    private static final int HEADER = 30;

    private CampusChart() {}

    /**
     * Redraws the chart from a result file the bench wrote: {@code <bench.json> <chart.svg>}, e.g. to draw
     * docs/campus-direct-vs-queued.svg from bench-results/bench.json.
     */
    public static void main(String[] args) throws IOException {
        JsonNode campus = Json.mapper().readTree(Path.of(args[0]).toFile()).path("campus");
        List<CampusResult> results = new ArrayList<>();
        for (JsonNode result : campus) {
            results.add(Json.mapper().treeToValue(result, CampusResult.class));
        }
        if (results.isEmpty()) {
            throw new IllegalArgumentException(args[0] + " holds no campus phase");
        }
        write(results, Path.of(args[1]));
    }

    static void write(List<CampusResult> results, Path file) throws IOException {
        Path parent = file.toAbsolutePath().getParent();
        Files.createDirectories(parent);
        Files.writeString(file, svg(results));
    }

    static String svg(List<CampusResult> results) {
        int width = 3 * SvgPlot.WIDTH;
        int height = HEADER + results.size() * SvgPlot.HEIGHT;
        StringBuilder svg = new StringBuilder();
        svg.append(String.format(
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\""
                        + " font-family=\"sans-serif\">%n",
                width, height, width, height));
        svg.append(String.format("<rect width=\"%d\" height=\"%d\" fill=\"white\"/>%n", width, height));
        svg.append(
                "<text x=\"12\" y=\"20\" font-size=\"15\" font-weight=\"bold\">Enrollment import, direct versus"
                        + " queued (thesis tables 13 to 15): Tide's figures; on the right, the thesis's ratios dashed</text>\n");
        int y = HEADER;
        for (CampusResult r : results) {
            svg.append(SvgPlot.draw(
                    0,
                    y,
                    "Time, " + r.store(),
                    "lines in the file",
                    "seconds",
                    List.of(
                            series(
                                    "direct (request = last enrollment)",
                                    DIRECT,
                                    r,
                                    row -> row.direct().lastEnrollmentSeconds()),
                            series(
                                    "queued, until the last enrollment",
                                    QUEUED,
                                    r,
                                    row -> row.queued().lastEnrollmentSeconds()),
                            series(
                                    "queued, the request",
                                    QUEUED_REQUEST,
                                    r,
                                    row -> row.queued().requestSeconds()))));
            svg.append(SvgPlot.draw(
                    SvgPlot.WIDTH,
                    y,
                    "Heap, " + r.store() + ", -Xmx" + r.heapMb() + "m",
                    "lines in the file",
                    "MB",
                    heapSeries(r)));
            svg.append(SvgPlot.draw(
                    2 * SvgPlot.WIDTH,
                    y,
                    "Queued / direct, " + r.store(),
                    "lines in the file",
                    "percent",
                    List.of(
                            series("time to the last enrollment", QUEUED, r, row -> 100 * row.lastEnrollmentRatio()),
                            series("time of the request", QUEUED_REQUEST, r, row -> 100 * row.requestRatio()),
                            series("peak heap", DIRECT, r, row -> 100 * row.peakHeapRatio()),
                            thesis("thesis: time (table 13)", QUEUED, ThesisTables.Row::timeRatio),
                            thesis("thesis: memory (table 15)", DIRECT, ThesisTables.Row::memoryRatio))));
            y += SvgPlot.HEIGHT;
        }
        return svg.append("</svg>\n").toString();
    }

    private static List<SvgPlot.Series> heapSeries(CampusResult r) {
        List<SvgPlot.Series> series = new ArrayList<>(List.of(
                series("direct, peak", DIRECT, r, row -> row.direct().heap().peakMb()),
                series("queued, peak", QUEUED, r, row -> row.queued().heap().peakMb())));
        series.add(afterCollection("direct, after a collection", DIRECT, r, CampusResult.Row::direct));
        series.add(afterCollection("queued, after a collection", QUEUED, r, CampusResult.Row::queued));
        return series;
    }

    private static SvgPlot.Series series(
            String name, String color, CampusResult r, Function<CampusResult.Row, Double> value) {
        List<double[]> points = new ArrayList<>();
        for (CampusResult.Row row : r.rows()) {
            points.add(new double[] {row.lines(), value.apply(row)});
        }
        return new SvgPlot.Series(name, color, false, points);
    }

    /** Heap in use after collections, dashed; sizes where no collection ran are left out. */
    private static SvgPlot.Series afterCollection(
            String name, String color, CampusResult r, Function<CampusResult.Row, CampusImportRun.Result> way) {
        List<double[]> points = new ArrayList<>();
        for (CampusResult.Row row : r.rows()) {
            Double mb = way.apply(row).heap().afterCollectionMb();
            if (mb != null) {
                points.add(new double[] {row.lines(), mb});
            }
        }
        return new SvgPlot.Series(name, color, true, points);
    }

    private static SvgPlot.Series thesis(String name, String color, Function<ThesisTables.Row, Double> ratio) {
        List<double[]> points = new ArrayList<>();
        for (ThesisTables.Row row : ThesisTables.ROWS) {
            points.add(new double[] {row.lines(), 100 * ratio.apply(row)});
        }
        return new SvgPlot.Series(name, color, true, points);
    }
}
