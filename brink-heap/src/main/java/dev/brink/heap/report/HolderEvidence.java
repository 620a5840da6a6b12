package dev.brink.heap.report;

import dev.brink.heap.PathStep;
import dev.brink.heap.dominator.DominatorTree;
import dev.brink.heap.index.HeapGraph;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Where a holder that grew keeps its memory, for its memory-leak finding: the accumulation point (the big-drop walk
 * from its biggest instance, as for a suspect) and the shortest path from a GC root to that instance (for class
 * loaders, to the object that holds them). Construction picks the objects; {@link #wanted()} and
 * {@link #arrayTargets()} go into the second detail scan, {@link #describe} reads it.
 */
public final class HolderEvidence {
    private final HeapGraph g;
    private final DominatorTree t;
    private final Map<String, int[]> chains = new HashMap<>();
    private final Map<String, int[]> paths = new HashMap<>();
    private final Set<Long> wanted = new HashSet<>();
    private final Map<Long, Long> arrayTargets = new HashMap<>();

    /** What a holder's memory-leak finding shows of where it is. */
    public record Where(String accumulationClass, String accumulationObject, long accumulationRetainedBytes,
                        String rootKind, List<PathStep> pathFromRoot) {
    }

    public HolderEvidence(HeapGraph g, DominatorTree t, DominatedTree dt, GcPaths gcPaths, HolderTable table, Collection<String> keys) {
        this.g = g;
        this.t = t;
        for (String key : keys) {
            int node = table.biggestNode(key);
            if (node < 0) {
                continue;
            }
            int[] path = table.path(key);
            int[] chain = dt.chainFrom(node, Suspects.BIG_DROP);
            paths.put(key, path != null ? path : gcPaths.pathTo(node));
            chains.put(key, chain);
            for (int[] seq : new int[][] {paths.get(key), chain}) {
                for (int k = 0; k + 1 < seq.length; k++) {
                    if (g.isClassObject(seq[k])) {
                        continue;
                    }
                    if (g.className(seq[k]).endsWith("[]")) {
                        arrayTargets.put(g.id(seq[k]), g.id(seq[k + 1]));
                    } else {
                        wanted.add(g.id(seq[k]));
                    }
                }
            }
        }
    }

    public Set<Long> wanted() {
        return Collections.unmodifiableSet(wanted);
    }

    public Map<Long, Long> arrayTargets() {
        return Collections.unmodifiableMap(arrayTargets);
    }

    /** The holder's accumulation point and path, or null when it has no instance in this dump's graph. */
    public Where describe(String key, PathText text) {
        int[] chain = chains.get(key);
        if (chain == null) {
            return null;
        }
        int acc = chain[chain.length - 1];
        int[] path = paths.get(key);
        return new Where(PathText.name(g, acc), PathText.hex(g.id(acc)), t.retained(acc), text.rootKind(path), text.steps(path));
    }
}
