package dev.brink.report;

import dev.brink.core.Finding;
import dev.brink.core.FindingDetail.BusyThread;
import dev.brink.core.FindingDetail.HeapGrowth;
import dev.brink.core.FindingDetail.HeapLeak;
import dev.brink.core.FindingDetail.LockContention;
import dev.brink.core.FindingDetail;
import dev.brink.core.Sizes;
import dev.brink.core.detail.DeadlockDetail;
import dev.brink.core.detail.Detail;
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
            case MEMORY_LEAK, LEAK_SUSPECT -> leak(h, rest);
            case LOCK_CONTENTION -> lock(h, rest);
            case BUSY_THREAD -> busy(h, rest);
            case DEADLOCK -> deadlock(h, rest);
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

    private static void leak(StringBuilder h, Map<String, Object> d) {
        List<String[]> rows = new ArrayList<>();
        Object retained = d.remove(HeapLeak.RETAINED_BYTES);
        Object heap = d.remove(HeapLeak.HEAP_BYTES);
        Object share = d.remove(HeapLeak.SHARE_OF_HEAP);
        if (retained != null) {
            rows.add(new String[] {"retained", bytes(retained) + (share instanceof Number n
                    ? String.format(Locale.ROOT, " = %.1f %% of the heap", n.doubleValue() * 100) : "")
                    + (heap != null ? " (heap " + bytes(heap) + ")" : "")});
        }
        Object before = d.remove(HeapGrowth.RETAINED_BYTES_BEFORE);
        Object growth = d.remove(HeapGrowth.GROWTH_BYTES);
        Object perHour = d.remove(HeapGrowth.GROWTH_BYTES_PER_HOUR);
        if (growth != null) {
            rows.add(new String[] {"grew", "by " + bytes(growth) + (perHour instanceof Number n
                    ? String.format(Locale.ROOT, " (%.1f MB/h)", n.doubleValue() / 1e6) : "")
                    + (before != null ? ": " + bytes(before) + " → " + bytes(retained) : "")});
        }
        Object elementsBefore = d.remove(HeapGrowth.ELEMENTS_BEFORE);
        Object elementsAfter = d.remove(HeapGrowth.ELEMENTS_AFTER);
        if (elementsAfter instanceof Number n && n.longValue() >= 0) {
            rows.add(new String[] {"elements", (elementsBefore instanceof Number b && b.longValue() >= 0 ? b + " → " : "") + n});
        }
        row(rows, "holder", d.remove(HeapLeak.HOLDER));
        row(rows, "what it is", d.remove(HeapLeak.STRUCTURE));
        Object threads = d.remove(HeapLeak.THREADS);
        Object pool = d.remove(HeapLeak.POOL);
        if (pool != null) {
            rows.add(new String[] {"threads", (threads == null ? "" : threads + " of ") + "pool '" + pool + "'"});
        }
        row(rows, "suspect", d.remove(HeapLeak.SUSPECT));
        Object acc = d.remove(HeapLeak.ACCUMULATION_CLASS);
        Object accBytes = d.remove(HeapLeak.ACCUMULATION_RETAINED_BYTES);
        Object accObj = d.remove(HeapLeak.ACCUMULATION_OBJECT);
        if (acc != null) {
            rows.add(new String[] {"accumulates in", acc + (accBytes != null ? ", retaining " + bytes(accBytes) : "")
                    + (accObj != null ? " @ " + accObj : "")});
        }
        row(rows, "GC root kind", d.remove(HeapLeak.ROOT_KIND));
        kv(h, rows);
        Object next = d.remove(HeapLeak.NEXT_STEP);
        if (next != null) {
            h.append("<p class=\"label\">").append(Html.text(String.valueOf(next))).append("</p>\n");
        }
        Object path = d.remove(HeapLeak.PATH_FROM_GC_ROOT);
        if (path instanceof List<?> steps && !steps.isEmpty()) {
            h.append("<p class=\"label\">Path from the GC root:</p>\n<ol class=\"chain\">\n");
            int depth = 0;
            for (Object step : steps) {
                h.append("<li style=\"margin-left:").append(Math.min(depth++, 30) * 14).append("px\"><code>")
                        .append(Html.text(String.valueOf(step))).append("</code></li>\n");
            }
            h.append("</ol>\n");
        }
    }

    private static void lock(StringBuilder h, Map<String, Object> d) {
        List<String[]> rows = new ArrayList<>();
        Object cls = d.remove(LockContention.LOCK_CLASS);
        Object id = d.remove(LockContention.LOCK);
        rows.add(new String[] {"lock", (cls == null ? "?" : cls) + (id == null ? "" : " <" + id + ">")});
        row(rows, "wait", d.remove(LockContention.WAIT));
        Object holder = d.remove(LockContention.HOLDER_THREAD);
        Object state = d.remove(LockContention.HOLDER_STATE);
        rows.add(new String[] {"holder", holder == null ? "not shown in the dumps" : holder + (state == null ? "" : " (" + state + ")")});
        row(rows, "holder frame", d.remove(LockContention.HOLDER_FRAME));
        Object waiters = d.remove(LockContention.WAITERS);
        Object count = d.remove(LockContention.WAITER_COUNT);
        Object group = d.remove(LockContention.WAITER_GROUP);
        rows.add(new String[] {"waiting", (count == null ? "" : count + " threads at once") + (group == null ? "" : ", " + group)});
        Object seen = d.remove(LockContention.DUMPS_SEEN);
        Object total = d.remove(LockContention.DUMPS_TOTAL);
        if (seen != null) {
            rows.add(new String[] {"seen in", seen + (total == null ? "" : " of " + total) + " dumps"});
        }
        kv(h, rows);
        if (waiters instanceof List<?> w && !w.isEmpty()) {
            h.append("<p class=\"label\">Waiting threads:</p>\n<ul class=\"threads\">");
            for (Object t : w) {
                h.append("<li>").append(Html.text(String.valueOf(t))).append("</li>");
            }
            h.append("</ul>\n");
        }
        Object frames = d.remove(LockContention.HOLDER_FRAMES);
        if (frames instanceof List<?> fr && !fr.isEmpty()) {
            h.append("<details><summary>Holder's stack (").append(fr.size()).append(" frames)</summary><pre>");
            for (Object f : fr) {
                h.append("at ").append(Html.text(String.valueOf(f))).append('\n');
            }
            h.append("</pre></details>\n");
        }
    }

    private static void busy(StringBuilder h, Map<String, Object> d) {
        List<String[]> rows = new ArrayList<>();
        row(rows, "frame", d.remove(BusyThread.FRAME));
        row(rows, "RUNNABLE in dumps", d.remove(BusyThread.DUMPS));
        kv(h, rows);
        Object threads = d.remove(BusyThread.THREADS);
        if (threads instanceof List<?> ts && !ts.isEmpty()) {
            h.append("<table class=\"mini\"><thead><tr><th>thread</th><th>CPU ms</th><th>share of a core</th><th>top %CPU</th></tr></thead><tbody>\n");
            for (Object o : ts) {
                Map<?, ?> t = o instanceof Map<?, ?> m ? m : Map.of(BusyThread.THREAD_NAME, String.valueOf(o));
                h.append("<tr><td>").append(Html.text(String.valueOf(t.get(BusyThread.THREAD_NAME)))).append("</td><td>").append(cell(t.get(BusyThread.THREAD_CPU_DELTA_MS)))
                        .append("</td><td>").append(cell(t.get(BusyThread.THREAD_CPU_SHARE))).append("</td><td>").append(cell(t.get(BusyThread.THREAD_TOP_CPU_PCT)))
                        .append("</td></tr>\n");
            }
            h.append("</tbody></table>\n");
        }
    }

    private static void deadlock(StringBuilder h, Map<String, Object> d) {
        List<DeadlockDetail.Member> members = Detail.read(d, DeadlockDetail.class).cycle();
        d.remove(FindingDetail.Deadlock.CYCLE);
        d.remove(FindingDetail.Deadlock.THREADS);
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
