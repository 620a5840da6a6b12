package dev.brink.report;

import com.fasterxml.jackson.databind.JsonNode;
import dev.brink.core.RunDirectory;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.TreeSet;

/**
 * The charts of report.html and where each series comes from in the run directory. All share one time
 * axis (epoch_ms of each line), so a latency spike lines up with the GC pause or the BLOCKED threads
 * that caused it. Field names follow the writers: load.jsonl (load engine), jvm.jsonl and gc.jsonl
 * (JVM observer), generator.jsonl (the generator's own health).
 */
final class ChartCatalog {
    private static final String[] PALETTE = {"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf"};

    private ChartCatalog() {
    }

    static List<ChartSpec> charts(RunData run) {
        String load = RunDirectory.LOAD;
        String jvm = RunDirectory.JVM;
        List<ChartSpec> charts = new ArrayList<>();
        charts.add(new ChartSpec("rate", "Target vs achieved rate", "req/s", List.of(
                s("target", load, "/target_rps", 0), s("sent", load, "/sent", 2), s("ok", load, "/ok", 1))));
        charts.add(new ChartSpec("errors", "Errors by kind", "per s", errorSeries(run)));
        charts.add(new ChartSpec("latency", "Latency (corrected from intended send time, and uncorrected)", "ms", List.of(
                s("p50", load, "/corrected/p50_ms", 0), s("p99", load, "/corrected/p99_ms", 1),
                s("max", load, "/corrected/max_ms", 4), s("p50 uncorrected", load, "/uncorrected/p50_ms", 5),
                s("p99 uncorrected", load, "/uncorrected/p99_ms", 3))));
        charts.add(new ChartSpec("heap", "Heap used, heap after GC and the soak's fitted trend", "bytes", List.of(
                s("used", jvm, "/heap/used", 0), s("after GC", jvm, "/heap_after_gc", 1), s("committed", jvm, "/heap/committed", 7),
                s("soak trend", ChartData.SOAK_TREND, "/bytes", 6))));
        charts.add(new ChartSpec("gc", "GC pauses", "ms", List.of(s("pause", RunDirectory.GC, "/duration_ms", 1))));
        charts.add(new ChartSpec("threads", "Target threads by state", "threads", List.of(
                s("runnable", jvm, "/threads/runnable", 2), s("blocked", jvm, "/threads/blocked", 1),
                s("waiting", jvm, "/threads/waiting", 0), s("timed waiting", jvm, "/threads/timed_waiting", 4))));
        charts.add(new ChartSpec("cpu", "CPU: target process and load generator", "share of all cores", List.of(
                s("target", jvm, "/cpu/process_load", 0), s("generator", RunDirectory.GENERATOR, "/process_cpu", 3))));
        return charts;
    }

    /** One series per error kind that occurs anywhere in the run (http-503, connect-refused, …). */
    private static List<ChartSpec.Series> errorSeries(RunData run) {
        TreeSet<String> kinds = new TreeSet<>();
        for (JsonNode line : run.load()) {
            JsonNode errors = line.get("errors");
            if (errors != null && errors.isObject()) {
                for (Iterator<String> it = errors.fieldNames(); it.hasNext(); ) {
                    kinds.add(it.next());
                }
            }
        }
        List<ChartSpec.Series> series = new ArrayList<>();
        int i = 1;
        for (String kind : kinds) {
            series.add(new ChartSpec.Series(kind, RunDirectory.LOAD, "/errors/" + kind.replace("~", "~0").replace("/", "~1"), null,
                    PALETTE[i++ % PALETTE.length], true));
        }
        if (series.isEmpty()) {
            series.add(s("dropped", RunDirectory.LOAD, "/dropped", 3));
        }
        return series;
    }

    private static ChartSpec.Series s(String label, String file, String pointer, int color) {
        return new ChartSpec.Series(label, file, pointer, null, PALETTE[color % PALETTE.length], false);
    }
}
