package dev.brink.heap.report;

import dev.brink.heap.DuplicateString;
import dev.brink.heap.dominator.DominatorTree;
import dev.brink.heap.index.HeapGraph;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reachable java.lang.String objects with equal values. The value arrays are the targets of String
 * objects' references in the graph; the first detail scan hashes their content ({@link DetailReader.ArrayHasher}),
 * the second fetches previews of the top groups. Equal 64-bit hashes (over length and bytes) count as equal
 * strings. Memory: 8 bytes per String, 28 from {@link #index} to the end of the hashing scan, then 24 while the
 * groups are made (the arrays only the scan reads go first), then 8 again.
 */
public final class DuplicateStrings implements DetailReader.ArrayHasher {
    private final HeapGraph g;
    private final int[] stringIdx;
    private final int[] valueIdx;
    private int[] values; // sorted value array indexes
    private long[] valueIds; // their ids, so the detail scan's lookups need no id index
    private long[] hashes; // by position in values
    private List<Group> best = List.of();

    private record Group(int first, int count, long wasted) {
    }

    public DuplicateStrings(HeapGraph g, DominatorTree t) {
        this.g = g;
        int stringClass = -1;
        for (int c = 0; c < g.classes().size(); c++) {
            if ("java.lang.String".equals(g.classes().name(c))) {
                stringClass = c;
            }
        }
        int n = g.objectCount();
        int strings = 0;
        for (int i = 0; i < n; i++) {
            if (g.classOf(i) == stringClass && t.reachable(i) && g.refEnd(i) > g.refStart(i)) {
                strings++;
            }
        }
        stringIdx = new int[strings];
        valueIdx = new int[strings];
        int k = 0;
        for (int i = 0; i < n && k < strings; i++) {
            if (g.classOf(i) == stringClass && t.reachable(i) && g.refEnd(i) > g.refStart(i)) {
                stringIdx[k] = i;
                valueIdx[k++] = g.ref(g.refStart(i)); // String's only reference field is its value array
            }
        }
    }

    /**
     * Builds what the hashing scan looks up (the value arrays' ids, their hashes: 20 bytes per String); called just
     * before that scan, when the dominator tree is parked, so the two never share the heap.
     */
    public void index() {
        if (hashes != null) {
            return;
        }
        values = valueIdx.clone();
        Arrays.sort(values);
        valueIds = new long[values.length];
        for (int v = 0; v < values.length; v++) {
            valueIds[v] = g.id(values[v]); // index order is id order
        }
        hashes = new long[values.length];
    }

    @Override
    public boolean wants(long arrayId) {
        index();
        return Arrays.binarySearch(valueIds, arrayId) >= 0;
    }

    @Override
    public void hash(long arrayId, long hash) {
        int slot = Arrays.binarySearch(valueIds, arrayId);
        for (int s = slot; s < values.length && values[s] == values[slot]; s++) {
            hashes[s] = hash;
        }
        for (int s = slot - 1; s >= 0 && values[s] == values[slot]; s--) {
            hashes[s] = hash;
        }
    }

    /** After the hashing scan: groups equal values, keeps the top ones; returns the ids to preview. */
    public Set<Long> previewIds(int top) {
        int strings = stringIdx.length;
        long[] keys = new long[strings];
        valueIds = null; // the scan is over: what only it read goes before the groups' arrays come
        for (int s = 0; s < strings; s++) {
            keys[s] = hashes[Arrays.binarySearch(values, valueIdx[s])];
        }
        values = null;
        hashes = null;
        long[] sorted = keys.clone();
        Arrays.sort(sorted);
        Map<Long, Integer> groupOf = new HashMap<>();
        for (int s = 1; s < strings; s++) {
            if (sorted[s] != 0 && sorted[s] == sorted[s - 1] && !groupOf.containsKey(sorted[s])) {
                groupOf.put(sorted[s], groupOf.size());
            }
        }
        int groupCount = groupOf.size();
        int[] first = new int[groupCount];
        Arrays.fill(first, -1);
        long[] copies = new long[groupCount];
        long[] wasted = new long[groupCount];
        long[] pairs = new long[16];
        int np = 0;
        for (int s = 0; s < strings; s++) {
            Integer gi = keys[s] == 0 ? null : groupOf.get(keys[s]);
            if (gi == null) {
                continue;
            }
            if (first[gi] < 0) {
                first[gi] = s;
            } else {
                wasted[gi] += g.shallow(stringIdx[s]);
            }
            copies[gi]++;
            if (np == pairs.length) {
                pairs = Arrays.copyOf(pairs, np * 2);
            }
            pairs[np++] = ((long) gi << 32) | valueIdx[s];
        }
        Arrays.sort(pairs, 0, np);
        for (int p = 1; p < np; p++) {
            // a second distinct value array in the same group is a second copy of the characters
            if ((pairs[p] >>> 32) == (pairs[p - 1] >>> 32) && pairs[p] != pairs[p - 1]) {
                wasted[(int) (pairs[p] >>> 32)] += g.shallow((int) pairs[p]);
            }
        }
        List<Group> groups = new ArrayList<>();
        for (int gi = 0; gi < groupCount; gi++) {
            groups.add(new Group(first[gi], (int) copies[gi], wasted[gi]));
        }
        groups.sort((x, y) -> Long.compare(y.wasted, x.wasted));
        best = new ArrayList<>(groups.subList(0, Math.min(top, groups.size())));
        Set<Long> wanted = new HashSet<>();
        for (Group gr : best) {
            wanted.add(g.id(stringIdx[gr.first]));
            wanted.add(g.id(valueIdx[gr.first]));
        }
        return wanted;
    }

    /** After the preview scan: the top groups with their text (first 80 characters). */
    public List<DuplicateString> finish(DetailReader d) {
        List<DuplicateString> out = new ArrayList<>();
        for (Group gr : best) {
            long sid = g.id(stringIdx[gr.first]);
            long vid = g.id(valueIdx[gr.first]);
            byte[] data = d.instance(sid);
            int c = g.classOf(stringIdx[gr.first]);
            int coderSlot = Fields.slot(g.classes(), c, "coder");
            int coder = coderSlot < 0 || data == null ? 0
                    : (int) Fields.value(data, Fields.offset(g.classes(), c, coderSlot, g.sizeModel().idSize()), 1);
            String text = Fields.decode(d.array(vid), d.arrayType(vid), coder);
            text = text == null ? "" : text;
            String preview = text.length() > 80 ? text.substring(0, 80) + "…" : text;
            out.add(new DuplicateString(preview, text.length(), gr.count, gr.wasted));
        }
        return out;
    }
}
