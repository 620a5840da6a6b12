package dev.brink.gc;

import dev.brink.core.Finding;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Report 004 from the memory pools' sizes, as soon as a JVM is watched: Serial's, Parallel's and CMS's generations
 * are fixed at start (-Xmn, NewSize, NewRatio), so an old generation smaller than the young one is there before any
 * collection shows it — a service launched with -Xmn250m of 256m that allocates slowly may not collect at all during
 * a run. The pools' maxima (MemoryPoolMXBean: "PS Eden Space", "PS Survivor Space", "PS Old Gen", "Tenured Gen", …)
 * are the sizes; G1's pools have no fixed maximum (its young list is sized as it goes) and are left to the GC rules.
 * Critical once the collections the watch recorded hold 3 full GCs the heap caused.
 */
public final class PoolSizes {
    private PoolSizes() {
    }

    /**
     * @param poolMaxBytes every memory pool's maximum by its JVM name (-1 where undefined)
     * @param collections  what the observer recorded so far, or null when there was no collection
     * @param evidence     the files that show it (jvm.jsonl, gc.jsonl)
     */
    public static Optional<Finding> oldGeneration(Map<String, Long> poolMaxBytes, GcReport collections, List<String> evidence) {
        long young = 0;
        long old = -1;
        String collector = "";
        for (Map.Entry<String, Long> p : poolMaxBytes.entrySet()) {
            String name = p.getKey();
            long max = p.getValue() == null ? -1 : p.getValue();
            if (name.startsWith("G1 ") || max <= 0) {
                continue;
            }
            if (OldGenerationRules.isYoung(name)) {
                young += max;
            } else if (OldGenerationRules.isOld(name)) {
                old = Math.max(old, max);
                collector = name.startsWith("PS ") ? "Parallel" : name.startsWith("CMS") ? "CMS" : "Serial";
            }
        }
        if (young <= 0 || old < 0 || old >= young) {
            return Optional.empty();
        }
        int fulls = 0;
        double span = 0;
        if (collections != null) {
            fulls = (int) collections.events().stream().filter(e -> e.kind() == GcKind.FULL && GcFacts.heapCaused(e)).count();
            span = collections.pauses().spanSec();
        }
        Finding f = OldGenerationRules.tooSmall(collector + " heap", evidence, old, young, old + young, fulls,
                span > 0 ? fulls / span : 0, -1);
        return Optional.of(f);
    }
}
