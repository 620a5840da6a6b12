package dev.brink.heap.report;

import dev.brink.heap.hprof.HeapSegments;
import dev.brink.heap.hprof.HprofInput;
import dev.brink.heap.hprof.HprofScanner;
import dev.brink.heap.hprof.HprofTypes;
import dev.brink.heap.hprof.HprofVisitor;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One more streaming pass that fetches the raw content of a few objects the report names (field values
 * for paths, strings for thread names and duplicates). The graph keeps no file offsets, so this re-reads
 * the file; it costs one scan and memory only for what is asked.
 */
public final class DetailReader {
    /** Largest primitive array content kept, in bytes: enough for names and string previews. */
    static final int MAX_ARRAY_BYTES = 4096;

    // filled only while its scan runs, read-only afterwards: readers never share or hand out these maps
    private final Map<Long, byte[]> instances = new HashMap<>();
    private final Map<Long, byte[]> arrays = new HashMap<>();
    private final Map<Long, Integer> arrayTypes = new HashMap<>();
    private final Map<Long, Integer> elementIndex = new HashMap<>();

    private DetailReader() {
    }

    /** Raw instance field values of object {@code id}, or null if the scan did not fetch it. Do not modify. */
    byte[] instance(long id) {
        return instances.get(id);
    }

    /** Ids of the instances fetched. */
    Set<Long> instanceIds() {
        return Collections.unmodifiableSet(instances.keySet());
    }

    /** The (capped) content of primitive array {@code id}, or null. Do not modify. */
    byte[] array(long id) {
        return arrays.get(id);
    }

    /** The hprof basic type of primitive array {@code id}'s elements, or byte if it was not fetched. */
    int arrayType(long id) {
        return arrayTypes.getOrDefault(id, HprofTypes.BYTE);
    }

    /** Index of the wanted element in object array {@code id}, or null. */
    Integer elementIndex(long id) {
        return elementIndex.get(id);
    }

    /** A new reader holding what both scans fetched; neither input changes. */
    public static DetailReader merge(DetailReader a, DetailReader b) {
        DetailReader m = new DetailReader();
        for (DetailReader d : new DetailReader[] {a, b}) {
            m.instances.putAll(d.instances);
            m.arrays.putAll(d.arrays);
            m.arrayTypes.putAll(d.arrayTypes);
            m.elementIndex.putAll(d.elementIndex);
        }
        return m;
    }

    /**
     * @param objects ids whose instance data or primitive array content is wanted
     * @param arrayTargets object array id → the element id whose index is wanted
     */
    public static DetailReader read(Path file, Set<Long> objects, Map<Long, Long> arrayTargets) throws IOException {
        return read(file, null, objects, arrayTargets, null);
    }

    /** Receives a 64-bit content hash (FNV-1a over length and bytes, never 0) of selected byte[]/char[] arrays. */
    public interface ArrayHasher {
        boolean wants(long arrayId);

        /** Called once per array, from any of the reading threads; each array id comes once. */
        void hash(long arrayId, long hash);
    }

    /**
     * As {@link #read(Path, Set, Map)}, also hashing the byte[]/char[] arrays {@code hasher} wants, in the same scan;
     * with the dump's {@code segments} (or null), on several threads.
     */
    public static DetailReader read(Path file, HeapSegments segments, Set<Long> objects, Map<Long, Long> arrayTargets,
                                    ArrayHasher hasher) throws IOException {
        if (objects.isEmpty() && arrayTargets.isEmpty() && hasher == null) {
            return new DetailReader();
        }
        List<Fetch> readers = HprofScanner.scanHeap(file, segments, () -> new Fetch(objects, arrayTargets, hasher), done -> { });
        if (readers.size() == 1) {
            return readers.get(0).found;
        }
        DetailReader d = new DetailReader();
        for (Fetch f : readers) {
            d.instances.putAll(f.found.instances);
            d.arrays.putAll(f.found.arrays);
            d.arrayTypes.putAll(f.found.arrayTypes);
            d.elementIndex.putAll(f.found.elementIndex);
        }
        return d;
    }

    /** What one reading thread fetches. */
    private static final class Fetch implements HprofVisitor {
        private final DetailReader found = new DetailReader();
        /**
         * The wanted ids, sorted: the scan asks for every object of the dump, and a search in a few hundred longs
         * costs less than boxing each id for a hash lookup.
         */
        private final long[] objects;
        private final long[] arrays;
        private final Map<Long, Long> arrayTargets;
        private final ArrayHasher hasher;
        private final byte[] chunk = new byte[1 << 16];

        Fetch(Set<Long> objects, Map<Long, Long> arrayTargets, ArrayHasher hasher) {
            this.objects = sorted(objects);
            this.arrays = sorted(arrayTargets.keySet());
            this.arrayTargets = arrayTargets;
            this.hasher = hasher;
        }

        private static long[] sorted(Set<Long> ids) {
            long[] a = new long[ids.size()];
            int i = 0;
            for (long id : ids) {
                a[i++] = id;
            }
            Arrays.sort(a);
            return a;
        }

        private static boolean has(long[] sorted, long id) {
            return sorted.length > 0 && Arrays.binarySearch(sorted, id) >= 0;
        }

        @Override
        public void instance(long id, long classId, long length, HprofInput in) {
            if (has(objects, id)) {
                byte[] b = new byte[(int) length];
                in.read(b, 0, b.length);
                found.instances.put(id, b);
            }
        }

        @Override
        public void objectArray(long id, long arrayClassId, int count, HprofInput in) {
            Long target = has(arrays, id) ? arrayTargets.get(id) : null;
            if (target != null) {
                for (int k = 0; k < count; k++) {
                    if (in.id() == target) {
                        found.elementIndex.put(id, k);
                        return;
                    }
                }
            }
        }

        @Override
        public void primitiveArray(long id, int type, int count, HprofInput in) {
            boolean fetch = has(objects, id);
            int keep = fetch ? (int) Math.min((long) count * HprofTypes.size(type, in.idSize()), MAX_ARRAY_BYTES) : 0;
            if (hasher != null && (type == HprofTypes.BYTE || type == HprofTypes.CHAR) && hasher.wants(id)) {
                // hashed, and kept too when asked for (a thread's name can also be a duplicated string)
                byte[] kept = fetch ? new byte[keep] : null;
                long h = 0xcbf29ce484222325L ^ count;
                long left = (long) count * HprofTypes.size(type, in.idSize());
                long at = 0;
                while (left > 0) {
                    int n = (int) Math.min(left, chunk.length);
                    in.read(chunk, 0, n);
                    for (int i = 0; i < n; i++) {
                        h = (h ^ (chunk[i] & 0xff)) * 0x100000001b3L;
                    }
                    if (kept != null && at < keep) {
                        System.arraycopy(chunk, 0, kept, (int) at, (int) Math.min(n, keep - at));
                    }
                    at += n;
                    left -= n;
                }
                hasher.hash(id, h == 0 ? 1 : h);
                if (kept != null) {
                    found.arrays.put(id, kept);
                    found.arrayTypes.put(id, type);
                }
                return;
            }
            if (fetch) {
                byte[] b = new byte[keep];
                in.read(b, 0, keep);
                found.arrays.put(id, b);
                found.arrayTypes.put(id, type);
            }
        }
    }
}
