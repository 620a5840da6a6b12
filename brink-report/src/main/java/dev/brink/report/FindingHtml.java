package dev.brink.report;

import dev.brink.core.Finding;
import dev.brink.core.FindingDetail.BusyThread;
import dev.brink.core.FindingDetail.HeapGrowth;
import dev.brink.core.FindingDetail.HeapLeak;
import dev.brink.core.FindingDetail.LockContention;
import dev.brink.core.FindingDetail;
import dev.brink.core.Sizes;
import dev.brink.core.detail.DeadlockDetail;
import dev.brink.core.detail.BusyThreadDetail;
import dev.brink.core.detail.Detail;
import dev.brink.core.detail.HeapRetention;
import dev.brink.core.detail.LeakSuspectDetail;
import dev.brink.core.detail.LockContentionDetail;
import dev.brink.core.detail.MemoryLeakDetail;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * One finding as HTML: its title and subject, then the numbers a person checks for its kind (the detail keys
 * brink-heap and brink-threads write: a leak's or a suspect's retained share, growth between two dumps, holder,
 * accumulation class and GC-root path as an indented chain; a contended lock's holder, holder frame and waiters; busy threads with their CPU), every
 * other detail key as a plain table, and links to its evidence relative to the run directory.
 */
final class FindingHtml {
    private FindingHtml() {
    }

    static void render(StringBuilder h, Finding f, Path runDir) {
        h.append("<div class=\"finding ").append(f.severity().jsonName()).append("\" data-kind=\"").append(f.kind().jsonName())
                .append("\">\n<h3>").append(Html.text(f.title())).append("</h3>\n<p><span class=\"sev\">")
                .append(f.severity().jsonName()).append("</span> <span class=\"kind\">").append(f.kind().jsonName()).append("</span> ");
        if (!f.subject().isEmpty()) {
            h.append("<code>").append(Html.text(f.subject())).append("</code>");
        }
        h.append("</p>\n");
        Map<String, Object> rest = new LinkedHashMap<>(f.detail());
        switch (f.kind()) {
            case MEMORY_LEAK, LEAK_SUSPECT -> leak(h, (HeapRetention) Detail.of(f), rest);
            case LOCK_CONTENTION -> lock(h, Detail.of(f, LockContentionDetail.class), rest);
            case BUSY_THREAD -> busy(h, Detail.of(f, BusyThreadDetail.class), rest);
            case DEADLOCK -> deadlock(h, Detail.of(f, DeadlockDetail.class), rest);
            default -> {
            }
        }
        table(h, rest);
        if (!f.evidence().isEmpty()) {
            h.append("<p class=\"ev\">Evidence: ");
            for (String e : f.evidence()) {
                link(h, e, runDir);
                h.append(' ');
            }
            h.append("</p>\n");
        }
        h.append("</div>\n");
    }

    /** A relative href for evidence inside the run directory; a path elsewhere is shown, not linked. */
    static void link(StringBuilder h, String evidence, Path runDir) {
        Path p;
        try {
            p = Path.of(evidence);
        } catch (InvalidPathException e) { // not a path on this system (a hand-edited summary): shown, not linked
            h.append("<code>").append(Html.text(evidence)).append("</code>");
            return;
        }
        String rel = evidence;
        if (p.isAbsolute()) {
            Path root = runDir.toAbsolutePath().normalize();
            if (!p.normalize().startsWith(root)) {
                h.append("<code>").append(Html.text(evidence)).append("</code>");
                return;
            }
            rel = root.relativize(p.normalize()).toString();
        }
        h.append("<a href=\"").append(Html.text(rel.replace('\\', '/'))).append("\">").append(Html.text(rel)).append("</a>");
    }

    /** The keys {@link #leak} shows: the rest of the detail goes to the plain table. */
    private static final List<String> LEAK_SHOWN = List.of(HeapLeak.RETAINED_BYTES, HeapLeak.HEAP_BYTES, HeapLeak.SHARE_OF_HEAP,
            HeapGrowth.RETAINED_BYTES_BEFORE, HeapGrowth.GROWTH_BYTES, HeapGrowth.GROWTH_BYTES_PER_HOUR, HeapGrowth.ELEMENTS_BEFORE,
            HeapGrowth.ELEMENTS_AFTER, HeapLeak.HOLDER, HeapLeak.STRUCTURE, HeapLeak.THREADS, HeapLeak.POOL, HeapLeak.SUSPECT,
            HeapLeak.ACCUMULATION_CLASS, HeapLeak.ACCUMULATION_RETAINED_BYTES, HeapLeak.ACCUMULATION_OBJECT, HeapLeak.ROOT_KIND,
            HeapLeak.NEXT_STEP, HeapLeak.PATH_FROM_GC_ROOT);

    private static void leak(StringBuilder h, HeapRetention d, Map<String, Object> rest) {
        rest.keySet().removeAll(LEAK_SHOWN);
        List<String[]> rows = new ArrayList<>();
        if (d.retainedBytes() != null) {
            rows.add(new String[] {"retained", Sizes.human(d.retainedBytes()) + (d.shareOfHeap() != null
                    ? String.format(Locale.ROOT, " = %.1f %% of the heap", d.shareOfHeap() * 100) : "")
                    + (d.heapBytes() != null ? " (heap " + Sizes.human(d.heapBytes()) + ")" : "")});
        }
        if (d instanceof MemoryLeakDetail m) {
            if (m.growthBytes() != null) {
                rows.add(new String[] {"grew", "by " + Sizes.human(m.growthBytes()) + (m.growthBytesPerHour() != null
                        ? String.format(Locale.ROOT, " (%.1f MB/h)", m.growthBytesPerHour() / 1e6) : "")
                        + (m.retainedBytesBefore() != null
                        ? ": " + Sizes.human(m.retainedBytesBefore()) + " → " + bytes(m.retainedBytes()) : "")});
            }
            if (m.elementsAfter() != null && m.elementsAfter() >= 0) {
                boolean before = m.elementsBefore() != null && m.elementsBefore() >= 0;
                rows.add(new String[] {"elements", (before ? m.elementsBefore() + " → " : "") + m.elementsAfter()});
            }
        }
        row(rows, "holder", d.holder());
        row(rows, "what it is", d.structure());
        if (d.pool() != null) {
            rows.add(new String[] {"threads", (d.threads() == null ? "" : d.threads() + " of ") + "pool '" + d.pool() + "'"});
        }
        row(rows, "suspect", d.suspect());
        if (d.accumulationClass() != null) {
            rows.add(new String[] {"accumulates in", d.accumulationClass() + (d.accumulationRetainedBytes() != null
                    ? ", retaining " + Sizes.human(d.accumulationRetainedBytes()) : "")
                    + (d.accumulationObject() != null ? " @ " + d.accumulationObject() : "")});
        }
        row(rows, "GC root kind", d.rootKind());
        kv(h, rows);
        if (d instanceof LeakSuspectDetail s && s.nextStep() != null) {
            h.append("<p class=\"label\">").append(Html.text(s.nextStep())).append("</p>\n");
        }
        List<String> steps = d.pathFromGcRoot();
        if (steps != null && !steps.isEmpty()) {
            h.append("<p class=\"label\">Path from the GC root:</p>\n<ol class=\"chain\">\n");
            int depth = 0;
            for (String step : steps) {
                h.append("<li style=\"margin-left:").append(Math.min(depth++, 30) * 14).append("px\"><code>")
                        .append(Html.text(step)).append("</code></li>\n");
            }
            h.append("</ol>\n");
        }
    }

    /** The keys {@link #lock} shows. */
    private static final List<String> LOCK_SHOWN = List.of(LockContention.LOCK_CLASS, LockContention.LOCK, LockContention.WAIT,
            LockContention.HOLDER_THREAD, LockContention.HOLDER_STATE, LockContention.HOLDER_FRAME, LockContention.WAITERS,
            LockContention.WAITER_COUNT, LockContention.WAITER_GROUP, LockContention.DUMPS_SEEN, LockContention.DUMPS_TOTAL,
            LockContention.HOLDER_FRAMES);

    private static void lock(StringBuilder h, LockContentionDetail d, Map<String, Object> rest) {
        rest.keySet().removeAll(LOCK_SHOWN);
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"lock", (d.lockClass() == null ? "?" : d.lockClass()) + (d.lock() == null ? "" : " <" + d.lock() + ">")});
        row(rows, "wait", d.waitKind() == null ? null : d.waitKind().json());
        rows.add(new String[] {"holder", d.holderThread() == null ? "not shown in the dumps"
                : d.holderThread() + (d.holderState() == null ? "" : " (" + d.holderState() + ")")});
        row(rows, "holder frame", d.holderFrame());
        rows.add(new String[] {"waiting", (d.waiterCount() == null ? "" : d.waiterCount() + " threads at once")
                + (d.waiterGroup() == null ? "" : ", " + d.waiterGroup())});
        if (d.dumpsSeen() != null) {
            rows.add(new String[] {"seen in", d.dumpsSeen() + (d.dumpsTotal() == null ? "" : " of " + d.dumpsTotal()) + " dumps"});
        }
        kv(h, rows);
        if (d.waiters() != null && !d.waiters().isEmpty()) {
            h.append("<p class=\"label\">Waiting threads:</p>\n<ul class=\"threads\">");
            for (String t : d.waiters()) {
                h.append("<li>").append(Html.text(t)).append("</li>");
            }
            h.append("</ul>\n");
        }
        List<String> frames = d.holderFrames();
        if (frames != null && !frames.isEmpty()) {
            h.append("<details><summary>Holder's stack (").append(frames.size()).append(" frames)</summary><pre>");
            for (String f : frames) {
                h.append("at ").append(Html.text(f)).append('\n');
            }
            h.append("</pre></details>\n");
        }
    }

    private static void busy(StringBuilder h, BusyThreadDetail d, Map<String, Object> rest) {
        rest.remove(BusyThread.FRAME);
        rest.remove(BusyThread.DUMPS);
        rest.remove(BusyThread.THREADS);
        List<String[]> rows = new ArrayList<>();
        row(rows, "frame", d.frame());
        row(rows, "RUNNABLE in dumps", d.dumps());
        kv(h, rows);
        if (d.threads() != null && !d.threads().isEmpty()) {
            h.append("<table class=\"mini\"><thead><tr><th>thread</th><th>CPU ms</th><th>share of a core</th><th>top %CPU</th></tr></thead><tbody>\n");
            for (BusyThreadDetail.ThreadRow t : d.threads()) {
                h.append("<tr><td>").append(Html.text(String.valueOf(t.thread()))).append("</td><td>").append(cell(t.cpuDeltaMs()))
                        .append("</td><td>").append(cell(t.cpuShare())).append("</td><td>").append(cell(t.topCpuPct()))
                        .append("</td></tr>\n");
            }
            h.append("</tbody></table>\n");
        }
    }

    private static void deadlock(StringBuilder h, DeadlockDetail d, Map<String, Object> rest) {
        List<DeadlockDetail.Member> members = d.cycle();
        rest.remove(FindingDetail.Deadlock.CYCLE);
        rest.remove(FindingDetail.Deadlock.THREADS);
        h.append("<table class=\"mini\"><thead><tr><th>thread</th><th>waits for</th><th>held by</th><th>at</th></tr></thead><tbody>\n");
        for (DeadlockDetail.Member m : members) {
            h.append("<tr><td>").append(cell(m.thread())).append("</td><td>").append(cell(m.waitsFor()))
                    .append(m.lock() == null ? "" : " &lt;" + Html.text(m.lock()) + "&gt;")
                    .append("</td><td>").append(cell(m.heldBy())).append("</td><td><code>").append(cell(m.frame()))
                    .append("</code></td></tr>\n");
        }
        h.append("</tbody></table>\n");
    }

    /** Whatever the kind-specific part did not show: scalars as rows, lists and maps as compact JSON-ish text. */
    private static void table(StringBuilder h, Map<String, Object> d) {
        if (d.isEmpty()) {
            return;
        }
        List<String[]> rows = new ArrayList<>();
        for (Map.Entry<String, Object> e : d.entrySet()) {
            Object v = e.getValue();
            String text = v instanceof Number n && BYTE_KEYS.stream().anyMatch(e.getKey()::endsWith) ? bytes(n) : String.valueOf(v);
            rows.add(new String[] {e.getKey().replace('_', ' '), text});
        }
        kv(h, rows);
    }

    private static final Set<String> BYTE_KEYS = Set.of("_bytes");

    private static void row(List<String[]> rows, String label, Object value) {
        if (value != null) {
            rows.add(new String[] {label, String.valueOf(value)});
        }
    }

    private static void kv(StringBuilder h, List<String[]> rows) {
        if (rows.isEmpty()) {
            return;
        }
        h.append("<table class=\"kv\">\n");
        for (String[] r : rows) {
            h.append("<tr><th>").append(Html.text(r[0])).append("</th><td>").append(Html.text(r[1])).append("</td></tr>\n");
        }
        h.append("</table>\n");
    }

    private static String cell(Object v) {
        return v == null ? "" : Html.text(String.valueOf(v));
    }

    private static String bytes(Object v) {
        return v instanceof Number n ? Sizes.human(n.longValue()) : String.valueOf(v);
    }
}
