package dev.brink.heap.index;

import java.util.Locale;

/**
 * How the dumped JVM laid its objects out, which HPROF does not record: the object header (12 bytes with compressed
 * class pointers, 8 with JDK 24+'s compact object headers), where array elements start, and whether references are
 * 4 bytes (compressed oops) or 8 (ZGC never compresses them, whatever the heap size; neither does a heap over 32
 * GiB). The evidence is the arrays' addresses. HotSpot dumps a heap region by region in address order, so in file
 * order an object is mostly followed by its neighbour in memory, an object id is its address, and a heap dumped
 * live was just collected: neighbours touch. An array's size follows from its record alone (length × element size
 * plus the header, the element an id for object arrays), an instance's from its class's fields (primitive bytes
 * and references, the CLASS_DUMP records coming first), so for each object followed by one at a higher address,
 * each candidate layout's size of the object is compared with the gap to the next:
 * <ul>
 *   <li>a size larger than the gap is impossible (objects do not overlap): a layout that makes more than
 *       {@value #MAX_OVERLAP_SHARE} of the compared arrays overlap is ruled out;</li>
 *   <li>a size equal to the gap is the layout fitting; of the layouts not ruled out, the one that fits most arrays
 *       exactly is the JVM's. Objects freed before the dump, and records not adjacent in memory, only widen gaps:
 *       they fit no layout and rule none out.</li>
 * </ul>
 * Below {@value #MIN_COMPARED} compared arrays there is no evidence and the address span decides, as before.
 *
 * Instances tell the header apart where arrays cannot (an object array has one size with a 12-byte array header
 * and 8-byte elements as with a 16-byte one); arrays tell where elements start.
 *
 * <p>Cost: a few longs per candidate layout; four comparisons per object record of the first pass, for the first
 * {@value #MAX_COMPARED} objects compared (a layout is one for the whole heap, and that many are far past doubt).
 */
final class HeaderEvidence {
    static final int MIN_COMPARED = 100;
    static final int MAX_COMPARED = 1 << 20;
    static final double MAX_OVERLAP_SHARE = 0.01;

    /** A candidate layout: header and array header bytes, reference bytes. */
    record Layout(String name, int header, int arrayHeader, int reference) {
        long arraySize(long count, int elementBytes) {
            long base = (arrayHeader + elementBytes - 1) / elementBytes * elementBytes;
            return (base + count * elementBytes + 7) / 8 * 8;
        }
    }

    static final Layout STANDARD = new Layout("compressed oops", 12, 16, 4);
    static final Layout WIDE_REFERENCES = new Layout("uncompressed oops with compressed class pointers", 12, 16, 8);
    static final Layout COMPACT = new Layout("compact object headers, compressed oops", 8, 12, 4);
    static final Layout COMPACT_WIDE = new Layout("compact object headers, uncompressed oops", 8, 12, 8);
    static final Layout[] LAYOUTS = {STANDARD, WIDE_REFERENCES, COMPACT, COMPACT_WIDE};

    private final int idSize;
    private long lastId = -1;
    /** For the last record: an array's length, else -1 (an instance). */
    private long count;
    /** An array's element bytes, 0 for an object array (a reference: the layout's); an instance's primitive bytes. */
    private int elementBytes;
    /** An instance's reference fields. */
    private int references;
    private long compared;
    private final long[] exact = new long[LAYOUTS.length];
    private final long[] overlaps = new long[LAYOUTS.length];

    HeaderEvidence(int idSize) {
        this.idSize = idSize;
    }

    /** The next record of the first pass, in file order: any object. */
    /** True while more evidence is wanted: the first pass may skip the records' shapes after. */
    boolean collecting() {
        return compared < MAX_COMPARED;
    }

    void object(long id) {
        if (lastId >= 0 && id > lastId && idSize == 8 && compared < MAX_COMPARED) {
            long gap = id - lastId;
            compared++;
            for (int k = 0; k < LAYOUTS.length; k++) {
                Layout l = LAYOUTS[k];
                long size = count >= 0 ? l.arraySize(count, elementBytes == 0 ? l.reference() : elementBytes)
                        : (l.header() + elementBytes + (long) references * l.reference() + 7) / 8 * 8;
                exact[k] += gap == size ? 1 : 0;
                overlaps[k] += gap < size ? 1 : 0;
            }
        }
        lastId = -1;
    }

    /** An array record (after {@link #object} for its own id): {@code elementBytes} 0 for an object array. */
    void array(long id, int count, int elementBytes) {
        lastId = id;
        this.count = count;
        this.elementBytes = elementBytes;
    }

    /** An instance record (after {@link #object}) of a class with these fields, its superclasses' included. */
    void instance(long id, int primitiveBytes, int referenceFields) {
        lastId = id;
        count = -1;
        elementBytes = primitiveBytes;
        references = referenceFields;
    }

    /** The layout the arrays show, or null without enough evidence (too few arrays, none fitting). */
    Layout layout() {
        if (compared < MIN_COMPARED) {
            return null;
        }
        int best = -1;
        for (int k = 0; k < LAYOUTS.length; k++) {
            boolean possible = overlaps[k] <= MAX_OVERLAP_SHARE * compared;
            if (possible && exact[k] > 0 && (best < 0 || exact[k] > exact[best])) {
                best = k;
            }
        }
        return best < 0 ? null : LAYOUTS[best];
    }

    /** What the evidence was, for the size model's basis. */
    String describe(Layout l) {
        int k = java.util.Arrays.asList(LAYOUTS).indexOf(l);
        return String.format(Locale.ROOT, "%,d of %,d objects touch their neighbour as %s lays them out", exact[k], compared, l.name());
    }
}
