package dev.brink.heap.report;

import dev.brink.heap.DuplicateString;
import dev.brink.heap.dominator.DominatorTree;
import dev.brink.heap.hprof.HprofInput;
import dev.brink.heap.hprof.HprofScanner;
import dev.brink.heap.hprof.HprofTypes;
import dev.brink.heap.hprof.HprofVisitor;
import dev.brink.heap.index.HeapGraph;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Reachable java.lang.String objects with equal values. The value arrays are the targets of String
 * objects' references in the graph; one scan hashes their content (64-bit FNV-1a with the length), a
 * second fetches previews of the top groups. Memory: 12 bytes per String.
 */
public final class DuplicateStrings {
    private DuplicateStrings() {
    }

    public static List<DuplicateString> find(Path file, HeapGraph g, DominatorTree t, int top) throws IOException {
        int stringClass = -1;
        for (int c = 0; c < g.classes().size(); c++) {
            if ("java.lang.String".equals(g.classes().name(c))) {
                stringClass = c;
            }
        }
        if (stringClass < 0) {
            return List.of();
        }
        int n = g.objectCount();
        int strings = 0;
        for (int i = 0; i < n; i++) {
            if (g.classOf(i) == stringClass && t.reachable(i) && g.refEnd(i) > g.refStart(i)) {
                strings++;
            }
        }
        int[] stringIdx = new int[strings];
        int[] valueIdx = new int[strings];
        int k = 0;
        for (int i = 0; i < n; i++) {
            if (g.classOf(i) == stringClass && t.reachable(i) && g.refEnd(i) > g.refStart(i)) {
                stringIdx[k] = i;
                valueIdx[k++] = g.ref(g.refStart(i)); // String's only reference field is its value array
            }
        }
        int[] values = valueIdx.clone();
        Arrays.sort(values);
        long[] hashes = new long[values.length];
        HprofScanner.scan(file, new HprofVisitor() {
            @Override
            public void primitiveArray(long id, int type, int count, HprofInput in) {
                if (type != HprofTypes.BYTE && type != HprofTypes.CHAR) {
                    return;
                }
                int slot = Arrays.binarySearch(values, g.indexOf(id));
                if (slot < 0) {
                    return;
                }
                long h = 0xcbf29ce484222325L ^ count;
                long bytes = (long) count * HprofTypes.size(type, 8);
                for (long b = 0; b < bytes; b++) {
                    h = (h ^ in.u1()) * 0x100000001b3L;
                }
                for (int s = slot; s < values.length && values[s] == values[slot]; s++) {
                    hashes[s] = h;
                }
                for (int s = slot - 1; s >= 0 && values[s] == values[slot]; s--) {
                    hashes[s] = h;
                }
            }
        }, done -> { });
        // (hash, string) pairs sorted by hash: equal hashes are equal strings
        long[] keys = new long[strings];
        Integer[] order = new Integer[strings];
        for (int s = 0; s < strings; s++) {
            keys[s] = hashes[Arrays.binarySearch(values, valueIdx[s])];
            order[s] = s;
        }
        Arrays.sort(order, (a, b) -> Long.compare(keys[a], keys[b]));
        record Group(int first, int count, long wasted) {
        }
        List<Group> groups = new ArrayList<>();
        for (int s = 0; s < strings; ) {
            int e = s;
            long wasted = 0;
            Set<Integer> arrays = new HashSet<>();
            while (e < strings && keys[order[e]] == keys[order[s]]) {
                int str = order[e];
                if (e > s) {
                    wasted += g.shallow(stringIdx[str]);
                }
                if (arrays.add(valueIdx[str]) && arrays.size() > 1) {
                    wasted += g.shallow(valueIdx[str]); // a second copy of the characters, not a shared array
                }
                e++;
            }
            if (e - s >= 2 && keys[order[s]] != 0) {
                groups.add(new Group(order[s], e - s, wasted));
            }
            s = e;
        }
        groups.sort((a, b) -> Long.compare(b.wasted, a.wasted));
        List<Group> best = groups.subList(0, Math.min(top, groups.size()));
        Set<Long> wanted = new HashSet<>();
        for (Group gr : best) {
            wanted.add(g.id(stringIdx[gr.first]));
            wanted.add(g.id(valueIdx[gr.first]));
        }
        DetailReader d = DetailReader.read(file, wanted, java.util.Map.of());
        List<DuplicateString> out = new ArrayList<>();
        for (Group gr : best) {
            long sid = g.id(stringIdx[gr.first]);
            long vid = g.id(valueIdx[gr.first]);
            byte[] data = d.instances.get(sid);
            int c = g.classOf(stringIdx[gr.first]);
            int coderSlot = Fields.slot(g.classes(), c, "coder");
            int coder = coderSlot < 0 || data == null ? 0
                    : (int) Fields.value(data, Fields.offset(g.classes(), c, coderSlot, g.sizeModel().idSize()), 1);
            String text = Fields.decode(d.arrays.get(vid), d.arrayTypes.getOrDefault(vid, HprofTypes.BYTE), coder);
            text = text == null ? "" : text;
            String preview = text.length() > 80 ? text.substring(0, 80) + "…" : text;
            out.add(new DuplicateString(preview, text.length(), gr.count, gr.wasted));
        }
        return out;
    }
}
