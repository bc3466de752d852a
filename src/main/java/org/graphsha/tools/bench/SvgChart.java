package org.graphsha.tools.bench;

import java.util.List;
import java.util.Locale;

/**
 * A small writer of self-contained SVG charts (grouped bars and lines over categories) with a title,
 * labelled axes, grid lines and a legend. Each series is one {@code <g class="series" data-name=...>},
 * so tests and readers can find it; missing values (NaN) are left out.
 */
final class SvgChart {

    /** One named series with a value per category. */
    record Series(String name, double[] values) {}

    private static final String[] PALETTE = {"#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948",
        "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac", "#1b9e77", "#d95f02"};
    private static final int WIDTH = 860;
    private static final int HEIGHT = 460;
    private static final int LEFT = 70;
    private static final int RIGHT = 200;
    private static final int TOP = 50;
    private static final int BOTTOM = 70;

    private final String title;
    private final String xLabel;
    private final String yLabel;
    private final List<String> categories;
    private final List<Series> series;
    private final double yMin;
    private final double yMax;
    private final StringBuilder svg = new StringBuilder();

    private SvgChart(String title, String xLabel, String yLabel, List<String> categories, List<Series> series,
                     double yMin, double yMax) {
        this.title = title;
        this.xLabel = xLabel;
        this.yLabel = yLabel;
        this.categories = categories;
        this.series = series;
        this.yMin = yMin;
        this.yMax = yMax;
    }

    /** Bars side by side within each category, one colour per series; y from 0 to {@code yMax}. */
    static String groupedBars(String title, String xLabel, String yLabel, List<String> categories, List<Series> series,
                              double yMax) {
        SvgChart chart = new SvgChart(title, xLabel, yLabel, categories, series, 0, yMax);
        chart.frame();
        double band = chart.plotWidth() / categories.size();
        double barWidth = band * 0.8 / Math.max(1, series.size());
        for (int s = 0; s < series.size(); s++) {
            chart.openSeries(s);
            for (int c = 0; c < categories.size(); c++) {
                double v = series.get(s).values()[c];
                if (Double.isNaN(v)) {
                    continue;
                }
                double x = LEFT + c * band + band * 0.1 + s * barWidth;
                double y = chart.y(v);
                chart.svg.append(String.format(Locale.ROOT,
                    "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\"><title>%s, %s: %.1f</title></rect>%n",
                    x, y, barWidth, chart.y(0) - y, colour(s), escape(series.get(s).name()),
                    escape(categories.get(c).replace('\n', ' ')), v));
            }
            chart.svg.append("</g>\n");
        }
        return chart.finish();
    }

    /** One line with point markers per series over evenly spaced categories; y range as given. */
    static String lines(String title, String xLabel, String yLabel, List<String> categories, List<Series> series,
                        double yMin, double yMax) {
        SvgChart chart = new SvgChart(title, xLabel, yLabel, categories, series, yMin, yMax);
        chart.frame();
        double band = chart.plotWidth() / categories.size();
        for (int s = 0; s < series.size(); s++) {
            chart.openSeries(s);
            StringBuilder points = new StringBuilder();
            StringBuilder markers = new StringBuilder();
            for (int c = 0; c < categories.size(); c++) {
                double v = series.get(s).values()[c];
                if (Double.isNaN(v)) {
                    continue;
                }
                double x = LEFT + (c + 0.5) * band;
                double y = chart.y(v);
                points.append(String.format(Locale.ROOT, "%.1f,%.1f ", x, y));
                markers.append(String.format(Locale.ROOT,
                    "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"4\" fill=\"%s\"><title>%s, %s: %.2f</title></circle>%n",
                    x, y, colour(s), escape(series.get(s).name()), escape(categories.get(c).replace('\n', ' ')), v));
            }
            chart.svg.append(String.format(Locale.ROOT,
                "<polyline points=\"%s\" fill=\"none\" stroke=\"%s\" stroke-width=\"2\"/>%n", points.toString().trim(),
                colour(s)));
            chart.svg.append(markers).append("</g>\n");
        }
        return chart.finish();
    }

    private double plotWidth() {
        return WIDTH - LEFT - RIGHT;
    }

    private double plotHeight() {
        return HEIGHT - TOP - BOTTOM;
    }

    private double y(double value) {
        double clamped = Math.max(yMin, Math.min(yMax, value));
        return TOP + plotHeight() * (1 - (clamped - yMin) / (yMax - yMin));
    }

    private void openSeries(int s) {
        svg.append(String.format(Locale.ROOT, "<g class=\"series\" data-name=\"%s\">%n", escape(series.get(s).name())));
    }

    /** Title, axes, grid, tick and category labels, axis titles and the legend. */
    private void frame() {
        svg.append(String.format(Locale.ROOT,
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>%n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\""
                + " viewBox=\"0 0 %d %d\" font-family=\"Helvetica, Arial, sans-serif\" font-size=\"12\">%n"
                + "<title>%s</title>%n<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>%n"
                + "<text class=\"chart-title\" x=\"%d\" y=\"28\" text-anchor=\"middle\" font-size=\"16\" font-weight=\"bold\">%s</text>%n",
            WIDTH, HEIGHT, WIDTH, HEIGHT, escape(title), LEFT + (int) plotWidth() / 2, escape(title)));
        double step = tickStep(yMax - yMin);
        for (double t = yMin; t <= yMax + 1e-9; t += step) {
            svg.append(String.format(Locale.ROOT,
                "<line x1=\"%d\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#dddddd\"/>%n"
                    + "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s</text>%n",
                LEFT, y(t), LEFT + plotWidth(), y(t), LEFT - 6, y(t) + 4, TableMarkdown.ratio(Math.round(t * 100) / 100.0)));
        }
        svg.append(String.format(Locale.ROOT,
            "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%.1f\" stroke=\"black\"/>%n"
                + "<line x1=\"%d\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"black\"/>%n",
            LEFT, TOP, LEFT, TOP + plotHeight(), LEFT, TOP + plotHeight(), LEFT + plotWidth(), TOP + plotHeight()));
        double band = plotWidth() / categories.size();
        for (int c = 0; c < categories.size(); c++) {
            // A category label may span lines ("\n"), so narrow bands stay readable.
            double x = LEFT + (c + 0.5) * band;
            svg.append(String.format(Locale.ROOT, "<text class=\"category\" x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">",
                x, TOP + plotHeight() + 18));
            String[] lines = categories.get(c).split("\n");
            for (int i = 0; i < lines.length; i++) {
                svg.append(String.format(Locale.ROOT, "<tspan x=\"%.1f\" dy=\"%s\">%s</tspan>", x, i == 0 ? "0" : "1.2em",
                    escape(lines[i])));
            }
            svg.append("</text>\n");
        }
        svg.append(String.format(Locale.ROOT,
            "<text class=\"x-label\" x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%s</text>%n"
                + "<text class=\"y-label\" x=\"18\" y=\"%.1f\" text-anchor=\"middle\" transform=\"rotate(-90 18 %.1f)\">%s</text>%n",
            LEFT + plotWidth() / 2, HEIGHT - 20, escape(xLabel), TOP + plotHeight() / 2, TOP + plotHeight() / 2,
            escape(yLabel)));
        svg.append("<g class=\"legend\">\n");
        for (int s = 0; s < series.size(); s++) {
            double ly = TOP + 10 + s * 20;
            double lx = LEFT + plotWidth() + 20;
            svg.append(String.format(Locale.ROOT,
                "<rect x=\"%.1f\" y=\"%.1f\" width=\"12\" height=\"12\" fill=\"%s\"/>"
                    + "<text x=\"%.1f\" y=\"%.1f\">%s</text>%n",
                lx, ly - 10, colour(s), lx + 18, ly, escape(series.get(s).name())));
        }
        svg.append("</g>\n");
    }

    private String finish() {
        return svg.append("</svg>\n").toString();
    }

    private static double tickStep(double range) {
        return range > 50 ? 10 : range > 20 ? 5 : range > 8 ? 2 : 1;
    }

    private static String colour(int s) {
        return PALETTE[s % PALETTE.length];
    }

    static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
