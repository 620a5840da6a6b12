package dev.brink.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.brink.core.Finding;
import dev.brink.core.Json;
import dev.brink.core.summary.CapacityStep;
import dev.brink.core.summary.RunSummary;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * report.html: one self-contained page (uPlot and the data inlined, no network), verdict first, then the
 * charts on one time axis with the load steps as bands, the capacity steps, the findings with their
 * evidence, the generator's health and the plan as run.
 */
final class HtmlReport {
    private static final String UPLOT = "META-INF/resources/webjars/uplot/" + ReportResources.UPLOT_VERSION + "/dist/";

    private HtmlReport() {
    }

    static String render(RunData run) {
        RunSummary s = run.summary();
        String title = "Brink run" + (s != null && s.plan() != null ? ": " + s.plan() : "");
        StringBuilder h = new StringBuilder(256 * 1024);
        h.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>").append(Html.text(title))
                .append("</title>\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<style>\n")
                .append(resource(UPLOT + "uPlot.min.css")).append('\n').append(ReportResources.text("report.css"))
                .append("</style>\n</head><body>\n<h1>").append(Html.text(title)).append("</h1>\n");
        if (s != null) {
            h.append("<p class=\"meta\">Started ").append(Html.text(s.started())).append(" · ")
                    .append(Verdicts.seconds(s.durationS())).append(" · Brink ").append(Html.text(s.brink())).append("</p>\n");
        }
        verdict(h, run);
        h.append("<h2>Over time</h2>\n<div id=\"charts\"></div>\n");
        steps(h, s);
        findings(h, s);
        generator(h, run);
        if (run.plan() != null) {
            h.append("<h2>Plan as run</h2>\n<pre class=\"plan\">").append(Html.text(run.plan())).append("</pre>\n");
        }
        if (!run.evidence().isEmpty()) {
            h.append("<h2>Evidence</h2>\n<ul class=\"evidence\">\n");
            for (String e : run.evidence()) {
                h.append("<li><a href=\"").append(Html.text(e)).append("\">").append(Html.text(e)).append("</a></li>\n");
            }
            h.append("</ul>\n");
        }
        h.append("<script>\n").append(resource(UPLOT + "uPlot.iife.min.js")).append("\n</script>\n")
                .append("<script>\nconst BRINK = ").append(Html.scriptJson(data(run))).append(";\n")
                .append(ReportResources.text("report.js")).append("</script>\n</body></html>\n");
        return h.toString();
    }

    private static void verdict(StringBuilder h, RunData run) {
        RunSummary s = run.summary();
        h.append("<section class=\"verdict\">\n");
        if (s == null) {
            h.append("<p class=\"bad\">No summary.json: the run did not finish. What it recorded is charted below.</p>\n");
        } else {
            if (s.interrupted()) {
                h.append("<p class=\"bad\">Interrupted: the run was cut short; the verdicts cover what ran.</p>\n");
            }
            List<String[]> lines = new ArrayList<>();
            if (s.capacity() != null) {
                String lb = s.capacity().limitedBy();
                lines.add(new String[] {Verdicts.capacity(s.capacity()), lb.equals("generator") || s.capacity().maxMultiplier() == 0 ? "bad" : "ok"});
            }
            if (s.confirm() != null) {
                lines.add(new String[] {Verdicts.confirm(s.confirm()), s.confirm().verdict().equals("holds") ? "ok" : "bad"});
            }
            if (s.soak() != null) {
                lines.add(new String[] {Verdicts.soak(s.soak()), s.soak().verdict().equals("stable") ? "ok" : "bad"});
            }
            if (lines.isEmpty()) {
                lines.add(new String[] {"No phase ran to its end.", "bad"});
            }
            for (String[] l : lines) {
                h.append("<p class=\"").append(l[1]).append("\">").append(Html.text(l[0])).append("</p>\n");
            }
        }
        if (!run.missing().isEmpty()) {
            h.append("<p class=\"missing\">Missing from the run directory: ").append(Html.text(String.join(", ", run.missing())))
                    .append("</p>\n");
        }
        h.append("</section>\n");
    }

    private static void steps(StringBuilder h, RunSummary s) {
        if (s == null || s.capacity() == null || s.capacity().steps().isEmpty()) {
            return;
        }
        h.append("<h2>Capacity steps</h2>\n<table class=\"steps\"><thead><tr><th>N</th><th>target req/s</th><th>achieved req/s</th>")
                .append("<th>errors</th><th>p50 ms</th><th>p99 ms</th><th>verdict</th></tr></thead><tbody>\n");
        for (CapacityStep st : s.capacity().steps()) {
            h.append(String.format(Locale.ROOT, "<tr class=\"%s\"><td>%d</td><td>%.1f</td><td>%.1f</td><td>%.2f %%</td><td>%.1f</td><td>%.1f</td><td>%s</td></tr>%n",
                    Html.text(st.verdict()), st.multiplier(), st.targetRps(), st.achievedRps(), st.errorRate() * 100,
                    st.p50Ms(), st.p99Ms(), Html.text(st.verdict() + (st.reasons().isEmpty() ? "" : ": " + String.join("; ", st.reasons())))));
        }
        h.append("</tbody></table>\n");
    }

    private static void findings(StringBuilder h, RunSummary s) {
        if (s == null || s.findings().isEmpty()) {
            return;
        }
        h.append("<h2>Findings</h2>\n");
        for (Finding f : s.findings()) {
            h.append("<div class=\"finding ").append(f.severity().jsonName()).append("\">\n<h3>")
                    .append(Html.text(f.title())).append("</h3>\n<p><span class=\"kind\">").append(f.kind().jsonName())
                    .append("</span> ").append(Html.text(f.subject())).append("</p>\n");
            if (!f.detail().isEmpty()) {
                h.append("<pre class=\"detail\">").append(Html.text(pretty(f.detail()))).append("</pre>\n");
            }
            for (String e : f.evidence()) {
                h.append("<a class=\"ev\" href=\"").append(Html.text(e)).append("\">").append(Html.text(e)).append("</a> ");
            }
            h.append("</div>\n");
        }
    }

    private static void generator(StringBuilder h, RunData run) {
        if (run.generator().isEmpty()) {
            return;
        }
        double maxCpu = 0;
        double maxLag = 0;
        int bound = 0;
        for (JsonNode g : run.generator()) {
            maxCpu = Math.max(maxCpu, g.path("process_cpu").asDouble());
            maxLag = Math.max(maxLag, g.path("lag_p99_ms").asDouble());
            if (g.path("reasons").size() > 0) {
                bound++;
            }
        }
        h.append("<h2>Load generator health</h2>\n<p>").append(String.format(Locale.ROOT,
                "Highest own CPU %.0f %% · worst schedule lag p99 %.2f ms · %d of %d seconds generator-bound",
                maxCpu * 100, maxLag, bound, run.generator().size())).append("</p>\n");
    }

    /** The page's data: charts and step bands, each on the epoch-seconds axis. */
    private static String data(RunData run) {
        List<Map<String, Object>> charts = new ArrayList<>();
        for (ChartSpec spec : ChartCatalog.charts(run)) {
            Map<String, Object> c = ChartData.build(spec, run);
            if (c != null) {
                charts.add(c);
            }
        }
        Map<String, Object> d = new LinkedHashMap<>();
        d.put("charts", charts);
        d.put("bands", bands(run));
        try {
            return Json.MAPPER.writeValueAsString(d);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Load steps as [start s, end s, label] from step-start / step-end events. */
    private static List<Object[]> bands(RunData run) {
        List<Object[]> bands = new ArrayList<>();
        Map<String, Double> open = new LinkedHashMap<>();
        for (JsonNode e : run.events()) {
            String type = e.path("type").asText();
            String step = e.path("step").asText();
            double t = e.path("epoch_ms").asDouble() / 1000.0;
            if (type.equals("step-start")) {
                open.put(step, t);
            } else if (type.equals("step-end") && open.containsKey(step)) {
                bands.add(new Object[] {open.remove(step), t, step});
            }
        }
        return bands;
    }

    private static String pretty(Object o) {
        try {
            return Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(o);
        } catch (JsonProcessingException e) {
            return String.valueOf(o);
        }
    }

    private static String resource(String path) {
        try (InputStream in = HtmlReport.class.getClassLoader().getResourceAsStream(path)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + path + " (the uPlot webjar)");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
