package dev.brink.report;

import dev.brink.core.EventType;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.brink.core.Finding;
import dev.brink.core.Json;
import dev.brink.core.event.Event;
import dev.brink.core.event.TargetDied;
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

    static String render(RunData run, Knee knee) {
        RunSummary s = run.summary();
        String title = "Brink run" + (s.plan() != null ? ": " + s.plan() : "");
        StringBuilder h = new StringBuilder(256 * 1024);
        h.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>").append(Html.text(title))
                .append("</title>\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<style>\n")
                .append(resource(UPLOT + "uPlot.min.css")).append('\n').append(ReportResources.text("report.css"))
                .append("</style>\n<script>\n").append(ReportResources.text("errors.js")).append("</script>\n</head><body>\n<h1>").append(Html.text(title)).append("</h1>\n<div id=\"errors\" hidden></div>\n");
        h.append("<p class=\"meta\">").append(Html.text(String.valueOf(run.dir().toAbsolutePath().normalize().getFileName())));
        if (s.started() != null) {
            h.append(" · started ").append(Html.text(s.started())).append(" · ").append(Verdicts.seconds(s.durationS()));
        }
        if (s.brink() != null) {
            h.append(" · Brink ").append(Html.text(s.brink()));
        }
        h.append("</p>\n");
        verdict(h, run);
        h.append("<h2>Over time</h2>\n<div id=\"charts\"></div>\n");
        PhaseHtml.capacity(h, s.capacity());
        PhaseHtml.operations(h, s.capacity());
        KneeHtml.render(h, run, knee);
        FlameGraphHtml.render(h, run);
        PhaseHtml.confirm(h, s.confirm());
        PhaseHtml.soak(h, s.soak());
        findings(h, run);
        PhaseHtml.generator(h, run.generator(), Verdicts.hostSaturated(s));
        if (run.plan() != null) {
            h.append("<h2>Plan as run</h2>\n<pre class=\"plan\">").append(Html.text(run.plan())).append("</pre>\n");
        }
        if (!run.evidence().isEmpty()) {
            h.append("<h2>Evidence</h2>\n<ul class=\"evidence\">\n");
            for (String e : run.evidence()) {
                h.append("<li>");
                FindingHtml.link(h, e, run.dir());
                h.append("</li>\n");
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
        if (run.summaryRecovered()) {
            h.append("<p class=\"bad\">summary.json is missing: the run did not finish")
                    .append(Html.text(Verdicts.lastStep(s)))
                    .append(". The verdicts below are rebuilt from events.jsonl as far as the run got.</p>\n");
        } else if (s.interrupted()) {
            h.append("<p class=\"bad\">Interrupted: the run was cut short")
                    .append(Html.text(Verdicts.lastStep(s)))
                    .append("; the verdicts cover what ran.</p>\n");
        }
        if (run.runEnd() == null && !run.events().isEmpty()) {
            h.append("<p class=\"missing\">events.jsonl ends without a run-end event: the run was killed, or is still running")
                    .append(lastRecord(run)).append(".</p>\n");
        }
        for (JsonNode e : run.events()) {
            if (e.path("type").asText().equals(EventType.TARGET_DIED)) {
                TargetDied died = Event.readIfValid(e, TargetDied.class);
                String message = died == null ? null : died.message();
                h.append("<p class=\"bad\">The target JVM died at ").append(Html.text(e.path("time").asText())).append(": ")
                        .append(Html.text(message == null ? "no message" : message)).append("</p>\n");
            }
        }
        List<String[]> lines = new ArrayList<>();
        if (s.capacity() != null) {
            lines.add(new String[] {Verdicts.capacity(s.capacity()), Verdicts.cssClass(Verdicts.capacityOutcome(s.capacity()))});
        }
        if (s.confirm() != null) {
            lines.add(new String[] {Verdicts.confirm(s.confirm()), Verdicts.cssClass(s.confirm().verdict().outcome())});
        }
        if (s.stages() != null) {
            lines.add(new String[] {Verdicts.stages(s.stages()), Verdicts.cssClass(s.stages().verdict().outcome())});
        }
        if (s.soak() != null) {
            lines.add(new String[] {Verdicts.soak(s.soak()), Verdicts.cssClass(s.soak().verdict().outcome())});
        }
        if (lines.isEmpty()) {
            lines.add(new String[] {"No phase ran to its end: no verdict.", "bad"});
        }
        for (String[] l : lines) {
            h.append("<p class=\"").append(l[1]).append("\">").append(Html.text(l[0])).append("</p>\n");
        }
        if (!s.findings().isEmpty()) {
            h.append("<p class=\"count\">").append(s.findings().size()).append(s.findings().size() == 1 ? " finding" : " findings")
                    .append(" below, the first: ").append(Html.text(s.findings().get(0).title())).append("</p>\n");
        }
        if (!run.missing().isEmpty()) {
            h.append("<p class=\"missing\">Missing from the run directory: ").append(Html.text(String.join(", ", run.missing())))
                    .append("</p>\n");
        }
        h.append("</section>\n");
    }

    private static String lastRecord(RunData run) {
        long last = run.lastEpochMs();
        return last > 0 ? "; its last record is from " + java.time.Instant.ofEpochMilli(last) : "";
    }

    private static void findings(StringBuilder h, RunData run) {
        if (run.summary().findings().isEmpty()) {
            return;
        }
        h.append("<h2>Findings</h2>\n");
        for (Finding f : run.summary().findings()) {
            FindingHtml.render(h, f, run.dir());
        }
    }

    /** The page's data: charts, step and phase bands and marks, each on the epoch-seconds axis. */
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
        d.putAll(Timeline.of(run));
        try {
            return Json.MAPPER.writeValueAsString(d);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
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
