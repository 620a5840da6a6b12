package dev.brink.report;

import dev.brink.core.Finding;
import dev.brink.core.Sizes;
import dev.brink.core.detail.BusyThreadDetail;
import dev.brink.core.detail.Detail;
import dev.brink.core.detail.HeapRetention;
import dev.brink.core.detail.LockContentionDetail;
import dev.brink.core.detail.MemoryLeakDetail;
import dev.brink.core.summary.CapacityStep;
import dev.brink.core.summary.ConfirmResult;
import dev.brink.core.summary.HolderGrowth;
import dev.brink.core.summary.RunSummary;
import dev.brink.core.summary.SoakResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** summary.md: the verdicts and findings as Markdown, short enough for a pull-request comment. */
final class SummaryMarkdown {
    private SummaryMarkdown() {
    }

    static String render(RunData run) {
        StringBuilder md = new StringBuilder();
        RunSummary s = run.summary();
        md.append("# Brink run").append(s.plan() == null ? "" : ": " + s.plan()).append("\n\n");
        if (run.summaryRecovered()) {
            md.append("> **Incomplete**: summary.json is missing, the run did not finish")
                    .append(Verdicts.lastStep(s))
                    .append(". The verdicts below are rebuilt from events.jsonl.\n\n");
        } else if (s.interrupted()) {
            md.append("> **Interrupted**: the run was cut short").append(Verdicts.lastStep(s))
                    .append("; the verdicts cover what ran.\n\n");
        }
        if (s.started() != null) {
            md.append("Started ").append(s.started()).append(", ").append(Verdicts.seconds(s.durationS()))
                    .append(s.brink() == null ? "" : ", Brink " + s.brink()).append(".\n\n");
        }
        md.append("## Verdict\n\n");
        if (s.capacity() != null) md.append("- ").append(escape(Verdicts.capacity(s.capacity()))).append('\n');
        if (s.confirm() != null) md.append("- ").append(escape(Verdicts.confirm(s.confirm()))).append(confirmNumbers(s.confirm())).append('\n');
        if (s.stages() != null) md.append("- ").append(escape(Verdicts.stages(s.stages()))).append('\n');
        if (s.soak() != null) md.append("- ").append(escape(Verdicts.soak(s.soak()))).append(soakNumbers(s.soak())).append('\n');
        if (s.capacity() == null && s.confirm() == null && s.soak() == null && s.stages() == null) md.append("- no phase ran to its end\n");
        md.append('\n');
        if (!s.findings().isEmpty()) {
            md.append("## Findings\n\n");
            for (Finding f : s.findings()) {
                md.append("- **").append(f.severity().jsonName()).append("** ").append(f.kind().jsonName()).append(": ")
                        .append(escape(f.title()));
                if (!f.subject().isEmpty()) md.append(" — `").append(f.subject().replace("`", "'")).append('`');
                String numbers = keyNumbers(f);
                if (!numbers.isEmpty()) md.append("; ").append(escape(numbers));
                if (!f.evidence().isEmpty()) md.append(" (").append(String.join(", ", f.evidence())).append(')');
                md.append('\n');
            }
            md.append('\n');
        }
        if (s.capacity() != null && !s.capacity().steps().isEmpty()) {
            md.append("## Capacity steps\n\n| N | target req/s | achieved req/s | errors | p50 ms | p99 ms | verdict |\n")
                    .append("|---:|---:|---:|---:|---:|---:|---|\n");
            for (CapacityStep st : s.capacity().steps()) {
                md.append(String.format(Locale.ROOT, "| %d | %s | %.1f | %.2f %% | %.1f | %.1f | %s%s |%n",
                        st.multiplier(), st.load(), st.achievedRps(), st.errorRate() * 100, st.p50Ms(), st.p99Ms(),
                        escape(Verdicts.step(st)), ""));
            }
            md.append('\n');
        }
        List<List<String>> ops = OperationTable.rows(s.capacity());
        if (!ops.isEmpty()) {
            md.append("## Operations\n\n| ").append(String.join(" | ", OperationTable.HEADER)).append(" |\n|")
                    .append("---|".repeat(OperationTable.HEADER.size())).append('\n');
            for (List<String> row : ops) {
                md.append("| ").append(row.stream().map(SummaryMarkdown::escape).collect(java.util.stream.Collectors.joining(" | "))).append(" |\n");
            }
            md.append('\n');
        }
        if (!run.missing().isEmpty()) {
            md.append("Missing from the run directory: ").append(String.join(", ", run.missing())).append(".\n");
        }
        return md.toString();
    }

    private static String confirmNumbers(ConfirmResult c) {
        return String.format(Locale.ROOT, " — achieved %.1f of %s req/s, errors %.2f %%, p99 %.1f ms",
                c.achievedRps(), Verdicts.num(c.rps()), c.errorRate() * 100, c.p99Ms());
    }

    private static String soakNumbers(SoakResult s) {
        StringBuilder b = new StringBuilder();
        if (s.smallHeap() != null) b.append(" — on -Xmx").append(s.smallHeap());
        if (s.reason() != null && !s.reason().isEmpty()) b.append(b.length() == 0 ? " — " : "; ").append(escape(s.reason()));
        if (s.multiplierReason() != null) b.append(b.length() == 0 ? " — " : "; ").append("multiplier: ").append(escape(s.multiplierReason()));
        if (s.heapGrowth() != null) {
            // the holders that grew between the soak's heap dumps, beside the heap-after-GC trend
            for (HolderGrowth h : s.heapGrowth().grown()) {
                b.append(b.length() == 0 ? " — " : "; ").append("heap dumps: `").append(h.holder().replace("`", "'")).append("` grew by ")
                        .append(Sizes.human(h.growthBytes())).append(h.bytesPerHour() == null ? ""
                                : String.format(Locale.ROOT, " (%+.1f MB/h)", h.bytesPerHour() / 1e6));
            }
            if (s.heapGrowth().grown().isEmpty()) {
                b.append(b.length() == 0 ? " — " : "; ").append("heap dumps: no holder grew beyond normal churn");
            }
        }
        return b.toString();
    }

    /** The one or two numbers a reviewer checks first, per kind (read from the kind's detail record). */
    static String keyNumbers(Finding f) {
        List<String> parts = new ArrayList<>();
        switch (f.kind()) {
            case MEMORY_LEAK, LEAK_SUSPECT -> {
                HeapRetention d = (HeapRetention) Detail.of(f);
                if (d instanceof MemoryLeakDetail m && m.growthBytes() != null) parts.add("grew by " + Sizes.human(m.growthBytes())
                        + (m.growthBytesPerHour() != null ? String.format(Locale.ROOT, " (%.1f MB/h)", m.growthBytesPerHour() / 1e6) : ""));
                if (d.retainedBytes() != null) parts.add("retains " + Sizes.human(d.retainedBytes()));
                if (d.shareOfHeap() != null) parts.add(String.format(Locale.ROOT, "%.1f %% of the heap", d.shareOfHeap() * 100));
                if (d.accumulationClass() != null) parts.add("accumulates in " + d.accumulationClass());
            }
            case LOCK_CONTENTION -> {
                LockContentionDetail d = Detail.of(f, LockContentionDetail.class);
                if (d.holderThread() != null) parts.add("held by " + d.holderThread());
                if (d.holderFrame() != null) parts.add("at " + d.holderFrame());
                if (d.waiterCount() != null) parts.add(d.waiterCount() + " waiting");
            }
            case BUSY_THREAD -> {
                BusyThreadDetail d = Detail.of(f, BusyThreadDetail.class);
                if (d.frame() != null) parts.add("in " + d.frame());
                if (d.threads() != null) parts.add(d.threads().size() + (d.threads().size() == 1 ? " thread" : " threads"));
            }
            default -> {
            }
        }
        return String.join(", ", parts);
    }

    private static String escape(String s) {
        return s.replace("|", "\\|").replace("<", "&lt;");
    }
}
