package dev.brink.heap;

import dev.brink.core.summary.HolderGrowth;
import dev.brink.core.summary.HolderKind;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Which holders grew between two dumps of one application, beyond what a healthy one does between two dumps.
 *
 * <p><b>Normal churn.</b> Both dumps are of live objects (the dump runs a full GC), so what differs in a healthy
 * service is: a bounded cache replacing entries of other sizes (the sum of n entries moves by about its mean over
 * √n, a few per cent for a thousand entries), a hash table or an ArrayList that resized once (the table is a few
 * bytes per entry beside entries of tens to hundreds), a JDK or framework cache filled lazily on a first use
 * (small: method types, reflection data), and whatever requests were in flight (held by stack frames, not by the
 * holders). So growth is a leak's only when it is at least {@value #MIN_GROWTH_SHARE_OF_HOLDER} of what the holder
 * retained before (a cache moving by a few per cent stays stable), and at least {@value #MIN_GROWTH_BYTES} bytes
 * and {@value #MIN_GROWTH_SHARE_OF_HEAP} of the later heap (a lazily filled 20 KiB JDK table that doubles is
 * noise, not the leak a user is looking for). A holder the earlier dump did not have (below the holder floor) is
 * growth of all its bytes, by the same absolute bar.
 *
 * <p><b>A name that is only the dominator tree's shape.</b> A top-level object that no field, static field or root
 * names is named by its class ("...DefaultListableBeanFactory (held from several places)"). Such a name appears when a
 * second, unrelated path to an object appears: a Spring context's bean factory, held through the context alone at
 * the first dump, also referenced from a request's path at the second, moves from inside the context's holder to the
 * top of the tree with every byte it had. Its earlier bytes were real, only elsewhere. So for such a holder missing
 * from the earlier dump, the growth is what its class's instances gained in all (each dump's class row: retained
 * bytes of all instances, nested ones counted once, wherever held), at most its own bytes: a structure that changed
 * hands without growing is stable, one that grew while changing hands still shows its growth. Class loaders are
 * named by the place found to hold them at the dump (a static field, a thread's context loader), which another dump
 * may find elsewhere for the same loaders (a script loader handed from the host's field to a runner thread, Spring
 * Boot's launcher loader held by its server threads): a loader holder the earlier dump lacks is judged the same
 * way, by what its loader type's instances gained.
 *
 * <p><b>A request in flight.</b> A local variable holds its objects only while its method runs. A stack holder the
 * earlier dump lacks is a frame that was not there (or held too little to be a holder): its method started after the
 * first dump, and everything it holds was built within that one call, which ends when the request does (a
 * servlet thread rendering a page, an export building its rows, a JMX client's connection thread fetching
 * notifications). That is work in flight, not accumulation across the dumps, so it is never growth; it is listed
 * among the stable holders when big, without a rate. A frame that held memory at both dumps (a long-running loop
 * keeping what it read in a local list) is judged like any holder: its growth is the leak.
 *
 * <p><b>A cache filling.</b> A map that evicts beyond a bound (a LinkedHashMap subclass whose bound the heap shows, a
 * bounded Caffeine or Guava cache: see the report package's EvictionBounds) grows after a start or a deploy until it
 * is full, then stays: two dumps taken while it fills show growth that is no leak. So a grown holder that evicts, whose entries grew in number
 * (never past a bound the heap shows) while their mean size stayed within {@value #MIN_GROWTH_SHARE_OF_HOLDER} of
 * what it was, is filling: listed apart, no memory-leak, its growth still explaining its enclosers' (a service
 * holding the cache did not leak either), and so is what grew inside it (a cache library's own map and frequency
 * sketch). A full one whose entries grow in size (a per-key history that is appended to) has no such excuse: its
 * count stays at the bound, and it is judged like any holder. A LinkedHashMap subclass whose bound does not read (a
 * constant compiled into removeEldestEntry, or no override at all: the dump holds no code) is a possibility of
 * eviction, not evidence of it, and a leak is growth: its growth is judged like any holder's, and its finding says it
 * may be a cache filling and that a third dump tells. Excusing it would clear every growing map that was subclassed
 * for a toString.
 *
 * <p><b>A bound beyond the heap.</b> A bound protects the heap only if the cache fits under it when full: a cache of
 * sessions bounded at 100 000 whose sessions keep 12 KB each is 1.2 GB at its bound, and in a 512 MiB heap it throws
 * OutOfMemoryError long before it evicts anything. So a cache that fills (above) is judged by what it would retain
 * at its bound: the bound read from the heap times its entries' mean retained size in the later dump (what each
 * new entry costs, on average). When that is more than the later dump's heap maximum leaves it (the maximum less
 * what the rest of the heap holds), it is growth that fills the heap before it reaches its bound: no excuse, judged
 * like any holder, its finding giving the bound, the bytes at the bound and the maximum. The maximum is what the
 * dump shows ({@link HeapCeiling}: {@code Runtime.maxMemory()}, as the JDK saves it at start-up); a dump that does
 * not show one leaves the cache filling: the heap's used size is the least the maximum can be, not the most, and
 * judging against it would call every cache still filling in a roomy heap a leak. A bound the heap does not show
 * (a library's weight, an expiry) cannot be judged either way.
 *
 * <p><b>Native memory.</b> A holder's bytes are its retained heap and the native memory its direct buffers hold
 * (report.DirectBuffers): a map of sessions that keeps each one's 64 KiB {@code ByteBuffer.allocateDirect} grows
 * the process by 64 KiB and its heap by a few hundred bytes per session, so judged by its heap alone it is stable
 * while the process runs out of {@code -XX:MaxDirectMemorySize}. Every rule here weighs both together; the row keeps
 * them apart so that the finding says which grew. A holder named by its class alone that the earlier dump lacks
 * gained at most what the dump's direct buffers gained in all, as its heap bytes gained at most what its class did.
 *
 * <p><b>A buffer pool grown to its working set.</b> Netty's pooled allocator takes its memory in chunks of direct
 * buffers (4 MiB by default) and keeps what it took for reuse: freed regions go back to their chunk or to the freeing
 * thread's cache, and only a chunk that falls empty is given back. More connections or requests in flight at the
 * later dump's load (more event loops busy, each caching what it freed) leave it holding more chunks, and that is no
 * leak: the next burst reuses them. A pool also grows when the application leaks its buffers: by keeping them (their
 * regions are credited to whatever keeps them, report.NettyPools, and that holder grows) or by dropping them without
 * {@code release()}, when their regions stay used in the chunks with no buffer left to free them. That last part is
 * in the dump: a chunk's {@code chunkSize - freeBytes}, less the regions of live buffers and of thread-cache entries,
 * is what no one can release ({@link Holder#unreleasedBytes}). So a grown holder that keeps a pool whose unreleased
 * bytes grew by less than the least growth, and whose growth beyond its pools' chunks is also below it, is a pool
 * grown to its working set: listed with the filling caches, no memory-leak. One whose unreleased bytes grew by the
 * least growth or more is judged like any holder, and its finding says its buffers are never released. A pool whose
 * chunks' or cache entries' sizes did not read (another Netty's layout) is judged like any holder, as before.
 * Netty 4.2's adaptive allocator caches whole chunks, per thread and shared, and its chunks may be heap arrays: the
 * holders that keep its chunks (a thread's magazines, a shared queue) are judged by the same rule, their pool bytes
 * and unreleased bytes read from the chunks they enclose (report.AdaptiveChunks).
 *
 * <p><b>The holder that grew, not its enclosers.</b> A bean's growing field also grows the registry that holds the
 * bean and the static field that holds the registry. As MAT's "big drop" walks down to where the memory is, a
 * grown holder whose nearest grown enclosed holders account for {@value #EXPLAINED_BY_ENCLOSED} of its growth is
 * left out for them; otherwise it is reported itself (its own growth is not theirs). A static field that grew only
 * because more copies of its class exist (each class loader defines its own) is the consequence of a class-loader
 * holder's growth: when the loaders grew, the loaders are reported.
 */
final class GrowthRules {
    static final long MIN_GROWTH_BYTES = 512 * 1024;
    static final double MIN_GROWTH_SHARE_OF_HEAP = 0.005;
    static final double MIN_GROWTH_SHARE_OF_HOLDER = 0.10;
    static final double EXPLAINED_BY_ENCLOSED = 0.7;
    /** Stable holders are listed from this share of the later heap: the size at which a reader asks "and this one?". */
    static final double STABLE_SHOWN_SHARE = 0.01;

    private GrowthRules() {
    }

    /**
     * The grown holders (reported ones only, most growth first), the filling caches and the pools grown to their
     * working set, the biggest {@code top} stable ones.
     */
    record Outcome(List<HolderGrowth> grown, List<HolderGrowth> filling, List<HolderGrowth> stable) {
    }

    static Outcome compare(HolderSummary before, HolderSummary after, int top) {
        Map<String, Holder> a = new HashMap<>();
        for (Holder h : before.holders()) {
            a.put(h.key(), h);
        }
        double hours = (after.timestampMillis() - before.timestampMillis()) / 3_600_000.0;
        long minGrowth = minGrowth(after.heapBytes());
        Map<String, Long> classGrowth = classGrowth(before, after);
        long nativeGained = Math.max(0, after.nativeBytes() - before.nativeBytes());
        Map<String, Long> earlier = new HashMap<>();
        Map<String, Long> earlierNative = new HashMap<>();
        Map<String, Holder> grown = new HashMap<>();
        Set<String> filling = new HashSet<>();
        Map<String, Holder> byKey = new HashMap<>();
        for (Holder h : after.holders()) {
            byKey.put(h.key(), h);
            long wasNative = earlierNative(h, a.get(h.key()), nativeGained);
            long was = earlierBytes(h, a.get(h.key()), classGrowth) + wasNative;
            earlier.put(h.key(), was);
            earlierNative.put(h.key(), wasNative);
            long growth = h.totalBytes() - was;
            if (!inFlight(h, a.get(h.key())) && growth >= minGrowth && growth >= MIN_GROWTH_SHARE_OF_HOLDER * was) {
                grown.put(h.key(), h);
                if (filling(h, a.get(h.key()), was) && !beyondHeap(h, after.heapBytes(), after.maxHeapBytes())
                        || poolAtWorkingSet(h, a.get(h.key()), was, minGrowth)) {
                    filling.add(h.key());
                }
            }
        }
        for (Holder h : grown.values()) {
            if (!filling.contains(h.key()) && insideAny(h, filling, byKey)) {
                filling.add(h.key()); // the cache's own map, its sketch: growing because the cache fills
            }
        }
        Set<String> consequences = copiesOfLoadedClasses(grown, a);
        grown.keySet().removeAll(consequences);
        Set<String> reported = new HashSet<>(grown.keySet());
        reported.removeAll(filling); // still in grown: a filling cache explains its enclosers' growth
        Map<String, Long> explained = explainedByEnclosed(grown, byKey, earlier);
        for (Map.Entry<String, Long> e : explained.entrySet()) {
            Holder h = grown.get(e.getKey());
            if (e.getValue() >= EXPLAINED_BY_ENCLOSED * (h.totalBytes() - earlier.get(h.key()))) {
                reported.remove(e.getKey());
            }
        }
        List<HolderGrowth> out = new ArrayList<>();
        List<HolderGrowth> fills = new ArrayList<>();
        List<HolderGrowth> stable = new ArrayList<>();
        for (Holder h : after.holders()) {
            HolderGrowth row = row(h, a.get(h.key()), earlier.get(h.key()), earlierNative.get(h.key()), hours, reported.contains(h.key()));
            if (row.grew()) {
                out.add(row);
            } else if (filling.contains(h.key()) && grown.containsKey(h.key())) {
                fills.add(row);
            } else if (!grown.containsKey(h.key()) && !consequences.contains(h.key()) && stable.size() < top
                    && h.totalBytes() >= STABLE_SHOWN_SHARE * (after.heapBytes() + after.nativeBytes())) {
                stable.add(row); // after.holders() is biggest first
            }
        }
        Comparator<HolderGrowth> mostGrowth = Comparator.comparingLong(HolderGrowth::totalGrowthBytes).reversed().thenComparing(HolderGrowth::holder);
        out.sort(mostGrowth);
        fills.sort(mostGrowth);
        return new Outcome(out, fills, stable);
    }

    /** True when holder h is enclosed, at any depth, by one of {@code keys}. */
    private static boolean insideAny(Holder h, Set<String> keys, Map<String, Holder> byKey) {
        Deque<String> up = new ArrayDeque<>(h.within());
        Set<String> seen = new HashSet<>();
        while (!up.isEmpty()) {
            String k = up.poll();
            if (keys.contains(k)) {
                return true;
            }
            if (seen.add(k) && byKey.containsKey(k)) {
                up.addAll(byKey.get(k).within());
            }
        }
        return false;
    }

    /**
     * A grown holder that evicts, grown by more entries of about the same mean size and within the bound the heap
     * shows: a cache filling (see the class comment). {@code earlierBytes}: what it retained in the earlier dump.
     */
    private static boolean filling(Holder h, Holder was, long earlierBytes) {
        long now = h.elements();
        long then = was == null ? 0 : was.elements(); // under the holder floor then: next to no entries
        if (!h.evicts() || now < 0 || then < 0 || now <= then || (h.bound() > 0 && now > h.bound())) {
            return false;
        }
        if (then == 0 || earlierBytes == 0) {
            return true;
        }
        double meanThen = (double) earlierBytes / then;
        double meanNow = (double) h.totalBytes() / now;
        return meanNow <= (1 + MIN_GROWTH_SHARE_OF_HOLDER) * meanThen;
    }

    /**
     * What holder h would retain at its bound, its entries as big on average as now; 0 when it has no bound the heap
     * shows or no entries (see the class comment).
     */
    static long boundBytes(Holder h) {
        if (h.bound() <= 0 || h.elements() <= 0) {
            return 0;
        }
        return (long) Math.min(Long.MAX_VALUE, (double) h.retainedBytes() / h.elements() * h.bound());
    }

    /**
     * True when holder h at its bound would retain more than the heap's maximum leaves it beside the rest of a heap
     * of {@code heapBytes} reachable bytes; false when the maximum is unknown (0) or h has no bound the heap shows.
     */
    static boolean beyondHeap(Holder h, long heapBytes, long maxHeapBytes) {
        long atBound = boundBytes(h);
        return maxHeapBytes > 0 && atBound > 0 && h.elements() < h.bound()
                && atBound > maxHeapBytes - Math.max(0, heapBytes - h.retainedBytes());
    }

    /**
     * A grown holder that keeps a Netty pool, grown by the pool's chunks while its bytes in use with no live buffer
     * did not grow: a pool grown to its working set (see the class comment). {@code earlierBytes}: heap and native.
     */
    private static boolean poolAtWorkingSet(Holder h, Holder was, long earlierBytes, long minGrowth) {
        if (!h.keepsPool() || unreleasedGrowth(h, was) >= minGrowth) {
            return false;
        }
        long chunksGrowth = h.poolBytes() - (was == null ? 0 : was.poolBytes());
        return h.totalBytes() - earlierBytes - Math.max(0, chunksGrowth) < minGrowth;
    }

    /** Growth of a holder's pools' bytes in use that no live buffer holds and no thread caches; 0 when it keeps no pool. */
    static long unreleasedGrowth(Holder h, Holder was) {
        if (!h.keepsPool()) {
            return 0;
        }
        return h.unreleasedBytes() - unreleasedBefore(was);
    }

    /** A holder's pools' unreleased bytes in the earlier dump: 0 when it had none read, or was not tracked. */
    static long unreleasedBefore(Holder was) {
        return was != null && was.keepsPool() ? was.unreleasedBytes() : 0;
    }

    /** A stack frame's holder that the earlier dump did not have: a request in flight (see the class comment). */
    private static boolean inFlight(Holder h, Holder was) {
        return was == null && h.kind() == HolderKind.THREAD_STACK;
    }

    /** The least growth that is not churn in a later dump of {@code heapBytes} reachable bytes. */
    static long minGrowth(long heapBytes) {
        return Math.max(MIN_GROWTH_BYTES, (long) (MIN_GROWTH_SHARE_OF_HEAP * heapBytes));
    }

    /**
     * What holder {@code h} of the later dump retained in the earlier one: its own bytes there; for a holder named by
     * its class alone that the earlier dump did not have, its bytes less what its class gained (see the class
     * comment), the growth capped at its own bytes; else 0 (under the holder floor there).
     */
    private static long earlierBytes(Holder h, Holder was, Map<String, Long> classGrowth) {
        if (was != null) {
            return was.retainedBytes();
        }
        if (h.namedClass().isEmpty()) {
            return 0;
        }
        long gained = classGrowth.getOrDefault(h.namedClass(), h.retainedBytes());
        return h.retainedBytes() - Math.min(h.retainedBytes(), gained);
    }

    /**
     * The native bytes holder {@code h} of the later dump kept alive in the earlier one: its own there; for a holder
     * named by its class alone that the earlier dump lacks, its native bytes less what the whole dump's direct buffers
     * gained (see the class comment); else 0.
     */
    private static long earlierNative(Holder h, Holder was, long nativeGained) {
        if (was != null) {
            return was.nativeBytes();
        }
        if (h.namedClass().isEmpty()) {
            return 0;
        }
        return h.nativeBytes() - Math.min(h.nativeBytes(), nativeGained);
    }

    /** Per class name, retained bytes of all its instances in the later dump less in the earlier one. */
    private static Map<String, Long> classGrowth(HolderSummary before, HolderSummary after) {
        Map<String, Long> out = new HashMap<>();
        for (ClassRow r : after.classes()) {
            out.merge(r.className(), r.retainedBytes(), Long::sum);
        }
        for (ClassRow r : before.classes()) {
            out.merge(r.className(), -r.retainedBytes(), Long::sum);
        }
        return out;
    }

    /** Static fields that grew because more copies of their class exist, in class loaders that grew. */
    private static Set<String> copiesOfLoadedClasses(Map<String, Holder> grown, Map<String, Holder> before) {
        Set<String> out = new HashSet<>();
        for (Holder h : grown.values()) {
            Holder was = before.get(h.key());
            boolean moreCopies = h.kind() == HolderKind.STATIC_FIELD && h.instances() > (was == null ? 0 : was.instances());
            if (moreCopies && h.within().stream().anyMatch(w -> grown.containsKey(w) && grown.get(w).kind() == HolderKind.CLASS_LOADERS)) {
                out.add(h.key());
            }
        }
        return out;
    }

    /**
     * For each grown holder, the growth of the grown holders it encloses nearest (through enclosers that did not
     * grow), summed.
     */
    private static Map<String, Long> explainedByEnclosed(Map<String, Holder> grown, Map<String, Holder> byKey, Map<String, Long> earlier) {
        Map<String, Long> explained = new HashMap<>();
        for (Holder h : grown.values()) {
            Deque<String> up = new ArrayDeque<>(h.within());
            Set<String> seen = new HashSet<>();
            while (!up.isEmpty()) {
                String k = up.poll();
                if (!seen.add(k)) {
                    continue;
                }
                if (grown.containsKey(k)) {
                    explained.merge(k, h.totalBytes() - earlier.get(h.key()), Long::sum);
                } else if (byKey.containsKey(k)) {
                    up.addAll(byKey.get(k).within());
                }
            }
        }
        return explained;
    }

    /** {@code earlier}: heap and native bytes in the earlier dump; {@code earlierNative}: the native part. */
    private static HolderGrowth row(Holder h, Holder was, long earlier, long earlierNative, double hours, boolean grew) {
        long growth = h.totalBytes() - earlier;
        // a frame's holder in flight has no rate: its bytes were built within one call, not over the hours between
        Double perHour = hours > 0 && !inFlight(h, was) ? growth / hours : null;
        return new HolderGrowth(h.key(), h.kind(), h.structure(), earlier - earlierNative, h.retainedBytes(),
                was == null ? -1 : was.elements(), h.elements(), h.evicts() ? h.bound() : null, perHour, grew,
                earlierNative, h.nativeBytes());
    }
}
