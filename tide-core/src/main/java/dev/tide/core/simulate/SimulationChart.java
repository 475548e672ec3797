package dev.tide.core.simulate;

import java.time.format.TextStyle;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A simulation drawn as an SVG chart: per hour, the units used as bars and the limit allowed as a step line (left
 * axis, linear or logarithmic), the load curve as a line on the right axis, days marked below. Plain SVG 1.1 with no
 * scripts or fonts of its own, so browsers and GitHub show it as it is.
 */
public final class SimulationChart {
    private static final int WIDTH = 1280;
    private static final int HEIGHT = 520;
    private static final int LEFT = 80;
    private static final int RIGHT = 80;
    private static final int TOP = 70;
    private static final int BOTTOM = 60;
    private static final String USED = "#4e79a7";
    private static final String ALLOWED = "#e15759";
    private static final String LOAD = "#59a14f";

    private final SimulationResult result;
    private final List<HourRow> hours;
    private final boolean log;
    private final double top;
    private final double loadTop;
    private final StringBuilder svg = new StringBuilder();

    private SimulationChart(SimulationResult result) {
        this.result = result;
        this.hours = result.hours();
        this.log = result.spec().chart().logScale();
        double highest = 1;
        for (HourRow h : hours) {
            highest = Math.max(highest, h.used());
            if (h.allowed() != null) {
                highest = Math.max(highest, h.allowed());
            }
        }
        this.top = log ? Math.pow(10, Math.ceil(Math.log10(highest))) : niceCeiling(highest * 1.05);
        double loadHighest = hours.stream()
                .mapToDouble(HourRow::load)
                .filter(v -> !Double.isNaN(v))
                .max()
                .orElse(1);
        this.loadTop = niceCeiling(Math.max(loadHighest * 1.05, 1e-9));
    }

    public static String of(SimulationResult result) {
        return new SimulationChart(result).draw();
    }

    private String draw() {
        svg.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
                .append(String.format(
                        Locale.ROOT,
                        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\""
                                + " font-family=\"Helvetica, Arial, sans-serif\" font-size=\"12\">\n",
                        WIDTH,
                        HEIGHT,
                        WIDTH,
                        HEIGHT))
                .append("<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n");
        title();
        grid();
        bars();
        allowed();
        if (result.hasLoad()) {
            load();
        }
        legend();
        svg.append("</svg>\n");
        return svg.toString();
    }

    private void title() {
        String title = result.spec().chart().title();
        if (title == null) {
            title = "Allowed and actual throughput per hour";
        }
        text(LEFT, 28, "start", "font-size=\"16\" font-weight=\"bold\"", title);
        text(
                LEFT,
                48,
                "start",
                "fill=\"#555\"",
                "from " + hours.get(0).start() + " (" + result.spec().zone() + "), " + hours.size() + " hours");
    }

    private void grid() {
        int bottom = HEIGHT - BOTTOM;
        svg.append(line(LEFT, TOP, LEFT, bottom, "#333"));
        svg.append(line(LEFT, bottom, WIDTH - RIGHT, bottom, "#333"));
        for (double tick : ticks()) {
            double y = y(tick);
            svg.append(line(LEFT, y, WIDTH - RIGHT, y, "#e5e5e5"));
            text(LEFT - 6, y + 4, "end", "", label(tick));
        }
        text(
                18,
                TOP + plotHeight() / 2,
                "middle",
                "transform=\"rotate(-90 18 " + (TOP + plotHeight() / 2) + ")\"",
                "units per hour" + (log ? " (log scale)" : ""));
        for (int i = 0; i < hours.size(); i++) {
            HourRow h = hours.get(i);
            if (h.start().getHour() == 0 || i == 0) {
                double x = x(i);
                svg.append(line(x, TOP, x, bottom + 6, "#bbb"));
                String day = h.start().getDayOfWeek().getDisplayName(TextStyle.SHORT, Locale.ENGLISH) + " "
                        + h.start().toLocalDate().toString().substring(5);
                text(x + 4, bottom + 20, "start", "", day);
            }
            if (h.start().getHour() == 12) {
                text(x(i), bottom + 36, "middle", "fill=\"#888\" font-size=\"10\"", "12:00");
            }
        }
    }

    private void bars() {
        double width = slot() * 0.8;
        svg.append("<g fill=\"").append(USED).append("\">\n");
        for (int i = 0; i < hours.size(); i++) {
            long used = hours.get(i).used();
            if (used <= 0) {
                continue;
            }
            double y = y(used);
            svg.append(String.format(
                    Locale.ROOT,
                    "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\"/>\n",
                    x(i) + slot() * 0.1,
                    y,
                    width,
                    HEIGHT - BOTTOM - y));
        }
        svg.append("</g>\n");
    }

    private void allowed() {
        StringBuilder path = new StringBuilder();
        boolean drawing = false;
        for (int i = 0; i < hours.size(); i++) {
            Long allowed = hours.get(i).allowed();
            if (allowed == null) {
                drawing = false;
                continue;
            }
            double y = y(allowed);
            path.append(
                    drawing
                            ? String.format(Locale.ROOT, "V%.1f", y)
                            : String.format(Locale.ROOT, "M%.1f,%.1f", x(i), y));
            path.append(String.format(Locale.ROOT, "H%.1f", x(i + 1)));
            drawing = true;
        }
        svg.append("<path fill=\"none\" stroke=\"")
                .append(ALLOWED)
                .append("\" stroke-width=\"2\" d=\"")
                .append(path)
                .append("\"/>\n");
    }

    private void load() {
        int right = WIDTH - RIGHT;
        svg.append(line(right, TOP, right, HEIGHT - BOTTOM, LOAD));
        for (int k = 0; k <= 4; k++) {
            double value = loadTop * k / 4;
            double y = loadY(value);
            text(right + 6, y + 4, "start", "fill=\"" + LOAD + "\"", label(value));
        }
        double mid = TOP + plotHeight() / 2;
        text(
                WIDTH - 18,
                mid,
                "middle",
                "fill=\"" + LOAD + "\" transform=\"rotate(90 " + (WIDTH - 18) + " " + mid + ")\"",
                result.spec().load().signal());
        List<String> points = new ArrayList<>();
        for (int i = 0; i < hours.size(); i++) {
            double y = loadY(hours.get(i).load());
            points.add(String.format(Locale.ROOT, "%.1f,%.1f", x(i) + slot() / 2, y));
        }
        svg.append("<polyline fill=\"none\" stroke=\"")
                .append(LOAD)
                .append("\" stroke-width=\"1.5\" points=\"")
                .append(String.join(" ", points))
                .append("\"/>\n");
    }

    private void legend() {
        double x = WIDTH - RIGHT - 420;
        double y = 44;
        svg.append(String.format(
                Locale.ROOT, "<rect x=\"%.1f\" y=\"%.1f\" width=\"14\" height=\"10\" fill=\"%s\"/>\n", x, y - 9, USED));
        text(x + 20, y, "start", "", "actual (units used)");
        x += 150;
        svg.append(line(x, y - 4, x + 18, y - 4, ALLOWED).replace("/>", " stroke-width=\"2\"/>"));
        text(x + 24, y, "start", "", "allowed (limit)");
        if (result.hasLoad()) {
            x += 130;
            svg.append(line(x, y - 4, x + 18, y - 4, LOAD).replace("/>", " stroke-width=\"1.5\"/>"));
            text(x + 24, y, "start", "", "load: " + result.spec().load().signal());
        }
    }

    private List<Double> ticks() {
        List<Double> ticks = new ArrayList<>();
        if (log) {
            for (double v = 1; v <= top; v *= 10) {
                ticks.add(v);
            }
        } else {
            for (int k = 0; k <= 5; k++) {
                ticks.add(top * k / 5);
            }
        }
        return ticks;
    }

    private double plotHeight() {
        return HEIGHT - TOP - BOTTOM;
    }

    private double slot() {
        return (double) (WIDTH - LEFT - RIGHT) / hours.size();
    }

    private double x(int hour) {
        return LEFT + hour * slot();
    }

    private double y(double value) {
        double share = log ? (value < 1 ? 0 : Math.log10(value) / Math.log10(top)) : value / top;
        return HEIGHT - BOTTOM - share * plotHeight();
    }

    private double loadY(double value) {
        return HEIGHT - BOTTOM - (Double.isNaN(value) ? 0 : value / loadTop) * plotHeight();
    }

    /** The smallest of 1, 2, 2.5 or 5 times a power of ten that is at least {@code value}. */
    static double niceCeiling(double value) {
        double power = Math.pow(10, Math.floor(Math.log10(value)));
        for (double m : new double[] {1, 2, 2.5, 5, 10}) {
            if (m * power >= value) {
                return m * power;
            }
        }
        return 10 * power;
    }

    private static String label(double value) {
        return value == Math.rint(value) ? Long.toString((long) value) : String.format(Locale.ROOT, "%.1f", value);
    }

    private static String line(double x1, double y1, double x2, double y2, String colour) {
        return String.format(
                Locale.ROOT,
                "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\"/>\n",
                x1,
                y1,
                x2,
                y2,
                colour);
    }

    private void text(double x, double y, String anchor, String attributes, String content) {
        svg.append(String.format(
                        Locale.ROOT, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\" %s>", x, y, anchor, attributes))
                .append(escape(content))
                .append("</text>\n");
    }

    private static String escape(String text) {
        return text.replace("&", "&amp;")
                .replace("<", "&lt;")
                .replace(">", "&gt;")
                .replace("\"", "&quot;");
    }
}
