package dev.brink.cli;

import dev.brink.core.Durations;
import dev.brink.core.Finding;
import dev.brink.core.FindingKind;
import dev.brink.core.Json;
import dev.brink.core.detail.Detail;
import dev.brink.core.detail.PortExhaustionDetail;
import dev.brink.core.line.GeneratorHealth;
import dev.brink.core.line.IntervalStats;
import dev.brink.core.line.Percentiles;
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
    private final String inFlight;

    /** {@code inFlight}: what the live line calls requests in flight ("streams" over HTTP/2, whose conns are fewer). */
    HttpReport(PrintWriter out, boolean terminal, Duration total, String inFlight) {
        this.out = out;
        this.terminal = terminal;
        this.totalSeconds = total.toNanos() / 1e9;
        this.inFlight = inFlight;
    }

    static String headline(String url, Double rate, Integer users, Duration d, dev.brink.load.plan.Plan.Target target, int slots,
                           String transport) {
        String model = rate != null ? String.format(Locale.ROOT, "open model, %s req/s", num(rate)) : "closed model, " + users + " users";
        dev.brink.load.plan.Plan.Http h = target.http();
        String tls = !target.tls() ? "" : h.tls() != null && h.tls().insecure() ? ", TLS unverified" : ", TLS";
        String perCall = h.perCall() ? ", a new connection per request" : "";
        String wire = h.http2()
                ? "HTTP/2 (" + (target.tls() ? "h2" : "h2c") + tls + perCall + "), " + (h.perCall() ? "" : h.connections()
                        + (h.connections() == 1 ? " connection, " : " connections, ")) + "up to " + slots + " streams in flight"
                : "HTTP/1.1" + tls + perCall + ", up to " + slots + " connections";
        return "brink http " + url + " — " + model + " for " + Durations.format(d) + ", " + wire + " (" + transport + ")";
    }

    void interval(IntervalStats i, GeneratorHealth g) {
        elapsed += i.intervalS();
        String line = String.format(Locale.ROOT, "%5.0fs %9s req/s  ok %-7d err %-5d p99 %8s ms (service %s ms)  %s %d  conns %d%s",
                elapsed, num(i.sent() / Math.max(i.intervalS(), 1e-9)), i.ok(), i.errorCount(),
                ms(i.corrected().p99Ms()), ms(i.uncorrected().p99Ms()), inFlight, i.inFlight(), i.tcpConnections(),
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
                     List<dev.brink.core.evidence.StreamTimingLine> streams, dev.brink.load.engine.TlsSummary tls,
                     List<String> gateFailed) throws Exception {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("url", url);
        doc.put("result", r);
        doc.put("verdict", verdict);
        if (tls != null) doc.put("tls", tls); // as the tls line of events.jsonl
        doc.put("findings", findings);
        if (!streams.isEmpty()) doc.put("streams", streams); // as in streams.jsonl
        doc.put("gate", Map.of("passed", gateFailed.isEmpty(), "failed", gateFailed));
        out.println(Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(doc));
    }

    /**
     * The step's TLS handshakes, after the table (https only): what was agreed, by which engine, and the handshakes'
     * own time, which the latency rows do not hold apart (a request waiting for a new connection waits for both).
     */
    static void tls(PrintWriter out, dev.brink.load.engine.TlsSummary t) {
        if (t == null) return;
        out.printf(Locale.ROOT, "  tls          %s %s%s, %s engine; %d handshake%s (%d resumed%s), handshake ms p50 %s p99 %s max %s%n",
                t.protocol().isEmpty() ? "no handshake" : t.protocol(), t.cipher(), t.alpn().isEmpty() ? "" : ", ALPN " + t.alpn(),
                t.engine(), t.handshakes(), t.handshakes() == 1 ? "" : "s", t.resumed(), t.failed() > 0 ? ", " + t.failed() + " failed" : "",
                ms(t.handshakeMs().p50Ms()), ms(t.handshakeMs().p99Ms()), ms(t.handshakeMs().maxMs()));
    }

    /** The run's findings (port exhaustion, a saturated host, a generator that fell behind), after the table. */
    static void findings(PrintWriter out, List<Finding> findings) {
        for (Finding f : findings) {
            out.println("  finding      " + f.severity().jsonName() + " " + f.kind().jsonName() + ": " + f.title());
            String advice = f.kind() == FindingKind.PORT_EXHAUSTION ? Detail.of(f, PortExhaustionDetail.class).advice() : null;
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
