package dev.brink.report;

import dev.brink.core.Finding;
import dev.brink.core.Severity;
import dev.brink.core.summary.CapacityResult;
import dev.brink.core.summary.RunSummary;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * junit.xml for CI systems: one test case per phase verdict, per SLO at the capacity found, and per
 * critical finding. A failure's message carries the numbers, so a CI page says why without the report.
 */
final class JUnitXml {
    private record Case(String name, String failure) {
    }

    private JUnitXml() {
    }

    static String render(RunData run) {
        List<Case> cases = new ArrayList<>();
        RunSummary s = run.summary();
        if (s == null) {
            cases.add(new Case("run.complete", "summary.json is missing: the run did not finish"));
        } else {
            if (s.interrupted()) {
                cases.add(new Case("run.complete", "the run was interrupted"));
            }
            if (s.capacity() != null) {
                CapacityResult c = s.capacity();
                boolean bad = c.maxMultiplier() == 0 || c.limitedBy().equals("generator");
                cases.add(new Case("capacity", bad ? Verdicts.capacity(c) : null));
            }
            if (s.confirm() != null) {
                // the SLOs are judged where they matter: holding the capacity found
                String at = " at " + s.confirm().multiplier() + "x";
                cases.add(new Case("confirm" + at, s.confirm().verdict().equals("holds") ? null : Verdicts.confirm(s.confirm())));
                cases.add(new Case("slo.error_rate" + at, reason(s.confirm().reasons(), "error rate")));
                cases.add(new Case("slo.p99" + at, reason(s.confirm().reasons(), "p99")));
            }
            if (s.soak() != null) {
                cases.add(new Case("soak", s.soak().verdict().equals("stable") ? null : Verdicts.soak(s.soak())));
            }
            for (Finding f : s.findings()) {
                if (f.severity() == Severity.CRITICAL) {
                    cases.add(new Case("finding." + f.kind().jsonName() + ": " + f.subject(), f.title()));
                }
            }
        }
        long failures = cases.stream().filter(c -> c.failure() != null).count();
        StringBuilder x = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        x.append(String.format(Locale.ROOT, "<testsuite name=\"brink%s\" tests=\"%d\" failures=\"%d\" errors=\"0\" skipped=\"0\"%s>%n",
                s == null || s.plan() == null ? "" : "." + attr(s.plan()), cases.size(), failures,
                s == null ? "" : String.format(Locale.ROOT, " time=\"%.1f\"", s.durationS())));
        for (Case c : cases) {
            x.append("  <testcase classname=\"brink\" name=\"").append(attr(c.name())).append('"');
            if (c.failure() == null) {
                x.append("/>\n");
            } else {
                x.append(">\n    <failure message=\"").append(attr(c.failure())).append("\">")
                        .append(attr(c.failure())).append("</failure>\n  </testcase>\n");
            }
        }
        return x.append("</testsuite>\n").toString();
    }

    private static String reason(List<String> reasons, String prefix) {
        return reasons.stream().filter(r -> r.startsWith(prefix)).findFirst().orElse(null);
    }

    static String attr(String s) {
        StringBuilder b = new StringBuilder(s.length());
        for (char ch : s.toCharArray()) {
            switch (ch) {
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '&' -> b.append("&amp;");
                case '"' -> b.append("&quot;");
                case '\'' -> b.append("&apos;");
                default -> {
                    if (ch >= 0x20 || ch == '\n' || ch == '\t') {
                        b.append(ch); // other control characters are not allowed in XML 1.0
                    }
                }
            }
        }
        return b.toString();
    }
}
