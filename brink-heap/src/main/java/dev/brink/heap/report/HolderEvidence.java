package dev.brink.heap.report;

import dev.brink.heap.PathStep;
import dev.brink.heap.dominator.DominatorTree;
import dev.brink.heap.index.HeapGraph;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Where a holder that grew keeps its memory, for its memory-leak finding: the accumulation point (the big-drop walk
 * from its biggest instance, as for a suspect) and the shortest path from a GC root to that instance (for class
 * loaders, to the object that holds them). The objects on those are asked for in a detail scan before it is known
 * which holders grew: every holder instance big enough to have grown by the least growth that counts is added
 * ({@link #add}) before the first scan, so a diff reads the later dump four times, not five; one that was not
 * (its biggest instance is small, its sum is not) is added after it and fetched by a second scan.
 */
public final class HolderEvidence {
    private final HeapGraph g;
    private final DominatorTree t;
    private final DominatedTree dt;
    private final GcPaths gcPaths;
    private final Map<Integer, int[]> chains = new HashMap<>();
    private final Map<Integer, int[]> paths = new HashMap<>();
    private final Set<Long> wanted = new HashSet<>();
    private final Map<Long, Long> arrayTargets = new HashMap<>();

    /** What a holder's memory-leak finding shows of where it is. */
    public record Where(String accumulationClass, String accumulationObject, long accumulationRetainedBytes,
                        String rootKind, List<PathStep> pathFromRoot) {
    }

    public HolderEvidence(HeapGraph g, DominatorTree t, DominatedTree dt, GcPaths gcPaths) {
        this.g = g;
        this.t = t;
        this.dt = dt;
        this.gcPaths = gcPaths;
    }

    /** Adds what describing {@code node} needs; {@code path} from a GC root, or null for the shortest one. */
    public void add(int node, int[] path) {
        if (node < 0 || chains.containsKey(node)) {
            return;
        }
        int[] chain = dt.chainFrom(node, Suspects.BIG_DROP);
        int[] p = path != null ? path : gcPaths.pathTo(node);
        chains.put(node, chain);
        paths.put(node, p);
        fetch(g, p, wanted, arrayTargets);
        fetch(g, chain, wanted, arrayTargets);
    }

    /** True when {@code node} was added. */
    public boolean has(int node) {
        return chains.containsKey(node);
    }

    /**
     * Adds to a detail scan's requests what names each step of {@code seq}: an instance's field values (which field
     * references the next step), an object array's index of the next step.
     */
    static void fetch(HeapGraph g, int[] seq, Set<Long> wanted, Map<Long, Long> arrayTargets) {
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

    public Set<Long> wanted() {
        return Collections.unmodifiableSet(wanted);
    }

    public Map<Long, Long> arrayTargets() {
        return Collections.unmodifiableMap(arrayTargets);
    }

    /** The node's accumulation point and path, or null when it was not added. */
    public Where describe(int node, PathText text) {
        int[] chain = chains.get(node);
        if (chain == null) {
            return null;
        }
        int acc = chain[chain.length - 1];
        int[] path = paths.get(node);
        return new Where(PathText.name(g, acc), PathText.hex(g.id(acc)), t.retained(acc), text.rootKind(path), text.steps(path));
    }
}
