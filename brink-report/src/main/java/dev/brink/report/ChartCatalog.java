package dev.brink.report;

import dev.brink.core.RunDirectory;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The charts of report.html and where each series comes from in the run directory. All share one time
 * axis (epoch_ms of each line), so a latency spike lines up with the GC pause or the BLOCKED threads
 * that caused it. Series are JSON Pointers into the lines, read by {@link ColumnReader} without building the records
 * (a day-long run is some 300 MB of lines); the pointers into load.jsonl, generator.jsonl, gc.jsonl and jvm.jsonl are
 * held to their records in brink-core (IntervalStats, GeneratorHealth, GcEventLine, JvmSample) by ChartCatalogTest through
 * {@link dev.brink.core.RunLines#holds}.
 */
final class ChartCatalog {
    private static final String[] PALETTE = {"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf"};
    /** load.jsonl: one number per error kind under it ("http-503", "connect-refused"). */
    static final String ERRORS = "/errors";
    /** generator.jsonl: the reasons a second was generator-bound (counted), and the numbers its section shows. */
    static final String REASONS = "/reasons";
    static final List<String> GENERATOR_FIELDS = List.of("/process_cpu", "/loop_cpu", "/lag_p99_ms", "/dropped", "/gc_pause_ms",
            "/connections", "/ephemeral_ports_in_use", "/ephemeral_port_range", "/time_wait");

    private ChartCatalog() {
    }

    static List<ChartSpec> charts(RunData run) {
        List<ChartSpec> charts = new ArrayList<>(fixed());
        charts.add(1, new ChartSpec("errors", "Errors by kind", "per s", errorSeries(run.load())));
        List<String> ops = RunData.operations(run.events());
        if (ops.size() > 1) {
            // a mix's p99 hides which operation is slow: one p99 line per operation, beside the totals' latency chart
            List<ChartSpec.Series> series = new ArrayList<>();
            for (int i = 0; i < ops.size(); i++) {
                series.add(s(ops.get(i), RunDirectory.LOAD, opPointer(ops.get(i), OP_P99), i));
            }
            charts.add(3, new ChartSpec("latency-by-operation", "p99 latency by operation (corrected)", "ms", series));
        }
        return charts;
    }

    /** load.jsonl: an operation's corrected p99 under {@code ops}. */
    static final String OP_P99 = "/corrected/p99_ms";

    /** The pointer to {@code field} of operation {@code name} in a load.jsonl line (names escaped as JSON Pointer says). */
    static String opPointer(String name, String field) {
        return "/ops/" + name.replace("~", "~0").replace("/", "~1") + field;
    }

    /** As {@link #reader(String)}, for load.jsonl also each of {@code operations}' p99. */
    static ColumnReader reader(String file, List<String> operations) {
        if (!file.equals(RunDirectory.LOAD) || operations.size() < 2) return reader(file);
        Set<String> wanted = new HashSet<>(pointers(file));
        wanted.add("/dropped");
        for (String op : operations) wanted.add(opPointer(op, OP_P99));
        return new ColumnReader(wanted, Set.of(ERRORS), Set.of());
    }

    static Set<String> pointers(String file) {
        Set<String> wanted = new HashSet<>();
        for (ChartSpec c : fixed()) {
            for (ChartSpec.Series s : c.series()) {
                if (s.file().equals(file)) wanted.add(s.pointer());
            }
        }
        return wanted;
    }

    /** Every chart but the errors one, whose series depend on the run. */
    private static List<ChartSpec> fixed() {
        String load = RunDirectory.LOAD;
        String jvm = RunDirectory.JVM;
        return List.of(
                new ChartSpec("rate", "Target vs achieved rate", "req/s", List.of(
                        s("target", load, "/target_rps", 0), s("sent", load, "/sent", 2), s("ok", load, "/ok", 1))),
                new ChartSpec("latency", "Latency (corrected from intended send time, and uncorrected)", "ms", List.of(
                        s("p50", load, "/corrected/p50_ms", 0), s("p99", load, "/corrected/p99_ms", 1),
                        s("max", load, "/corrected/max_ms", 4), s("p50 uncorrected", load, "/uncorrected/p50_ms", 5),
                        s("p99 uncorrected", load, "/uncorrected/p99_ms", 3))),
                new ChartSpec("heap", "Heap used, heap after GC and the soak's fitted trend", "bytes", List.of(
                        s("used", jvm, "/heap/used", 0), s("after GC", jvm, "/heap_after_gc", 1), s("committed", jvm, "/heap/committed", 7),
                        s("soak trend", ChartData.SOAK_TREND, "/bytes", 6))),
                new ChartSpec("gc", "GC pauses", "ms", List.of(s("pause", RunDirectory.GC, "/duration_ms", 1))),
                new ChartSpec("threads", "Target threads by state", "threads", List.of(
                        s("runnable", jvm, "/threads/runnable", 2), s("blocked", jvm, "/threads/blocked", 1),
                        s("waiting", jvm, "/threads/waiting", 0), s("timed waiting", jvm, "/threads/timed_waiting", 4))),
                new ChartSpec("cpu", "CPU: target process and load generator", "share of all cores", List.of(
                        s("target", jvm, "/cpu/process_load", 0), s("generator", RunDirectory.GENERATOR, "/process_cpu", 3))));
    }

    /** The reader for one run file: the pointers the charts and sections read from it, nothing else. */
    static ColumnReader reader(String file) {
        Set<String> wanted = pointers(file);
        return switch (file) {
            case RunDirectory.LOAD -> {
                wanted.add("/dropped");
                yield new ColumnReader(wanted, Set.of(ERRORS), Set.of());
            }
            case RunDirectory.GENERATOR -> {
                wanted.addAll(GENERATOR_FIELDS);
                yield new ColumnReader(wanted, Set.of(), Set.of(REASONS));
            }
            default -> new ColumnReader(wanted, Set.of(), Set.of());
        };
    }

    /** One series per error kind that occurs anywhere in the run (http-503, connect-refused, …). */
    private static List<ChartSpec.Series> errorSeries(Columns load) {
        List<ChartSpec.Series> series = new ArrayList<>();
        int i = 1;
        for (String kind : load.childNames(ERRORS)) {
            series.add(new ChartSpec.Series(kind, RunDirectory.LOAD, ERRORS + "/" + kind.replace("~", "~0").replace("/", "~1"),
                    PALETTE[i++ % PALETTE.length], true));
        }
        if (series.isEmpty()) {
            series.add(s("dropped", RunDirectory.LOAD, "/dropped", 3));
        }
        return series;
    }

    private static ChartSpec.Series s(String label, String file, String pointer, int color) {
        return new ChartSpec.Series(label, file, pointer, PALETTE[color % PALETTE.length], false);
    }
}
