package dev.brink.cli;

import dev.brink.core.Durations;
import dev.brink.core.Finding;
import dev.brink.core.Json;
import dev.brink.load.engine.GeneratorHealth;
import dev.brink.load.engine.IntervalStats;
import dev.brink.load.engine.Percentiles;
import dev.brink.load.engine.StepResult;
import dev.brink.method.OneLineVerdict;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/** What {@code brink http} prints: a live line per second, then a summary table or JSON. No header value is ever shown. */
final class HttpReport {
    private final PrintWriter out;
    private final boolean terminal;
    private final double totalSeconds;
    private double elapsed;

    HttpReport(PrintWriter out, boolean terminal, Duration total) {
        this.out = out;
        this.terminal = terminal;
        this.totalSeconds = total.toNanos() / 1e9;
    }

    static String headline(String url, Double rate, Integer users, Duration d, int conns, String transport) {
        String model = rate != null ? String.format(Locale.ROOT, "open model, %s req/s", num(rate)) : "closed model, " + users + " users";
        return "brink http " + url + " — " + model + " for " + Durations.format(d) + ", up to " + conns
                + " connections (" + transport + ")";
    }

    void interval(IntervalStats i, GeneratorHealth g) {
        elapsed += i.intervalS();
        String line = String.format(Locale.ROOT, "%5.0fs %9s req/s  ok %-7d err %-5d p99 %8s ms (service %s ms)  in-flight %d  conns %d%s",
                elapsed, num(i.sent() / Math.max(i.intervalS(), 1e-9)), i.ok(), i.errorCount(),
                ms(i.corrected().p99Ms()), ms(i.uncorrected().p99Ms()), i.inFlight(), i.tcpConnections(),
                g.bound() ? "  GENERATOR-BOUND: " + String.join("; ", g.reasons()) : "");
        if (terminal) {
            int width = 20;
            int done = (int) Math.min(width, Math.round(elapsed / totalSeconds * width));
            out.print("\r[" + "#".repeat(done) + " ".repeat(width - done) + "] " + line + "   ");
        } else {
            out.println(line);
        }
        out.flush();
    }

    void done() {
        if (terminal) out.println();
    }

    static void table(PrintWriter out, StepResult r, OneLineVerdict verdict, Path runDir) {
        // "dropped" only with its true cause: a full backlog is the generator's, requests left waiting for a connection
        // the target still held are the target's
        out.printf(Locale.ROOT, "  requests     %d sent, %d ok, %d errors%s%s%n", r.sent(), r.ok(), r.errorCount(),
                r.overflowed() > 0 ? ", " + r.overflowed() + " dropped (the generator's backlog was full)" : "",
                r.unsent() > 0 ? ", " + r.unsent() + " never sent (every connection held a request the target had not answered)" : "");
        out.printf(Locale.ROOT, "  achieved     %s req/s%s%n", num(r.achievedRps()),
                r.targetRps() > 0 ? " (target " + num(r.targetRps()) + ")" : "");
        out.printf(Locale.ROOT, "  errors       %s%n", r.errors().isEmpty() ? "none" : r.errors().entrySet().stream()
                .map(e -> e.getKey() + " " + e.getValue()).collect(Collectors.joining(", "))
                + String.format(Locale.ROOT, " (%.2f%%)", r.errorRate() * 100));
        out.printf(Locale.ROOT, "  latency ms   %10s %9s %9s %9s %9s%n", "p50", "p90", "p99", "p99.9", "max");
        row(out, "corrected", r.corrected());
        row(out, "uncorrected", r.uncorrected());
        if (r.operations().size() > 1) {
            out.printf(Locale.ROOT, "  operations   %-24s %10s %8s %9s %9s %9s%n", "", "req/s", "errors", "p50 ms", "p99 ms", "max ms");
            for (var op : r.operations()) {
                out.printf(Locale.ROOT, "    %-34s %10s %7.2f%% %9s %9s %9s%s%n", op.name(), num(op.achievedRps()), op.errorRate() * 100,
                        ms(op.p50Ms()), ms(op.p99Ms()), ms(op.maxMs()), op.errors().isEmpty() ? "" : "  " + op.errors().entrySet().stream()
                                .map(e -> e.getKey() + " " + e.getValue()).collect(Collectors.joining(", ")));
            }
        }
        GeneratorHealth g = r.generator();
        if (g != null) {
            out.printf(Locale.ROOT, "  generator    event loop %.0f%% of a core, process %.0f%%, lag p99 %s ms, gc %d ms, %d connections, "
                            + "ephemeral ports %d/%d, TIME_WAIT %d%n", g.loopCpu() * 100, g.processCpu() * 100, ms(g.lagP99Ms()),
                    g.gcPauseMs(), g.connections(), g.ephemeralPortsInUse(), g.ephemeralPortRange(), g.timeWait());
        }
        List<String> lines = verdict.lines();
        for (int i = 0; i < lines.size(); i++) {
            out.println((i == 0 ? "  verdict      " : "               ") + lines.get(i));
        }
        if (runDir != null) out.println("  run dir      " + runDir);
    }

    /**
     * Server-streaming calls, after the table: each message timed from its call's intended start, the gaps
     * between messages, and the calls' totals (the latency rows above), so a late first message or a stop
     * inside a stream shows apart from a slow stream.
     */
    static void streams(PrintWriter out, List<dev.brink.core.evidence.StreamTimingLine> streams) {
        for (dev.brink.core.evidence.StreamTimingLine s : streams) {
            out.printf(Locale.ROOT, "  stream       %s: %d calls ended, %d messages (%s per call)%n", s.operation(), s.calls(),
                    s.messages(), num(Math.round(s.messagesPerCall() * 10) / 10.0));
            out.printf(Locale.ROOT, "  stream ms    %10s %9s %9s %9s %9s%n", "p50", "p90", "p99", "p99.9", "max");
            spread(out, "first msg", s.firstMessage());
            spread(out, "each msg", s.message());
            spread(out, "msg gap", s.gap());
            spread(out, "call total", s.total());
        }
    }

    private static void spread(PrintWriter out, String name, dev.brink.core.evidence.StreamTimingLine.Spread p) {
        out.printf(Locale.ROOT, "    %-11s %8s %9s %9s %9s %9s%n", name, ms(p.p50()), ms(p.p90()), ms(p.p99()), ms(p.p999()), ms(p.max()));
    }

    private static void row(PrintWriter out, String name, Percentiles p) {
        out.printf(Locale.ROOT, "    %-11s %8s %9s %9s %9s %9s%n", name, ms(p.p50Ms()), ms(p.p90Ms()), ms(p.p99Ms()), ms(p.p999Ms()), ms(p.maxMs()));
    }

    static void json(PrintWriter out, String url, StepResult r, OneLineVerdict verdict, List<Finding> findings,
                     List<dev.brink.core.evidence.StreamTimingLine> streams, List<String> gateFailed) throws Exception {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("url", url);
        doc.put("result", r);
        doc.put("verdict", verdict);
        doc.put("findings", findings);
        if (!streams.isEmpty()) doc.put("streams", streams); // as in streams.jsonl
        doc.put("gate", Map.of("passed", gateFailed.isEmpty(), "failed", gateFailed));
        out.println(Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(doc));
    }

    /** The run's findings (port exhaustion, a saturated host, a generator that fell behind), after the table. */
    static void findings(PrintWriter out, List<Finding> findings) {
        for (Finding f : findings) {
            out.println("  finding      " + f.severity().jsonName() + " " + f.kind().jsonName() + ": " + f.title());
            Object advice = f.detail().get(dev.brink.core.FindingDetail.PortExhaustion.ADVICE);
            if (advice != null) {
                out.println("  advice       " + advice);
            }
        }
    }

    private static String ms(double v) {
        return String.format(Locale.ROOT, "%.2f", v);
    }

    private static String num(double v) {
        return v == Math.rint(v) ? String.format(Locale.ROOT, "%.0f", v) : String.format(Locale.ROOT, "%.1f", v);
    }
}
