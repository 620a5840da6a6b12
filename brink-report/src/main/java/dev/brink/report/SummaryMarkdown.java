package dev.brink.report;

import dev.brink.core.Finding;
import dev.brink.core.summary.CapacityStep;
import dev.brink.core.summary.RunSummary;
import java.util.Locale;

/** summary.md: the verdicts and findings as Markdown, short enough for a pull-request comment. */
final class SummaryMarkdown {
    private SummaryMarkdown() {
    }

    static String render(RunData run) {
        StringBuilder md = new StringBuilder();
        RunSummary s = run.summary();
        md.append("# Brink run").append(s == null || s.plan() == null ? "" : ": " + s.plan()).append("\n\n");
        if (s == null) {
            md.append("> summary.json is missing: the run did not finish. Charts and raw files are in the run directory.\n\n");
        } else {
            if (s.interrupted()) {
                md.append("> **Interrupted**: the run was cut short; the verdicts cover what ran.\n\n");
            }
            md.append("Started ").append(s.started()).append(", ").append(Verdicts.seconds(s.durationS()))
                    .append(", Brink ").append(s.brink()).append(".\n\n");
            md.append("## Verdict\n\n");
            if (s.capacity() != null) md.append("- ").append(Verdicts.capacity(s.capacity())).append('\n');
            if (s.confirm() != null) md.append("- ").append(Verdicts.confirm(s.confirm())).append('\n');
            if (s.soak() != null) md.append("- ").append(Verdicts.soak(s.soak())).append('\n');
            if (s.capacity() == null && s.confirm() == null && s.soak() == null) md.append("- no phase ran to its end\n");
            md.append('\n');
            if (!s.findings().isEmpty()) {
                md.append("## Findings\n\n");
                for (Finding f : s.findings()) {
                    md.append("- **").append(f.severity().jsonName()).append("** ").append(f.kind().jsonName()).append(": ")
                            .append(escape(f.title()));
                    if (!f.subject().isEmpty()) md.append(" — `").append(f.subject()).append('`');
                    if (!f.evidence().isEmpty()) md.append(" (").append(String.join(", ", f.evidence())).append(')');
                    md.append('\n');
                }
                md.append('\n');
            }
            if (s.capacity() != null && !s.capacity().steps().isEmpty()) {
                md.append("## Capacity steps\n\n| N | target req/s | achieved req/s | errors | p50 ms | p99 ms | verdict |\n")
                        .append("|---:|---:|---:|---:|---:|---:|---|\n");
                for (CapacityStep st : s.capacity().steps()) {
                    md.append(String.format(Locale.ROOT, "| %d | %.1f | %.1f | %.2f %% | %.1f | %.1f | %s%s |%n",
                            st.multiplier(), st.targetRps(), st.achievedRps(), st.errorRate() * 100, st.p50Ms(), st.p99Ms(),
                            st.verdict(), st.reasons().isEmpty() ? "" : ": " + escape(String.join("; ", st.reasons()))));
                }
                md.append('\n');
            }
        }
        if (!run.missing().isEmpty()) {
            md.append("Missing from the run directory: ").append(String.join(", ", run.missing())).append(".\n");
        }
        return md.toString();
    }

    private static String escape(String s) {
        return s.replace("|", "\\|");
    }
}
