package dev.brink.cli;

import dev.brink.core.Durations;
import dev.brink.core.Finding;
import dev.brink.core.FindingKind;
import dev.brink.core.Sizes;
import dev.brink.core.detail.Detail;
import dev.brink.core.detail.MemoryLeakDetail;
import dev.brink.heap.ClassDelta;
import dev.brink.heap.ClassLoaderLeak;
import dev.brink.heap.ClassRow;
import dev.brink.heap.DominatorRow;
import dev.brink.heap.DuplicateString;
import dev.brink.heap.HeapDiff;
import dev.brink.heap.HeapReport;
import dev.brink.heap.LeakSuspect;
import dev.brink.heap.PathStep;
import dev.brink.core.summary.HeapGrowth;
import dev.brink.core.summary.HolderGrowth;
import java.io.PrintWriter;
import java.time.Instant;
import java.util.Locale;

/** The readable form of a heap report and a heap diff (tables sized for an 120-column terminal). */
final class HeapText {
    private HeapText() {
    }

    private static String pct(double share) {
        return String.format(Locale.ROOT, "%.1f %%", 100 * share);
    }

    static void report(HeapReport r, PrintWriter out) {
        out.printf(Locale.ROOT, "Heap dump %s (%s)%n", r.file(), Sizes.human(r.fileBytes()));
        out.printf(Locale.ROOT, "Heap: %,d reachable objects, %s (%,d B); %,d unreachable objects, %s not counted; %,d references%n",
                r.reachableObjects(), Sizes.human(r.reachableBytes()), r.reachableBytes(), r.unreachableObjects(),
                Sizes.human(r.unreachableBytes()), r.references());
        if (r.directBufferBytes() > 0) {
            // a direct buffer is ~64 B of heap over its whole capacity of native memory: RSS the heap figures never show
            out.printf(Locale.ROOT, "Native: %s (%,d B) held outside the heap by %,d direct buffer%s%n",
                    Sizes.human(r.directBufferBytes()), r.directBufferBytes(), r.directBuffers(), r.directBuffers() == 1 ? "" : "s");
        }
        out.println("Size model: " + r.sizeModel().describe());
        out.println();
        out.println("Findings");
        if (r.findings().isEmpty()) out.println("  none: no object, class or loader type retains more than 10 % of the heap");
        for (Finding f : r.findings()) {
            out.printf(Locale.ROOT, "  %-8s %-12s %s%n", f.severity().jsonName().toUpperCase(Locale.ROOT),
                    f.kind().jsonName(), f.title());
        }
        if (r.findings().stream().anyMatch(f -> f.kind() == FindingKind.LEAK_SUSPECT)) {
            out.println("  Suspects, not verdicts: one dump shows size, not growth, and a cache looks like a leak. Take a second");
            out.println("  dump later under the same load and run brink heap diff FIRST SECOND, or soak the service with brink run.");
        }
        out.println();
        if (r.suspects().isEmpty()) {
            out.println("Leak suspects: none (no object or class retains more than 10 % of the heap)");
        } else {
            int k = 1;
            for (LeakSuspect s : r.suspects()) {
                out.printf(Locale.ROOT, "Leak suspect %d: %s retains %s (%s of the heap)%n", k++, s.subject(),
                        Sizes.human(s.retainedBytes()), pct(s.share()));
                out.println("  " + s.description());
                if (!s.structure().isEmpty()) {
                    out.println("  What it is: " + s.structure());
                }
                if (s.threads() > 0) {
                    out.printf(Locale.ROOT, "  Held by %d thread%s of pool '%s'%n", s.threads(), s.threads() == 1 ? "" : "s", s.pool());
                }
                out.println("  Accumulation point: " + s.accumulationClass() + " @ " + s.accumulationObjectId()
                        + " retaining " + Sizes.human(s.accumulationRetainedBytes()));
                out.println("  Shortest path from a GC root (" + s.rootKind() + "):");
                for (PathStep p : s.pathFromRoot()) {
                    out.println("    " + (p == s.pathFromRoot().get(0) ? "" : "." + p.via() + " → ") + p.className() + " @ " + p.objectId());
                }
            }
        }
        if (!r.classLoaderLeaks().isEmpty()) {
            out.println();
            out.println("Class loaders");
            for (ClassLoaderLeak l : r.classLoaderLeaks()) {
                out.printf(Locale.ROOT, "  %s: %d loader%s, %d classes%s, retaining %s (%s of the heap)%n", l.loaderClass(),
                        l.loaders(), l.loaders() == 1 ? " (" + l.loaderObjectId() + ")" : "s", l.classes(),
                        l.classPattern().isEmpty() ? "" : " named " + l.classPattern(), Sizes.human(l.retainedBytes()),
                        pct(l.share()));
                if (!l.heldBy().isEmpty()) {
                    out.println("    held by " + l.heldBy());
                }
            }
        }
        out.println();
        out.println("Class histogram (by retained size)");
        out.printf(Locale.ROOT, "%12s %14s %14s  %s%n", "instances", "shallow", "retained", "class");
        for (ClassRow c : r.histogram()) {
            out.printf(Locale.ROOT, "%,12d %,14d %,14d  %s%n", c.count(), c.shallowBytes(), c.retainedBytes(), c.className());
        }
        out.println();
        out.println("Top dominators");
        out.printf(Locale.ROOT, "%14s %8s  %s%n", "retained", "share", "object");
        for (DominatorRow d : r.dominators()) {
            out.printf(Locale.ROOT, "%,14d %8s  %s @ %s%n", d.retainedBytes(), pct(d.share()), d.className(), d.objectId());
        }
        if (!r.duplicateStrings().isEmpty()) {
            out.println();
            out.println("Duplicate strings (by wasted bytes)");
            out.printf(Locale.ROOT, "%8s %12s  %s%n", "copies", "wasted", "value");
            for (DuplicateString d : r.duplicateStrings()) {
                out.printf(Locale.ROOT, "%,8d %,12d  \"%s\"%n", d.count(), d.wastedBytes(), d.preview().replace("\n", "\\n"));
            }
        }
        out.flush();
    }

    static void diff(HeapDiff d, PrintWriter out) {
        HeapGrowth g = d.growth();
        out.printf(Locale.ROOT, "A: %s — written %s, heap %s%n", g.dumpBefore(), Instant.ofEpochMilli(g.epochMsBefore()),
                Sizes.human(g.heapBytesBefore()));
        out.printf(Locale.ROOT, "B: %s — written %s (%s later), heap %s (%s)%n", g.dumpAfter(), Instant.ofEpochMilli(g.epochMsAfter()),
                Durations.format(java.time.Duration.ofMillis(Math.abs(g.epochMsAfter() - g.epochMsBefore()))), Sizes.human(g.heapBytesAfter()),
                signed(g.heapBytesAfter() - g.heapBytesBefore()));
        out.println();
        if (!d.grew() && !g.filling().isEmpty()) {
            out.println("No leak: what grew beyond normal churn is bounded caches filling or buffer pools grown to their working");
            out.println("set (below); every other holder stayed within it (less than 10 % of its size, or less than");
            out.println("max(512 KiB, 0.5 % of the heap)).");
        } else if (!d.grew()) {
            out.println("No growth: every holder stayed within normal churn (less than 10 % of its size, or less than");
            out.println("max(512 KiB, 0.5 % of the heap)).");
        } else {
            out.printf(Locale.ROOT, "Grown holders: %d memory-leak finding%s%n", d.findings().size(), d.findings().size() == 1 ? "" : "s");
            for (Finding f : d.findings()) {
                out.printf(Locale.ROOT, "  %-8s %s%n", f.severity().jsonName().toUpperCase(Locale.ROOT), f.title());
                MemoryLeakDetail m = Detail.of(f, MemoryLeakDetail.class);
                if (m.structure() != null) {
                    out.println("    What it is: " + m.structure());
                }
                if (m.pathFromGcRoot() != null && !m.pathFromGcRoot().isEmpty()) {
                    out.println("    Shortest path from a GC root (" + m.rootKind() + "):");
                    for (String step : m.pathFromGcRoot()) {
                        out.println("      " + step);
                    }
                }
            }
        }
        if (!g.filling().isEmpty()) {
            out.println();
            out.println("Filling, not leaking: bounded caches (more entries of the same size, below the bound they evict at)");
            out.println("and buffer pools grown to their working set (every region in use held by a live buffer or a thread's");
            out.println("cache); a third dump shows them full and flat");
            out.printf(Locale.ROOT, "%14s %14s %23s %12s %20s %12s  %s%n", "retained A", "retained B", "native A → B", "change",
                    "elements A → B", "at most", "holder");
            for (HolderGrowth h : g.filling()) {
                out.printf(Locale.ROOT, "%,14d %,14d %23s %12s %20s %12s  %s%n", h.bytesBefore(), h.bytesAfter(), h.nativeBeforeAfter("-"),
                        signed(h.totalGrowthBytes()), count(h.elementsBefore()) + " → " + count(h.elementsAfter()),
                        h.elementsBound() != null && h.elementsBound() > 0 ? count(h.elementsBound()) : "?", h.holder());
            }
        }
        out.println();
        out.println("Stable holders (the biggest; B against A)");
        out.printf(Locale.ROOT, "%14s %14s %23s %12s %20s  %s%n", "retained A", "retained B", "native A → B", "change",
                "elements A → B", "holder");
        for (HolderGrowth h : g.stable()) {
            out.printf(Locale.ROOT, "%,14d %,14d %23s %12s %20s  %s%n", h.bytesBefore(), h.bytesAfter(), h.nativeBeforeAfter("-"),
                    signed(h.totalGrowthBytes()), count(h.elementsBefore()) + " → " + count(h.elementsAfter()), h.holder());
        }
        out.println();
        out.println("Classes that changed (by shallow bytes)");
        out.printf(Locale.ROOT, "%12s %14s %14s  %s%n", "Δ instances", "Δ shallow", "Δ retained", "class");
        for (ClassDelta c : d.classes()) {
            out.printf(Locale.ROOT, "%+,12d %+,14d %+,14d  %s%n", c.countDelta(), c.shallowDelta(), c.retainedDelta(), c.className());
        }
        out.flush();
    }

    private static String signed(long bytes) {
        return (bytes < 0 ? "-" : "+") + Sizes.human(Math.abs(bytes));
    }

    private static String count(long n) {
        return n < 0 ? "?" : String.format(Locale.ROOT, "%,d", n);
    }
}
