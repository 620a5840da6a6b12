package dev.brink.report;

import dev.brink.core.Sizes;
import dev.brink.core.summary.HeapGrowth;
import dev.brink.core.summary.HolderGrowth;
import java.time.Instant;
import java.util.Locale;

/**
 * Two heap dumps compared holder by holder, as HTML: when each was written, the heap in each, then one table of
 * the holders that grew, one of the bounded caches still filling and the buffer pools grown to their working set, and
 * one of the biggest that stayed flat (heap bytes, the native memory their direct buffers hold, elements before and
 * after, growth per hour of heap and native together). The grown holders' paths and accumulation points are their memory-leak findings', rendered beside.
 */
final class HeapGrowthHtml {
    private HeapGrowthHtml() {
    }

    static void section(StringBuilder h, HeapGrowth g) {
        h.append("<p class=\"meta\">before: <code>").append(Html.text(g.dumpBefore())).append("</code>, ")
                .append(Html.text(String.valueOf(Instant.ofEpochMilli(g.epochMsBefore())))).append(", heap ")
                .append(Sizes.human(g.heapBytesBefore())).append(" · after: <code>").append(Html.text(g.dumpAfter()))
                .append("</code>, ").append(Html.text(String.valueOf(Instant.ofEpochMilli(g.epochMsAfter())))).append(", heap ")
                .append(Sizes.human(g.heapBytesAfter())).append("</p>\n");
        if (g.grown().isEmpty()) {
            h.append("<p class=\"ok\">No growth: every holder stayed within normal churn.</p>\n");
        } else {
            h.append("<p class=\"bad\">").append(g.grown().size()).append(g.grown().size() == 1 ? " holder" : " holders")
                    .append(" grew beyond normal churn.</p>\n");
            table(h, "Grown holders", g.grown());
        }
        table(h, "Filling, not leaking: bounded caches below the bound they evict at, buffer pools grown to their working set",
                g.filling());
        table(h, "Stable holders (the biggest)", g.stable());
    }

    private static void table(StringBuilder h, String caption, java.util.List<HolderGrowth> rows) {
        if (rows.isEmpty()) {
            return;
        }
        h.append("<table class=\"mini holders\"><caption>").append(Html.text(caption)).append("</caption><thead><tr><th>holder</th>")
                .append("<th>kind</th><th>retained before</th><th>retained after</th><th>native before → after</th>")
                .append("<th>growth (heap and native)</th><th>per hour</th>")
                .append("<th>elements before → after</th></tr></thead><tbody>\n");
        for (HolderGrowth r : rows) {
            h.append("<tr").append(r.grew() ? " class=\"degraded\"" : "").append("><td><code>").append(Html.text(r.holder()))
                    .append("</code>").append(r.structure().isEmpty() ? "" : "<br><small>" + Html.text(r.structure()) + "</small>")
                    .append("</td><td>").append(Html.text(r.kind().json())).append("</td><td>").append(Sizes.human(r.bytesBefore()))
                    .append("</td><td>").append(Sizes.human(r.bytesAfter())).append("</td><td>")
                    .append(r.nativeBeforeAfter("")).append("</td><td>")
                    .append(r.totalGrowthBytes() < 0 ? "-" : "+").append(Sizes.human(Math.abs(r.totalGrowthBytes()))).append("</td><td>")
                    .append(r.bytesPerHour() != null ? String.format(Locale.ROOT, "%.1f MB/h", r.bytesPerHour() / 1e6) : "")
                    .append("</td><td>").append(count(r.elementsBefore())).append(" → ").append(count(r.elementsAfter()))
                    .append("</td></tr>\n");
        }
        h.append("</tbody></table>\n");
    }

    private static String count(long n) {
        return n < 0 ? "?" : String.format(Locale.ROOT, "%,d", n);
    }
}
