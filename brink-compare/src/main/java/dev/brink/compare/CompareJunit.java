package dev.brink.compare;

import dev.brink.core.Finding;
import dev.brink.core.Xml;
import dev.brink.core.stats.Figures;
import dev.brink.core.stats.Significance;
import dev.brink.core.stats.Verdict;
import java.util.List;
import java.util.Locale;

/**
 * {@code brink compare --junit}: one test case per metric row, phase and new finding; a failure for each thing the
 * gate fails on, skipped for what could not be decided, so a CI dashboard shows it decided nothing.
 */
public final class CompareJunit {
    private CompareJunit() {
    }

    public static String write(List<RunComparison> comparisons) {
        int tests = 0;
        int failures = 0;
        int skipped = 0;
        StringBuilder cases = new StringBuilder();
        for (RunComparison c : comparisons) {
            for (MetricComparison m : c.metrics()) {
                tests++;
                String line = String.format(Locale.ROOT, "%s → %s %s %s, ratio %s %s, p (Holm) = %s, units %s: %s", Figures.num(m.base()),
                        Figures.num(m.news()), m.metric().unit(), Figures.change(m.ratio()), Figures.num(m.ratio()),
                        Figures.interval(m.ratioLow(), m.ratioHigh()), Significance.formatP(m.pAdjusted()), CompareText.units(m),
                        m.verdictText() + "; " + m.note());
                String failure = m.regression() ? (m.verdict() == Verdict.INCONCLUSIVE ? "cannot rule out " : m.verdictText() + " by ")
                        + Figures.change(m.ratio()) : null;
                String skip = m.verdict() == Verdict.INCONCLUSIVE && failure == null ? m.verdictText() : null;
                failures += failure != null ? 1 : 0;
                skipped += skip != null ? 1 : 0;
                testcase(cases, m.step() + " " + m.operationLabel() + " " + m.metric().json(), failure, skip, line);
            }
            for (PhaseChange p : c.phases()) {
                tests++;
                String failure = p.regression() ? p.phase().word() + " " + p.verdictText() : null;
                String skip = p.verdict() == Verdict.INCONCLUSIVE && failure == null ? p.note() : null;
                failures += failure != null ? 1 : 0;
                skipped += skip != null ? 1 : 0;
                testcase(cases, p.phase().word(), failure, skip, p.base() + " → " + p.news() + ": " + p.verdictText() + " (" + p.note() + ")");
            }
            List<Finding> failing = c.settings().failOn().contains(GateCondition.FINDINGS) ? c.findings().failing() : List.of();
            for (Finding f : c.findings().added()) {
                tests++;
                String failure = failing.contains(f) ? "new " + f.severity().jsonName() + " finding" : null;
                failures += failure != null ? 1 : 0;
                testcase(cases, "finding " + f.kind().jsonName() + " " + f.subject(), failure, null, f.title());
            }
        }
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n  <testsuite name=\"brink compare\" tests=\"" + tests
                + "\" failures=\"" + failures + "\" errors=\"0\" skipped=\"" + skipped + "\">\n" + cases + "  </testsuite>\n</testsuites>\n";
    }

    private static void testcase(StringBuilder b, String name, String failure, String skip, String out) {
        b.append("    <testcase classname=\"brink.compare\" name=\"").append(Xml.escape(name)).append("\">\n");
        if (failure != null) {
            b.append("      <failure message=\"").append(Xml.escape(failure)).append("\">").append(Xml.escape(out)).append("</failure>\n");
        } else if (skip != null) {
            b.append("      <skipped message=\"").append(Xml.escape(skip)).append("\"/>\n");
        }
        b.append("      <system-out>").append(Xml.escape(out)).append("</system-out>\n    </testcase>\n");
    }
}
