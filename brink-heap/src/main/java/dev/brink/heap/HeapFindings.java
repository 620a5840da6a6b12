package dev.brink.heap;

import dev.brink.core.Finding;
import dev.brink.core.FindingKind;
import dev.brink.core.Severity;
import dev.brink.core.Sizes;
import dev.brink.core.detail.Detail;
import dev.brink.core.detail.LeakShape;
import dev.brink.core.detail.LeakSuspectDetail;
import dev.brink.core.detail.MemoryLeakDetail;
import dev.brink.core.summary.HolderGrowth;
import dev.brink.core.summary.HolderKind;
import dev.brink.heap.report.HolderEvidence;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The findings of a heap analysis. One dump gives leak-suspect findings only: what retains the memory, never whether
 * it grows. memory-leak comes from growth: a holder that grew between two dumps (here), or the heap-after-GC
 * trend of a soak (brink-gc, brink-method).
 */
final class HeapFindings {
    /** What one dump cannot say, and how to get the answer. */
    static final String NEXT_STEP = "one dump shows size, not growth: a cache and a leak look alike; take a second dump "
            + "later under the same load and run brink heap diff FIRST SECOND, or soak the service with brink run";
    /**
     * A suspect of the application's own that keeps this share of the heap is a warning: at that size it is what an
     * OutOfMemoryError will be about, cache or not. A framework's structure of any size, and smaller ones, are info.
     */
    static final double WARNING_SHARE = 0.3;

    /**
     * What a growth finding adds for a LinkedHashMap subclass whose bound the heap does not show (report.EvictionBounds:
     * a possibility of eviction, not evidence of it). The growth stays a finding of its own severity: what grew is
     * as big either way, and only a third dump tells a cache that stops from a map that does not.
     */
    static final String MAY_BE_FILLING = "it may be a cache filling toward a bound the dump does not show (a LinkedHashMap "
            + "subclass: its removeEldestEntry is code, not in a dump): take a third dump later; if it keeps growing it is a leak";

    private HeapFindings() {
    }

    static Finding suspect(String file, LeakSuspect s, long heap) {
        boolean pool = !s.pool().isEmpty();
        boolean held = s.holder() != null && !s.holder().isEmpty();
        Map<String, Object> detail = Detail.map(new LeakSuspectDetail(s.retainedBytes(), heap, round(s.share()),
                s.suspectClass() + (s.instances() > 1 ? " (" + s.instances() + " instances)" : " @ " + s.suspectObjectId()),
                s.accumulationClass(), s.accumulationObjectId(), s.accumulationRetainedBytes(), s.rootKind(), path(s.pathFromRoot()),
                s.holders() > 0 ? LeakShape.SPREAD_CLASS : null, s.holders() > 0 ? s.holders() : null, null, null, null, null, null,
                held ? s.holder() : null, held ? s.holderKind() : null, held && !s.structure().isEmpty() ? s.structure() : null,
                held && pool ? s.threads() : null, held && pool ? s.pool() : null, NEXT_STEP));
        String what = s.structure().isEmpty() ? "" : " — " + s.structure();
        String title = String.format(Locale.ROOT, "Leak suspect: %s retains %s (%.1f %% of the heap), accumulated in %s%s",
                s.subject(), Sizes.human(s.retainedBytes()), 100 * s.share(), s.accumulationClass(), what);
        Severity severity = s.share() >= WARNING_SHARE && s.structure().isEmpty() ? Severity.WARNING : Severity.INFO;
        return new Finding(FindingKind.LEAK_SUSPECT, severity, title, s.subject(), List.of(file), detail);
    }

    static Finding loaders(String file, ClassLoaderLeak l, long heap) {
        boolean held = !l.heldBy().isEmpty();
        Map<String, Object> detail = Detail.map(new LeakSuspectDetail(l.retainedBytes(), heap, round(l.share()), null, null, null, null,
                null, null, l.kind() == ClassLoaderLeak.Kind.GENERATED_CLASSES ? LeakShape.GENERATED_CLASSES : LeakShape.MANY_LOADERS,
                null, l.loaderClass(), l.loaderObjectId(), l.loaders(), l.classes(), l.classPattern().isEmpty() ? null : l.classPattern(),
                held ? l.heldBy() : null, held ? HolderKind.CLASS_LOADERS : null, null, null, null, NEXT_STEP));
        String who = l.kind() == ClassLoaderLeak.Kind.GENERATED_CLASSES
                ? String.format(Locale.ROOT, "one %s @ %s defined %d classes named %s", l.loaderClass(),
                        l.loaderObjectId(), l.classes(), l.classPattern())
                : String.format(Locale.ROOT, "%d %s loaders are alive, defining %d classes", l.loaders(),
                        l.loaderClass(), l.classes());
        String title = String.format(Locale.ROOT, "Class-loader leak suspect: %s%s; they retain %s (%.1f %% of the heap)", who,
                l.heldBy().isEmpty() ? "" : ", held by " + l.heldBy(), Sizes.human(l.retainedBytes()), 100 * l.share());
        return new Finding(FindingKind.LEAK_SUSPECT, Severity.WARNING, title, l.heldBy().isEmpty() ? l.loaderClass() : l.heldBy(),
                List.of(file), detail);
    }

    /**
     * A holder that grew between two dumps, with where it is in the later one; {@code was}: the holder in the earlier
     * dump, or null.
     */
    static Finding growth(String before, String after, HolderGrowth row, Holder holder, Holder was, HolderEvidence.Where where,
                          long heapAfter, long maxHeapAfter, double hours) {
        MemoryLeakDetail.Accumulation at = where == null ? MemoryLeakDetail.Accumulation.UNKNOWN : new MemoryLeakDetail.Accumulation(
                where.accumulationClass(), where.accumulationObject(), where.accumulationRetainedBytes(), where.rootKind(),
                path(where.pathFromRoot()));
        MemoryLeakDetail detail = MemoryLeakDetail.heapGrowth(row.bytesAfter(), heapAfter,
                round(heapAfter == 0 ? 0 : (double) row.bytesAfter() / heapAfter), row.bytesBefore(), row.growthBytes(),
                row.bytesPerHour() != null ? Math.round(row.bytesPerHour()) : null, Math.round(hours * 1e6) / 1e6, row.elementsBefore(),
                row.elementsAfter(), row.bytesBefore() == 0, holder(holder), at, before, after)
                .withNative(row.nativeBytesBefore(), row.nativeBytesAfter())
                .withBoundUnread(holder.mayEvict() && row.nativeGrowthBytes() == 0);
        String title = String.format(Locale.ROOT, "%s grew by %s%s between the two dumps (%s → %s%s)%s",
                holder.key(), Sizes.human(row.growthBytes()), perHour(row.bytesPerHour()), Sizes.human(row.bytesBefore()),
                Sizes.human(row.bytesAfter()), elements(row), where == null ? "" : ", accumulated in " + where.accumulationClass());
        if (row.nativeGrowthBytes() != 0) {
            // the heap holder of a direct-buffer leak grows by a few hundred bytes per buffer: the native memory is the leak
            title = String.format(Locale.ROOT, "%s grew by %s of native memory in direct buffers (%s → %s) and %s of heap "
                            + "(%s → %s%s) between the two dumps%s%s", holder.key(), Sizes.human(row.nativeGrowthBytes()),
                    Sizes.human(row.nativeBytesBefore()), Sizes.human(row.nativeBytesAfter()), Sizes.human(row.growthBytes()),
                    Sizes.human(row.bytesBefore()), Sizes.human(row.bytesAfter()), elements(row), perHour(row.bytesPerHour()),
                    where == null ? "" : ", accumulated in " + where.accumulationClass());
        }
        if (GrowthRules.unreleasedGrowth(holder, was) >= GrowthRules.minGrowth(heapAfter)) {
            // a pool's chunks grew under buffers no one can release any more: the pool is where, the application's
            // code that drops its buffers is why (GrowthRules: a buffer pool grown to its working set)
            title = String.format(Locale.ROOT, "%s: pooled buffers never released: %s of its pool's chunks in use with no live buffer "
                            + "(%s → %s); it%s", holder.key(), Sizes.human(GrowthRules.unreleasedGrowth(holder, was)),
                    Sizes.human(GrowthRules.unreleasedBefore(was)), Sizes.human(holder.unreleasedBytes()), title.substring(holder.key().length()));
        }
        if (holder.mayEvict() && row.nativeGrowthBytes() == 0) {
            title += "; " + MAY_BE_FILLING;
        }
        if (GrowthRules.beyondHeap(holder, heapAfter, maxHeapAfter)) {
            // a cache that evicts, filling, whose bound the heap cannot hold (GrowthRules: a bound beyond the heap)
            title += String.format(Locale.ROOT, "; it evicts only beyond %,d entries, which at their mean size now (%s each) is %s: "
                            + "more than the heap's maximum (%s, Runtime.maxMemory() as the dump shows it) leaves it beside the rest "
                            + "of the heap, so it fills the heap before it reaches its bound", holder.bound(),
                    Sizes.human(holder.retainedBytes() / Math.max(1, holder.elements())), Sizes.human(GrowthRules.boundBytes(holder)),
                    Sizes.human(maxHeapAfter));
            detail = detail.withBoundBeyondHeap(holder.bound(), GrowthRules.boundBytes(holder), maxHeapAfter);
        }
        Severity severity = heapAfter > 0 && row.bytesAfter() >= WARNING_SHARE * heapAfter ? Severity.CRITICAL : Severity.WARNING;
        return new Finding(FindingKind.MEMORY_LEAK, severity, title, subject(holder), List.of(before, after), Detail.map(detail));
    }

    /** A field holder's subject is the field itself ("pkg.Class.field"), as a suspect's is; other holders their name. */
    static String subject(Holder h) {
        return h.kind() == HolderKind.STATIC_FIELD && h.key().startsWith("static ") ? h.key().substring("static ".length()) : h.key();
    }

    static String perHour(Double bytesPerHour) {
        return bytesPerHour != null ? String.format(Locale.ROOT, " (%.1f MB/h)", bytesPerHour / 1e6) : "";
    }

    private static String elements(HolderGrowth row) {
        if (row.elementsAfter() < 0) {
            return "";
        }
        return ", " + (row.elementsBefore() < 0 ? "" : String.format(Locale.ROOT, "%,d → ", row.elementsBefore()))
                + String.format(Locale.ROOT, "%,d elements", row.elementsAfter());
    }

    /** The holder's keys: none without a holder, a structure's name and a pool's threads only where they apply. */
    private static MemoryLeakDetail.Holder holder(Holder h) {
        if (h.key() == null || h.key().isEmpty()) {
            return MemoryLeakDetail.Holder.NONE;
        }
        boolean pool = !h.pool().isEmpty();
        return new MemoryLeakDetail.Holder(h.key(), h.kind(), h.structure().isEmpty() ? null : h.structure(), pool ? h.instances() : null,
                pool ? h.pool() : null);
    }

    private static List<String> path(List<PathStep> steps) {
        List<String> out = new ArrayList<>();
        for (PathStep p : steps) {
            out.add(p.via() + " → " + p.className() + " @ " + p.objectId());
        }
        return out;
    }

    private static double round(double share) {
        return Math.round(share * 10000) / 10000.0;
    }
}
