package dev.brink.cli;

import dev.brink.core.BrinkUserException;
import dev.brink.core.ExitCode;
import dev.brink.core.Finding;
import dev.brink.core.Json;
import dev.brink.core.RunDirectory;
import dev.brink.core.Sizes;
import dev.brink.core.detail.Detail;
import dev.brink.core.detail.GcPressureDetail;
import dev.brink.core.detail.HeapTooSmallDetail;
import dev.brink.core.detail.LongPauseDetail;
import dev.brink.core.detail.MemoryLeakDetail;
import dev.brink.core.detail.MetaspaceDetail;
import dev.brink.gc.GcEvent;
import dev.brink.gc.GcLogAnalyzer;
import dev.brink.gc.GcReport;
import dev.brink.gc.GcSeries;
import dev.brink.gc.JvmSettings;
import dev.brink.gc.PauseStats;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code brink gc}: reads GC logs (or a run directory's gc.jsonl) and says what to change. */
@Command(name = "gc", mixinStandardHelpOptions = true,
        description = {"Analyse GC logs: pauses, heap after GC (leak verdict), full-GC storms, sizing advice,",
            "and collections by cause: System.gc() calls, metaspace (OutOfMemoryError: Metaspace), G1 humongous",
            "allocations, evacuation failures, allocation stalls, GCLocker, each with the advice that fits it.",
            "Reads JDK 9+ -Xlog:gc* and JDK 8 -XX:+PrintGCDetails logs of every HotSpot collector.",
            "Rotated parts are ordered by their content; .gz is read as is.",
            "A run directory or gc.jsonl from Brink's observer gets the same analysis.",
            "Findings come first, then statistics. Exit 2 when a file is not a GC log."})
final class GcCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "LOG", description = "GC log file(s), a gc.jsonl, or a run directory.")
    List<Path> logs;

    @Option(names = "--json", description = "Print the report as JSON (findings, settings, statistics, trend).")
    boolean json;

    @Option(names = {"--series", "--out"}, paramLabel = "DIR",
            description = "Also write the series (heap before/after, pauses over time) as JSONL into DIR.")
    Path seriesDir;

    @Override
    public Integer call() throws Exception {
        GcReport report = analyze();
        PrintWriter out = spec.commandLine().getOut();
        if (seriesDir != null) {
            try {
                Files.createDirectories(seriesDir);
            } catch (IOException e) {
                throw new BrinkUserException(seriesDir + ": cannot create directory: " + e.getMessage());
            }
            GcSeries.write(report, seriesDir);
        }
        if (json) {
            Map<String, Object> doc = new LinkedHashMap<>();
            doc.put("findings", report.findings());
            doc.put("sources", report.sources());
            doc.put("format", report.format());
            doc.put("settings", report.settings());
            doc.put("pauses", report.pauses());
            doc.put("heap_after_gc_trend", report.trend());
            doc.put("events", report.events().size());
            doc.put("lines", report.lines());
            doc.put("unknown_lines", report.unknownLines());
            doc.put("unknown_samples", report.unknownSamples());
            out.println(Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(doc));
        } else {
            text(report, out);
        }
        out.flush();
        return ExitCode.OK;
    }

    private GcReport analyze() throws BrinkUserException {
        if (logs.size() == 1) {
            Path p = logs.get(0);
            if (Files.isDirectory(p) && Files.isRegularFile(p.resolve(RunDirectory.GC))) {
                return GcLogAnalyzer.analyzeGcJsonl(p.resolve(RunDirectory.GC));
            }
            if (p.getFileName() != null && p.getFileName().toString().endsWith(".jsonl")) {
                return GcLogAnalyzer.analyzeGcJsonl(p);
            }
        }
        return GcLogAnalyzer.analyze(logs);
    }

    /** What a GC finding says beyond its title, read from its kind's record, in the order the text shows it. */
    private static Map<String, Object> notes(Finding f) {
        Map<String, Object> out = new LinkedHashMap<>();
        Detail d = Detail.of(f);
        if (d instanceof GcPressureDetail g) {
            out.put("causes", g.causes());
            out.put("caller", g.caller());
            out.put("flags", g.flags());
            out.put("advice", g.advice());
            out.put("meaning", g.meaning());
        } else if (d instanceof HeapTooSmallDetail h) {
            out.put("reason", h.reason());
            out.put("flags", h.flags());
        } else if (d instanceof MemoryLeakDetail m) {
            out.put("reason", m.reason());
            out.put("advice", m.advice());
        } else if (d instanceof MetaspaceDetail m) {
            out.put("advice", m.advice());
        } else if (d instanceof LongPauseDetail p) {
            out.put("advice", p.advice());
        }
        return out;
    }

    private static void text(GcReport r, PrintWriter out) {
        if (r.findings().isEmpty()) {
            out.println("No GC finding.");
        } else {
            out.println("Findings:");
            for (Finding f : r.findings()) {
                out.printf(Locale.ROOT, "  [%s] %s: %s%n", f.severity().jsonName(), f.kind().jsonName(), f.title());
                notes(f).forEach((label, v) -> {
                    if (v != null) {
                        out.printf(Locale.ROOT, "      %s: %s%n", label, v);
                    }
                });
            }
        }
        out.println();
        JvmSettings s = r.settings();
        out.printf(Locale.ROOT, "Log: %s (%s, %d lines, %d events, %d not understood)%n", String.join(", ", r.sources()),
                r.format(), r.lines(), r.events().size(), r.unknownLines());
        out.printf(Locale.ROOT, "JVM: collector %s, max heap %s, CPUs %s%s%n", s.collector().isEmpty() ? "?" : s.collector(),
                s.maxHeap() > 0 ? Sizes.mb(s.maxHeap()) : "?", s.cpus() > 0 ? String.valueOf(s.cpus()) : "?",
                s.jvmVersion().isEmpty() ? "" : ", " + s.jvmVersion());
        PauseStats p = r.pauses();
        out.printf(Locale.ROOT, "Pauses: %d, total %.1f ms, p50 %.1f ms, p99 %.1f ms, max %.1f ms; full GCs %d%n",
                p.count(), p.totalMs(), p.p50Ms(), p.p99Ms(), p.maxMs(), p.fullGcs());
        if ("index".equals(r.timeAxis())) {
            out.println("GC time: unknown (the log has no time stamps; trends are over the GC number)");
        } else {
            out.printf(Locale.ROOT, "GC time: %.1f%% of %.1f s (%s axis); worst 60 s window %.1f%%%n",
                    p.gcTimeShare() * 100, p.spanSec(), r.timeAxis(), p.worstWindowShare() * 100);
        }
        out.println("Heap after GC: " + r.trend().verdict());
        Map<String, Integer> kinds = new LinkedHashMap<>();
        for (GcEvent e : r.events()) {
            kinds.merge(e.kind().jsonName(), 1, Integer::sum);
        }
        out.println("Events by kind: " + kinds);
        Map<String, Integer> causes = new LinkedHashMap<>();
        for (GcEvent e : r.events()) {
            if (!e.cause().isEmpty()) {
                causes.merge(e.cause(), 1, Integer::sum);
            }
        }
        if (!causes.isEmpty()) {
            out.println("Collections by cause: " + causes);
        }
        if (!r.metaspaceOoms().isEmpty()) {
            out.printf(Locale.ROOT, "OutOfMemoryError for class metadata: %d (first at %s)%n", r.metaspaceOoms().size(),
                    r.metaspaceOoms().get(0).source());
        }
        if (!r.unknownSamples().isEmpty()) {
            out.println("Lines not understood (first " + r.unknownSamples().size() + "):");
            for (String u : r.unknownSamples()) {
                out.println("  " + u);
            }
        }
    }

}
