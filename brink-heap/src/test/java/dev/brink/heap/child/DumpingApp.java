package dev.brink.heap.child;

import com.sun.management.HotSpotDiagnosticMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Child JVM for the real-dump tests: builds a heap, then dumps its own live heap with
 * HotSpotDiagnosticMXBean and exits. Mode "leak" grows a static ConcurrentHashMap (the known leak) beside
 * some ordinary live data; "healthy" keeps only the ordinary data, spread over many small holders.
 * Usage: DumpingApp leak|healthy DUMP_FILE [ENTRIES] [LINKED_LIST_NODES] [EARLIER_DUMP_FILE EARLIER_ENTRIES]
 *
 * <p>Shapes (bench/heap-scale.sh scales them with the dump size): each leaked entry is six objects (a
 * ConcurrentHashMap$Node, its Long key, a PriceHistory record, its note String and that String's byte[], and a
 * 100–299-byte snapshot byte[]), about 376 bytes of dump; each list node two (a LinkedList$Node and its Integer);
 * 400 small holders (a list of 21 short strings and an int[64] each) beside them. With an earlier dump file, the
 * program writes that dump once EARLIER_ENTRIES entries are in the map, then grows the map to ENTRIES and writes
 * the later one: two dumps of one process, the leak grown between them, for {@code brink heap diff}.
 */
public final class DumpingApp {
    /** The leak: grows and is never cleared. */
    static final Map<Long, PriceHistory> PRICE_HISTORY = new ConcurrentHashMap<>();
    /** Ordinary data: many small independent holders, none of which dominates. */
    static final List<Holder> HOLDERS = new ArrayList<>();
    static volatile Object keepAlive;

    record PriceHistory(long bookId, double price, String note, byte[] snapshot) {
    }

    static final class Holder {
        final List<String> names = new ArrayList<>();
        final int[] numbers = new int[64];
    }

    /** Healthy data: twelve unrelated holders of about 7 % of the heap each, so none dominates. */
    static Object[] shard() {
        Object[] data = new Object[2_000];
        for (int i = 0; i < data.length; i++) {
            data[i] = "shard item " + i + " of " + System.nanoTime();
        }
        return data;
    }

    static final class Shard0 { static final Object[] DATA = shard(); }
    static final class Shard1 { static final Object[] DATA = shard(); }
    static final class Shard2 { static final Object[] DATA = shard(); }
    static final class Shard3 { static final Object[] DATA = shard(); }
    static final class Shard4 { static final Object[] DATA = shard(); }
    static final class Shard5 { static final Object[] DATA = shard(); }
    static final class Shard6 { static final Object[] DATA = shard(); }
    static final class Shard7 { static final Object[] DATA = shard(); }
    static final class Shard8 { static final Object[] DATA = shard(); }
    static final class Shard9 { static final Object[] DATA = shard(); }
    static final class Shard10 { static final Object[] DATA = shard(); }
    static final class Shard11 { static final Object[] DATA = shard(); }

    public static void main(String[] args) throws Exception {
        String mode = args[0];
        Path dump = Path.of(args[1]);
        int entries = args.length > 2 ? Integer.parseInt(args[2]) : 20_000;
        int listNodes = args.length > 3 ? Integer.parseInt(args[3]) : 0;
        Path earlier = args.length > 5 ? Path.of(args[4]) : null;
        long earlierEntries = earlier == null ? -1 : Long.parseLong(args[5]);
        for (int h = 0, n = "leak".equals(mode) ? 400 : 10; h < n; h++) {
            Holder holder = new Holder();
            for (int i = 0; i < 20; i++) {
                holder.names.add("holder-" + h + "-name-" + i);
            }
            holder.names.add("shared-config-key-" + (h % 1)); // equal text, a new array each time: duplicates
            HOLDERS.add(holder);
        }
        if ("healthy".equals(mode)) {
            keepAlive = new Object[] {Shard0.DATA, Shard1.DATA, Shard2.DATA, Shard3.DATA, Shard4.DATA, Shard5.DATA,
                Shard6.DATA, Shard7.DATA, Shard8.DATA, Shard9.DATA, Shard10.DATA, Shard11.DATA};
            keepAlive = null; // the arrays stay reachable through each shard class only
        }
        if (listNodes > 0) {
            java.util.LinkedList<Integer> list = new java.util.LinkedList<>();
            for (int i = 0; i < listNodes; i++) {
                list.add(i);
            }
            keepAlive = list;
        }
        if ("leak".equals(mode)) {
            for (long i = 0; i < entries; i++) {
                if (i == earlierEntries) {
                    dump(earlier);
                }
                PRICE_HISTORY.put(i, new PriceHistory(i, i * 0.5, "price changed for book " + i, new byte[100 + (int) (i % 200)]));
            }
        }
        dump(dump);
    }

    /** The live heap, written by the JVM itself (a full collection first), as jcmd GC.heap_dump would. */
    private static void dump(Path file) throws java.io.IOException {
        Files.deleteIfExists(file);
        HotSpotDiagnosticMXBean bean = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
        bean.dumpHeap(file.toString(), true);
        System.out.println("DUMPED " + file);
    }
}
