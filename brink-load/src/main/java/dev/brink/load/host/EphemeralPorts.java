package dev.brink.load.host;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The host's ephemeral-port figures for generator health (field report 004: the generator ran out of ports and the
 * target was blamed), once a second: exact in every second where they could matter, cheap in the others.
 *
 * <p>Walking /proc/net/tcp and tcp6 every second is not cheap: the kernel writes those tables by visiting every bucket
 * of the namespace's established-socket hash (262 144 buckets on a 24 GiB machine, however few sockets there are), so
 * reading both costs ~10 ms of CPU each time (10.9 ms with 215 sockets listed, bench/RESULTS.md): 2 CPU-ms per 1000
 * requests at 5000 req/s, and, on a generator confined to one core, a stall of that length between two of the event
 * loop's ticks. /proc/net/sockstat and sockstat6 come from per-CPU counters in microseconds: the namespace's TCP
 * sockets in use (IPv4 and IPv6: connections, listeners, orphans) and those in TIME_WAIT. Their sum bounds from above
 * the sockets that can hold a local port of the ephemeral range, and the TIME_WAIT count is exact.
 *
 * <p>So the tables are walked in every second in which that bound reaches {@link #EXACT_FROM} of the range — each
 * second in which the count could come near the 80 % limit is counted exactly — and otherwise every
 * {@link #REFRESH_EVERY}th second. In between the last count stands, never above the bound (sockets closed since it
 * was taken lower it at once). Where sockstat cannot be read, every second walks.
 */
final class EphemeralPorts {
    /** The bound, as a share of the range, from which every second is counted exactly: far below the 80 % limit. */
    static final double EXACT_FROM = 1.0 / 8;
    /** Below {@link #EXACT_FROM}, the tables are still walked once in this many seconds. */
    static final int REFRESH_EVERY = 10;

    private final ProcNetTcp tables = new ProcNetTcp();
    private final Path tcp4;
    private final Path tcp6;
    private final Path sockstat4;
    private final Path sockstat6;
    private final int low;
    private final int high;
    private int inUse;
    private int sinceWalk = REFRESH_EVERY; // the first sample walks
    private int walks;

    EphemeralPorts(int low, int high) {
        this(low, high, Path.of("/proc/net"));
    }

    /** {@code net}: the directory holding tcp, tcp6, sockstat and sockstat6 ({@code /proc/net}). */
    EphemeralPorts(int low, int high, Path net) {
        this.low = low;
        this.high = high;
        this.tcp4 = net.resolve("tcp");
        this.tcp6 = net.resolve("tcp6");
        this.sockstat4 = net.resolve("sockstat");
        this.sockstat6 = net.resolve("sockstat6");
    }

    /** {sockets with a local port in [low, high], sockets in TIME_WAIT}, over IPv4 and IPv6. */
    int[] sample() {
        long[] bound = sockstat();
        int range = high - low + 1;
        if (bound == null || bound[0] >= EXACT_FROM * range || ++sinceWalk >= REFRESH_EVERY) {
            int[] n = new int[2];
            tables.count(tcp4, low, high, n);
            tables.count(tcp6, low, high, n);
            sinceWalk = 0;
            walks++;
            inUse = n[0];
            return n;
        }
        inUse = (int) Math.min(inUse, bound[0]);
        return new int[] {inUse, (int) bound[1]};
    }

    /** How many samples walked the tables (for tests). */
    int walks() {
        return walks;
    }

    /**
     * {TCP sockets in use over sockstat and sockstat6 plus those in TIME_WAIT, those in TIME_WAIT}, or null when
     * sockstat is missing or not in the format expected ("TCP: inuse N orphan N tw N alloc N mem N", "TCP6: inuse N").
     */
    private long[] sockstat() {
        long[] v4 = fields(sockstat4, "TCP:", "inuse", "tw");
        long v6 = fields(sockstat6, "TCP6:", "inuse")[0];
        if (v4[0] < 0 || v4[1] < 0) return null;
        return new long[] {v4[0] + Math.max(0, v6) + v4[1], v4[1]};
    }

    /** The numbers after each of {@code names} on the line of {@code file} starting with {@code row}, -1 where absent. */
    private static long[] fields(Path file, String row, String... names) {
        long[] v = new long[names.length];
        java.util.Arrays.fill(v, -1);
        // read as a stream: /proc reports a size of 0
        try (BufferedReader in = Files.newBufferedReader(file)) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                if (!line.startsWith(row + " ")) continue;
                String[] t = line.substring(row.length()).trim().split("\\s+");
                for (int i = 0; i + 1 < t.length; i += 2) {
                    for (int k = 0; k < names.length; k++) {
                        if (t[i].equals(names[k])) v[k] = Long.parseLong(t[i + 1]);
                    }
                }
                break;
            }
        } catch (IOException | RuntimeException e) {
            java.util.Arrays.fill(v, -1);
        }
        return v;
    }
}
