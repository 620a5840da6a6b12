package dev.brink.gc;

import dev.brink.core.evidence.GcEventLine;
import dev.brink.core.evidence.GcFailure;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/** Maps the observer's GC notifications (gc.jsonl, GarbageCollectorMXBean words) onto log events. */
final class ObserverEvents {
    private ObserverEvents() {
    }

    static List<GcEvent> convert(List<GcEventLine> lines) {
        List<GcEvent> out = new ArrayList<>(lines.size());
        List<GcEventLine> sorted = new ArrayList<>(lines);
        sorted.sort((a, b) -> Long.compare(a.startMs(), b.startMs()));
        int i = 0;
        for (GcEventLine l : sorted) {
            i++;
            GcKind kind = kind(l);
            long before = heap(l.before());
            long after = heap(l.after());
            long committed = heap(l.committedAfter());
            long metaBefore = l.before().getOrDefault("Metaspace", -1L);
            long meta = l.after().getOrDefault("Metaspace", -1L);
            List<Generation> gens = new ArrayList<>();
            for (Map.Entry<String, Long> e : l.after().entrySet()) {
                if (isHeapPool(e.getKey())) {
                    gens.add(new Generation(e.getKey(), l.before().getOrDefault(e.getKey(), -1L), e.getValue(),
                            l.committedAfter().getOrDefault(e.getKey(), -1L), false));
                }
            }
            out.add(new GcEvent(l.startMs() / 1000.0, l.epochMs() > 0 ? l.epochMs() : -1, l.gcId() == null ? -1 : l.gcId(), kind,
                    nz(l.collector()) + " (" + nz(l.action()) + ")", nz(l.cause()),
                    kind.isPause() ? l.durationMs() : l.durationMs(),
                    l.before().isEmpty() ? -1 : before, l.after().isEmpty() ? -1 : after,
                    l.committedAfter().isEmpty() ? -1 : committed, metaBefore, meta, gens, flags(l.failures()), "gc.jsonl:" + i));
        }
        return out;
    }

    /** A line's failures as the flags a log's collection carries: the same trouble findings from either source. */
    static Set<GcFlag> flags(Set<GcFailure> failures) {
        Set<GcFlag> flags = EnumSet.noneOf(GcFlag.class);
        for (GcFailure f : failures) {
            flags.add(switch (f) {
                case EVACUATION_FAILED -> GcFlag.TO_SPACE_EXHAUSTED;
                case PROMOTION_FAILED -> GcFlag.PROMOTION_FAILED;
                case CONCURRENT_MODE_FAILURE -> GcFlag.CONCURRENT_MODE_FAILURE;
            });
        }
        return flags;
    }

    /** A log's flags as a line's failures ({@link GcSeries}); the flags that are no failure (humongous, cancelled) are left out. */
    static Set<GcFailure> failures(Set<GcFlag> flags) {
        Set<GcFailure> failures = EnumSet.noneOf(GcFailure.class);
        for (GcFlag f : flags) {
            switch (f) {
                case TO_SPACE_EXHAUSTED -> failures.add(GcFailure.EVACUATION_FAILED);
                case PROMOTION_FAILED -> failures.add(GcFailure.PROMOTION_FAILED);
                case CONCURRENT_MODE_FAILURE -> failures.add(GcFailure.CONCURRENT_MODE_FAILURE);
                default -> {
                }
            }
        }
        return failures;
    }

    /** Heap pools only: metaspace, code cache and class space are not the heap. */
    static boolean isHeapPool(String pool) {
        String p = pool.toLowerCase(Locale.ROOT);
        return !(p.contains("metaspace") || p.contains("code") || p.contains("class space") || p.contains("non-heap"));
    }

    private static long heap(Map<String, Long> pools) {
        long sum = 0;
        for (Map.Entry<String, Long> e : pools.entrySet()) {
            if (isHeapPool(e.getKey()) && e.getValue() != null && e.getValue() > 0) {
                sum += e.getValue();
            }
        }
        return sum;
    }

    static GcKind kind(GcEventLine l) {
        for (GcKind k : GcKind.values()) {
            if (k.jsonName().equals(l.action())) {
                return k; // a series Brink wrote from a log (GcSeries) names the kind itself
            }
        }
        String c = nz(l.collector());
        String a = nz(l.action()).toLowerCase(Locale.ROOT);
        if (c.contains("Cycles") || a.contains("concurrent") && !c.contains("Pauses")) {
            return GcKind.CONCURRENT; // ZGC/Shenandoah cycles, G1 Concurrent GC
        }
        if (c.contains("Pauses")) {
            return GcKind.OTHER_PAUSE;
        }
        if (c.equals("G1 Old Generation") || c.equals("MarkSweepCompact") || c.equals("PS MarkSweep")
                || c.equals("ConcurrentMarkSweep") || a.contains("major")) {
            return GcKind.FULL;
        }
        if (c.equals("G1 Mixed Generation")) {
            return GcKind.MIXED;
        }
        return GcKind.YOUNG;
    }

    /**
     * The collector, from the first line's name: the GarbageCollectorMXBean's ("G1 Young Generation", "ZGC Cycles"),
     * a series' own ("G1"), or a JFR recording's (G1New, "ZGC Major"; JDK 17's ZGC is plain "Z").
     */
    static JvmSettings settings(List<GcEventLine> lines) {
        String c = lines.isEmpty() ? "" : nz(lines.get(0).collector());
        if (java.util.Set.of("G1", "Serial", "Parallel", "ZGC", "Generational ZGC", "Shenandoah", "CMS").contains(c)) {
            return new JvmSettings(c, "", -1, -1, -1, "", -1, -1);
        }
        String collector = c.startsWith("G1") ? "G1" : c.startsWith("PS ") ? "Parallel"
                : c.equals("Copy") || c.equals("MarkSweepCompact") ? "Serial" : c.startsWith("ZGC") || c.equals("Z") ? "ZGC"
                : c.startsWith("Shenandoah") ? "Shenandoah" : c.equals("ParNew") || c.equals("ConcurrentMarkSweep") ? "CMS" : "";
        return new JvmSettings(collector, "", -1, -1, -1, "", -1, -1);
    }

    private static String nz(String s) {
        return s == null ? "" : s;
    }
}
