package dev.brink.cli;

import dev.brink.core.Finding;
import dev.brink.core.Sizes;
import dev.brink.heap.ClassDelta;
import dev.brink.heap.ClassLoaderLeak;
import dev.brink.heap.ClassRow;
import dev.brink.heap.DominatorRow;
import dev.brink.heap.DuplicateString;
import dev.brink.heap.HeapDiff;
import dev.brink.heap.HeapReport;
import dev.brink.heap.LeakSuspect;
import dev.brink.heap.PathStep;
import java.io.PrintWriter;
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
        out.println("Size model: " + r.sizeModel().describe());
        out.println();
        out.println("Findings");
        if (r.findings().isEmpty()) out.println("  no memory leak found");
        for (Finding f : r.findings()) {
            out.printf(Locale.ROOT, "  %-8s %-12s %s%n", f.severity().jsonName().toUpperCase(Locale.ROOT),
                    f.kind().jsonName(), f.title());
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
        out.printf(Locale.ROOT, "A: %s — %,d objects, %s%n", d.fileA(), d.objectsA(), Sizes.human(d.reachableBytesA()));
        out.printf(Locale.ROOT, "B: %s — %,d objects, %s (%+,d B)%n", d.fileB(), d.objectsB(), Sizes.human(d.reachableBytesB()),
                d.reachableBytesB() - d.reachableBytesA());
        out.println();
        out.printf(Locale.ROOT, "%12s %14s %14s  %s%n", "Δ instances", "Δ shallow", "Δ retained", "class");
        for (ClassDelta c : d.classes()) {
            out.printf(Locale.ROOT, "%+,12d %+,14d %+,14d  %s%n", c.countDelta(), c.shallowDelta(), c.retainedDelta(), c.className());
        }
        out.flush();
    }
}
