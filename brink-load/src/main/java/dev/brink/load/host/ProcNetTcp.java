package dev.brink.load.host;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * Counts sockets in {@code /proc/net/tcp} and {@code tcp6} for the generator's port accounting ({@link EphemeralPorts}),
 * parsing the bytes in place. The tables list every socket of the host's network namespace — thousands on a busy
 * machine — and a String and a split per line cost about 600 bytes each: a real {@code brink http --rate 3000}
 * allocated ~320 KB/s there, more than the whole engine, and its young generation refilled at ~100 bytes per
 * request for it. Here the only allocation is the file stream per read (and the buffer growing to the largest
 * table seen). Single-threaded: one instance per reader thread.
 */
final class ProcNetTcp {
    private static final int TIME_WAIT = 6;
    private byte[] buf = new byte[64 * 1024];

    /**
     * Adds to {@code n[0]} the sockets of {@code table} whose local port is in [low, high] and to {@code n[1]}
     * those in TIME_WAIT. A missing table or an unexpected line counts nothing (not Linux, or a format change).
     */
    void count(Path table, int low, int high, int[] n) {
        int len = read(table);
        int i = nextLine(0, len); // header
        while (i < len) {
            int end = nextLine(i, len) - 1; // at the '\n' (or len)
            // "  12: 0100007F:1F90 0100007F:C350 01 …": slot, local address:port, remote address:port, state (hex)
            int p = skipToken(skipSpaces(i, end), end);
            int local = skipSpaces(p, end);
            int localEnd = skipToken(local, end);
            int st = skipSpaces(skipToken(skipSpaces(localEnd, end), end), end);
            int stEnd = skipToken(st, end);
            int colon = localEnd - 1;
            while (colon > local && buf[colon] != ':') colon--;
            int port = hex(colon + 1, localEnd);
            int state = hex(st, stEnd);
            if (port >= 0 && state >= 0) {
                if (port >= low && port <= high) n[0]++;
                if (state == TIME_WAIT) n[1]++;
            }
            i = end + 1;
        }
    }

    private int read(Path table) {
        // /proc reports a size of 0: read to the end, growing the buffer (kept for the next second)
        try (InputStream in = Files.newInputStream(table)) {
            int len = 0;
            int r;
            while ((r = in.read(buf, len, buf.length - len)) > 0) {
                len += r;
                if (len == buf.length) buf = Arrays.copyOf(buf, buf.length * 2);
            }
            return len;
        } catch (IOException | RuntimeException e) {
            return 0;
        }
    }

    private int nextLine(int i, int len) {
        while (i < len && buf[i] != '\n') i++;
        return Math.min(i + 1, len + 1);
    }

    private int skipSpaces(int i, int end) {
        while (i < end && buf[i] == ' ') i++;
        return i;
    }

    private int skipToken(int i, int end) {
        while (i < end && buf[i] != ' ') i++;
        return i;
    }

    /** The hex number in buf[from, to), or -1 when empty, not hex or too long. */
    private int hex(int from, int to) {
        if (from >= to || to - from > 7) return -1;
        int v = 0;
        for (int i = from; i < to; i++) {
            int d = Character.digit(buf[i], 16);
            if (d < 0) return -1;
            v = v * 16 + d;
        }
        return v;
    }
}
