package dev.brink.bench;

import dev.brink.core.stats.Figures;
import dev.brink.core.stats.Significance;
import dev.brink.core.stats.Verdict;
import dev.brink.core.Xml;
import java.util.List;
import java.util.Locale;

/**
 * JUnit XML for CI servers: one test case per benchmark and metric, a failure for each regression the CI gate fails
 * on, skipped for inconclusive ones so a dashboard shows they decided nothing.
 */
public final class BenchJunit {
    private BenchJunit() {
    }

    /** {@code gateAllocation}: whether more allocation beyond the threshold is a failure (--fail-on alloc). */
    public static String write(List<CompareReport> reports, boolean gateAllocation) {
        int tests = 0;
        int failures = 0;
        int skipped = 0;
        StringBuilder cases = new StringBuilder();
        for (CompareReport r : reports) {
            for (Comparison c : r.comparisons()) {
                tests++;
                String name = c.label() + " " + c.mode() + (c.primary() ? "" : " " + c.metric());
                cases.append("    <testcase classname=\"brink.bench\" name=\"").append(xml(name)).append("\">\n");
                String line = String.format(Locale.ROOT, "%s → %s: %s %s, ratio %s %s, p = %s, forks %d/%d: %s",
                        Figures.num(c.base().mean()), Figures.num(c.news().mean()), c.unit(), BenchText.change(c),
                        Figures.num(c.ratio()), BenchText.interval(c), Significance.formatP(c.p()),
                        c.base().forkMeans().length, c.news().forkMeans().length, c.verdictText());
                if (c.beyondThreshold() && (c.primary() || gateAllocation)) {
                    failures++;
                    String why = c.inconclusiveRegression() ? "cannot rule out " + BenchText.change(c) + ": " + c.verdictText()
                            : c.verdictText() + " by " + BenchText.change(c);
                    cases.append("      <failure message=\"").append(xml(why)).append("\">").append(xml(line)).append("</failure>\n");
                } else if (c.verdict() == Verdict.INCONCLUSIVE) {
                    skipped++;
                    cases.append("      <skipped message=\"").append(xml(c.verdictText())).append("\"/>\n");
                }
                cases.append("      <system-out>").append(xml(line)).append("</system-out>\n");
                cases.append("    </testcase>\n");
            }
        }
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n  <testsuite name=\"brink bench compare\" tests=\""
                + tests + "\" failures=\"" + failures + "\" errors=\"0\" skipped=\"" + skipped + "\">\n" + cases
                + "  </testsuite>\n</testsuites>\n";
    }

    static String xml(String s) {
        return Xml.escape(s);
    }
}
