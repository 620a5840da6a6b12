package dev.brink.report;

import dev.brink.core.Sizes;
import dev.brink.core.summary.CapacityResult;
import dev.brink.core.summary.CapacityStep;
import dev.brink.core.summary.ConfirmResult;
import dev.brink.core.summary.SoakResult;
import java.time.Instant;
import dev.brink.core.verdict.StepVerdictKind;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/** The report's tables: capacity steps, the confirmation, the soak, and the load generator's health. */
final class PhaseHtml {
    private PhaseHtml() {
    }

    /** The steps in the order run; the highest good step and the lowest bad one are marked. */
    static void capacity(StringBuilder h, CapacityResult c) {
        if (c == null || c.steps().isEmpty()) {
            return;
        }
        h.append("<h2>Capacity steps</h2>\n<table class=\"steps\"><thead><tr><th>N</th><th>target req/s</th><th>achieved req/s</th>")
                .append("<th>errors</th><th>p50 ms</th><th>p99 ms</th><th>verdict</th></tr></thead><tbody>\n");
        boolean maxMarked = false;
        boolean badMarked = false;
        for (CapacityStep st : c.steps()) {
            String mark = "";
            if (!maxMarked && st.verdict() == StepVerdictKind.OK && st.multiplier() == c.maxMultiplier()) {
                maxMarked = true;
                mark = " max-good";
            } else if (!badMarked && st.verdict() == StepVerdictKind.DEGRADED && st.multiplier() == c.firstBadMultiplier()) {
                badMarked = true;
                mark = " first-bad";
            }
            String tag = mark.equals(" max-good") ? " <span class=\"tag\">max good</span>" : mark.equals(" first-bad") ? " <span class=\"tag\">first bad</span>" : "";
            h.append(String.format(Locale.ROOT, "<tr class=\"%s%s\"><td>%d%s</td><td>%s</td><td>%.1f</td><td>%.2f %%</td><td>%.1f</td><td>%.1f</td><td>%s</td></tr>%n",
                    Html.text(st.verdict().json()), mark, st.multiplier(), tag, st.load(), st.achievedRps(), st.errorRate() * 100,
                    st.p50Ms(), st.p99Ms(), Html.text(Verdicts.step(st))));
        }
        h.append("</tbody></table>\n");
    }

    /** Each operation at the highest good and the first bad step ({@link OperationTable}); nothing for one operation. */
    static void operations(StringBuilder h, CapacityResult c) {
        List<List<String>> rows = OperationTable.rows(c);
        if (rows.isEmpty()) {
            return;
        }
        h.append("<h2>Operations</h2>\n<table class=\"operations\"><thead><tr>");
        for (String col : OperationTable.HEADER) h.append("<th>").append(Html.text(col)).append("</th>");
        h.append("</tr></thead><tbody>\n");
        for (List<String> row : rows) {
            h.append("<tr>");
            for (String cell : row) h.append("<td>").append(Html.text(cell)).append("</td>");
            h.append("</tr>\n");
        }
        h.append("</tbody></table>\n");
    }

    static void confirm(StringBuilder h, ConfirmResult c) {
        if (c == null) {
            return;
        }
        h.append("<h2>Confirmation</h2>\n<p class=\"").append(Verdicts.cssClass(c.verdict().outcome())).append("\">")
                .append(Html.text(Verdicts.confirm(c))).append("</p>\n");
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"held", String.format(Locale.ROOT, "%d × profile = %s for %s after a %s ramp", c.multiplier(),
                c.measured() != null && c.measured().users() > 0 ? c.measured().load() : Verdicts.num(c.rps()) + " req/s",
                Verdicts.seconds(c.holdS()), Verdicts.seconds(c.rampS()))});
        rows.add(new String[] {"achieved", String.format(Locale.ROOT, "%.1f req/s", c.achievedRps())});
        rows.add(new String[] {"errors", String.format(Locale.ROOT, "%.2f %%", c.errorRate() * 100)});
        rows.add(new String[] {"p99", String.format(Locale.ROOT, "%.1f ms", c.p99Ms())});
        kv(h, rows);
        reasons(h, c.reasons());
    }

    static void soak(StringBuilder h, SoakResult s) {
        if (s == null) {
            return;
        }
        h.append("<h2>Soak</h2>\n<p class=\"").append(Verdicts.cssClass(s.verdict().outcome())).append("\">")
                .append(Html.text(Verdicts.soak(s))).append("</p>\n");
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"held", String.format(Locale.ROOT, "%s × profile = %s for %s", Verdicts.num(s.multiplier()),
                s.measured() != null && s.measured().users() > 0 ? s.measured().load() : Verdicts.num(s.rps()) + " req/s",
                Verdicts.seconds(s.holdS()))});
        if (s.measured() != null) {
            rows.add(new String[] {"achieved", String.format(Locale.ROOT, "%.1f req/s, errors %.2f %%%s", s.measured().achievedRps(),
                    s.measured().requests() == 0 ? 0 : 100.0 * s.measured().errorCount() / s.measured().requests(),
                    s.measured().latencyMs() == null ? "" : String.format(Locale.ROOT, ", p99 %.1f ms", s.measured().latencyMs().p99()))});
        }
        if (s.multiplierReason() != null) {
            rows.add(new String[] {"why this multiplier", s.multiplierReason()});
        }
        rows.add(new String[] {"target heap", s.smallHeap() == null ? "as launched" : "relaunched with -Xmx" + s.smallHeap()});
        rows.add(new String[] {"heap after GC", String.format(Locale.ROOT, "%+.1f MB/h, r² %.2f", s.slopeMbPerHour(), s.r2())});
        if (s.trend() != null) {
            rows.add(new String[] {"fitted floor", Sizes.human(s.trend().startBytes()) + " → " + Sizes.human(s.trend().endBytes())
                    + " (" + Instant.ofEpochMilli(s.trend().fromEpochMs()) + " … " + Instant.ofEpochMilli(s.trend().toEpochMs()) + ")"});
        }
        kv(h, rows);
        if (s.reason() != null && !s.reason().isEmpty()) {
            reasons(h, List.of(s.reason()));
        }
        if (s.heapGrowth() != null) {
            // beside the trend: where the heap grew, from the dump after the warm-up to the one at the end
            h.append("<h3>Heap dumps compared</h3>\n");
            HeapGrowthHtml.section(h, s.heapGrowth());
        }
    }

    /** What the generator did to itself: CPU, schedule lag, dropped requests, connections and ports. */
    /**
     * @param hostSaturated other processes saturated the machine during the run (a host-saturated step or finding): a
     *                      generator that kept up then did not make the numbers the service's
     */
    static void generator(StringBuilder h, Columns g, boolean hostSaturated) {
        if (g.isEmpty()) {
            return;
        }
        int rows = g.rows();
        double sumCpu = 0;
        int cpuRows = 0;
        long dropped = 0;
        int bound = 0;
        for (int r = 0; r < rows; r++) {
            double cpu = g.value("/process_cpu", r);
            if (cpu >= 0) {
                sumCpu += cpu;
                cpuRows++;
            }
            double d = g.value("/dropped", r);
            dropped += Double.isNaN(d) ? 0 : (long) d;
            if (g.value(ChartCatalog.REASONS + "#count", r) > 0) {
                bound++;
            }
        }
        Map<String, Integer> reasons = new TreeMap<>();
        g.texts(ChartCatalog.REASONS).forEach((r, n) -> reasons.merge(shortReason(r), n, Integer::sum));
        h.append("<h2>Load generator health</h2>\n<p class=\"").append(bound == 0 && !hostSaturated ? "ok" : hostSaturated ? "unknown" : "bad").append("\">")
                .append(bound == 0 ? (hostSaturated
                        ? "The generator kept its schedule in every second, but other processes saturated the machine (host-saturated, above): those steps measured the machine, not the service."
                        : "The generator kept up in every second: the numbers above are the service's.")
                        : String.format(Locale.ROOT, "The generator was behind in %d of %d seconds: those seconds measure %s, not the service.",
                        bound, rows, hostSaturated ? "the saturated machine (host-saturated, above)" : "Brink")).append("</p>\n");
        List<String[]> out = new ArrayList<>();
        out.add(new String[] {"own CPU", String.format(Locale.ROOT, "max %.0f %%, mean %.0f %% of all cores", max(g, "/process_cpu") * 100,
                cpuRows == 0 ? 0 : 100 * sumCpu / cpuRows)});
        out.add(new String[] {"event loop CPU", String.format(Locale.ROOT, "max %.0f %% of one core", max(g, "/loop_cpu") * 100)});
        out.add(new String[] {"schedule lag", String.format(Locale.ROOT, "worst p99 %.2f ms", max(g, "/lag_p99_ms"))});
        out.add(new String[] {"own GC pauses", String.format(Locale.ROOT, "worst %.0f ms in a second", max(g, "/gc_pause_ms"))});
        out.add(new String[] {"dropped requests", Long.toString(dropped)});
        out.add(new String[] {"connections", String.format(Locale.ROOT, "max %.0f open", max(g, "/connections"))});
        double range = max(g, "/ephemeral_port_range");
        double ports = max(g, "/ephemeral_ports_in_use");
        out.add(new String[] {"ephemeral ports", range > 0 ? String.format(Locale.ROOT, "max %.0f in use of %.0f (%.0f %%), %.0f in TIME_WAIT",
                ports, range, 100.0 * ports / range, max(g, "/time_wait")) : "not measured"});
        for (Map.Entry<String, Integer> r : reasons.entrySet()) {
            out.add(new String[] {"behind: " + r.getKey(), r.getValue() + " s"});
        }
        kv(h, out);
    }

    private static double max(Columns c, String pointer) {
        double m = 0;
        for (int r = 0; r < c.rows(); r++) {
            double v = c.value(pointer, r);
            if (v > m) m = v;
        }
        return m;
    }

    /** "cpu 91 % > 85 %" and "cpu 95 % > 85 %" count as one kind of reason: the words before the first digit. */
    private static String shortReason(String r) {
        int i = 0;
        while (i < r.length() && !Character.isDigit(r.charAt(i))) {
            i++;
        }
        String words = r.substring(0, i).trim();
        return words.isEmpty() ? r : words;
    }

    private static void reasons(StringBuilder h, List<String> reasons) {
        if (reasons.isEmpty()) {
            return;
        }
        h.append("<ul class=\"reasons\">");
        for (String r : reasons) {
            h.append("<li>").append(Html.text(r)).append("</li>");
        }
        h.append("</ul>\n");
    }

    static void kv(StringBuilder h, List<String[]> rows) {
        h.append("<table class=\"kv\">\n");
        for (String[] r : rows) {
            h.append("<tr><th>").append(Html.text(r[0])).append("</th><td>").append(Html.text(r[1])).append("</td></tr>\n");
        }
        h.append("</table>\n");
    }
}
