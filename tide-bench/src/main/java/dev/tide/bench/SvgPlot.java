package dev.tide.bench;

import java.util.List;
import java.util.Locale;

/**
 * One line plot drawn as SVG elements: linear axes from zero to a round number above the data, five ticks each,
 * gridlines, one polyline with dots per series, and a legend. Small on purpose: the benchmark's charts need no more,
 * and a charting library would be a dependency for a few dozen lines.
 */
final class SvgPlot {
    static final int WIDTH = 420;
    static final int HEIGHT = 400;
    private static final int LEFT = 58;
    private static final int RIGHT = 14;
    private static final int TOP = 34;
    /** The x axis's numbers and label, then the legend, a line per series (room for five). */
    private static final int BOTTOM = 46 + 80;

    private static final int LEGEND_LINE = 15;
    private static final int TICKS = 5;

    /** One line: its name in the legend, its colour, whether it is dashed, and its points as {x, y}. */
    record Series(String name, String color, boolean dashed, List<double[]> points) {}

    private SvgPlot() {}

    /** The plot as a group of SVG elements placed at ({@code x}, {@code y}). */
    static String draw(int x, int y, String title, String xLabel, String yLabel, List<Series> series) {
        double maxX = round(series.stream()
                .flatMap(s -> s.points().stream())
                .mapToDouble(p -> p[0])
                .max()
                .orElse(1));
        double maxY = round(series.stream()
                .flatMap(s -> s.points().stream())
                .mapToDouble(p -> p[1])
                .max()
                .orElse(1));
        int w = WIDTH - LEFT - RIGHT;
        int h = HEIGHT - TOP - BOTTOM;
        StringBuilder svg = new StringBuilder();
        svg.append(format("<g transform=\"translate(%d,%d)\">%n", x, y));
        svg.append(format(
                "<text x=\"%d\" y=\"18\" font-size=\"14\" font-weight=\"bold\">%s</text>%n", LEFT, escape(title)));
        for (int i = 0; i <= TICKS; i++) {
            double gy = TOP + h - (double) h * i / TICKS;
            double gx = LEFT + (double) w * i / TICKS;
            svg.append(format(
                    "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#ddd\"/>%n", LEFT, gy, LEFT + w, gy));
            svg.append(format(
                    "<text x=\"%d\" y=\"%.1f\" font-size=\"11\" text-anchor=\"end\">%s</text>%n",
                    LEFT - 6, gy + 4, number(maxY * i / TICKS)));
            svg.append(format(
                    "<text x=\"%.1f\" y=\"%d\" font-size=\"11\" text-anchor=\"middle\">%s</text>%n",
                    gx, TOP + h + 16, number(maxX * i / TICKS)));
        }
        svg.append(format(
                "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" stroke=\"#888\"/>%n",
                LEFT, TOP, w, h));
        svg.append(format(
                "<text x=\"%d\" y=\"%d\" font-size=\"12\" text-anchor=\"middle\">%s</text>%n",
                LEFT + w / 2, TOP + h + 34, escape(xLabel)));
        svg.append(format(
                "<text transform=\"translate(14,%d) rotate(-90)\" font-size=\"12\" text-anchor=\"middle\">%s</text>%n",
                TOP + h / 2, escape(yLabel)));
        int legend = 0;
        for (Series s : series) {
            StringBuilder points = new StringBuilder();
            for (double[] p : s.points()) {
                double px = LEFT + w * p[0] / maxX;
                double py = TOP + h - h * p[1] / maxY;
                points.append(format("%.1f,%.1f ", px, py));
                svg.append(format("<circle cx=\"%.1f\" cy=\"%.1f\" r=\"2.5\" fill=\"%s\"/>%n", px, py, s.color()));
            }
            svg.append(format(
                    "<polyline points=\"%s\" fill=\"none\" stroke=\"%s\" stroke-width=\"2\"%s/>%n",
                    points.toString().trim(), s.color(), s.dashed() ? " stroke-dasharray=\"6,4\"" : ""));
            int ly = TOP + h + 56 + LEGEND_LINE * legend++;
            svg.append(format(
                    "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\" stroke-width=\"2\"%s/>%n",
                    LEFT + 8, ly - 4, LEFT + 28, ly - 4, s.color(), s.dashed() ? " stroke-dasharray=\"6,4\"" : ""));
            svg.append(format("<text x=\"%d\" y=\"%d\" font-size=\"11\">%s</text>%n", LEFT + 34, ly, escape(s.name())));
        }
        return svg.append("</g>\n").toString();
    }

    /**
     * The smallest of 1, 1.5, 2, 2.5, 3, 4, 5, 6 or 8 times a power of ten at or above {@code value}: an axis's end, whose
     * fifths are round (1 for nothing above zero).
     */
    static double round(double value) {
        if (!(value > 0)) {
            return 1;
        }
        double power = Math.pow(10, Math.floor(Math.log10(value)));
        for (double step : new double[] {1, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10}) {
            if (step * power >= value * (1 - 1e-9)) {
                return step * power;
            }
        }
        return 10 * power;
    }

    private static String number(double value) {
        return value == Math.rint(value)
                ? format("%,.0f", value)
                : format("%,.2f", value).replaceAll("0+$", "");
    }

    static String escape(String text) {
        return text.replace("&", "&amp;")
                .replace("<", "&lt;")
                .replace(">", "&gt;")
                .replace("\"", "&quot;");
    }

    private static String format(String format, Object... args) {
        return String.format(Locale.ROOT, format, args);
    }
}
