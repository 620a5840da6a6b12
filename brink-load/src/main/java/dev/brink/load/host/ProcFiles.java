package dev.brink.load.host;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Parsers of the few Linux /proc files host health reads. Each takes the file's text, so it can be tested (and
 * fuzzed) without /proc, and returns zeros or -1 for anything it cannot read: a process that exits while read, or
 * a kernel without the file, must not stop a load test. /proc reports a size of 0, so files are read as streams.
 */
final class ProcFiles {
    /** Clock ticks per second of /proc/PID/stat times (USER_HZ): 100 on every Linux architecture Brink runs on. */
    static final double TICKS_PER_SEC = 100;

    private ProcFiles() {
    }

    /**
     * The aggregate "cpu" line of /proc/stat: {user+nice, system+irq+softirq, idle, iowait, steal, total} in ticks,
     * and the number of cpuN lines and procs_running. Null when there is no cpu line.
     */
    static long[] stat(String text) {
        long[] out = null;
        int cpus = 0;
        long running = 0;
        for (String line : text.split("\n")) {
            if (line.startsWith("cpu ")) {
                String[] f = line.trim().split("\\s+");
                long[] v = new long[11];
                for (int i = 1; i < f.length && i < v.length; i++) {
                    v[i] = Math.max(0, parse(f[i]));
                }
                // user nice system idle iowait irq softirq steal guest guest_nice (guest is already in user)
                long user = v[1] + v[2];
                long system = v[3] + v[6] + v[7];
                long total = v[1] + v[2] + v[3] + v[4] + v[5] + v[6] + v[7] + v[8];
                out = new long[] {user, system, v[4], v[5], v[8], total, 0, 0};
            } else if (line.startsWith("cpu")) {
                cpus++;
            } else if (line.startsWith("procs_running ")) {
                running = parse(line.substring("procs_running ".length()).trim());
            }
        }
        if (out != null) {
            out[6] = cpus;
            out[7] = running;
        }
        return out;
    }

    /** The 1-minute load average of /proc/loadavg; -1 when unreadable. */
    static double loadAverage(String text) {
        String[] f = text.trim().split("\\s+");
        try {
            return f.length > 0 ? Double.parseDouble(f[0]) : -1;
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /** The "some" total (µs some task waited) of /proc/pressure/cpu; -1 when absent. */
    static long pressureSomeMicros(String text) {
        for (String line : text.split("\n")) {
            if (line.startsWith("some ")) {
                int at = line.indexOf("total=");
                if (at >= 0) {
                    long v = parse(line.substring(at + "total=".length()).trim());
                    return v < 0 ? -1 : v;
                }
            }
        }
        return -1;
    }

    /**
     * utime + stime in ticks from /proc/PID/stat; -1 when unreadable. The command name (field 2) is in parentheses
     * and may itself hold spaces and parentheses, so fields are counted from the last ')'.
     */
    static long processTicks(String text) {
        int close = text.lastIndexOf(')');
        if (close < 0) {
            return -1;
        }
        String[] f = text.substring(close + 1).trim().split("\\s+");
        // after ")": state(3) ppid(4) … utime(14) stime(15): indexes 11 and 12 here
        if (f.length < 13) {
            return -1;
        }
        long u = parse(f[11]);
        long s = parse(f[12]);
        return u < 0 || s < 0 ? -1 : u + s;
    }

    /** The text of /proc/PID/stat; "" when the process is gone or unreadable. */
    static String processStat(long pid) {
        return read(Path.of("/proc", Long.toString(pid), "stat"));
    }

    /** utime + stime in ticks of process {@code pid} now; -1 when it is gone or unreadable. */
    static long ticksOf(long pid) {
        return processTicks(processStat(pid));
    }

    /** The parent's PID (field 4) of /proc/PID/stat; -1 when unreadable. Counted from the last ')' as above. */
    static long processParent(String text) {
        int close = text.lastIndexOf(')');
        if (close < 0) {
            return -1;
        }
        String[] f = text.substring(close + 1).trim().split("\\s+");
        return f.length < 2 ? -1 : parse(f[1]);
    }

    /** The command name of /proc/PID/stat (inside the parentheses); "" when unreadable. */
    static String processName(String text) {
        int open = text.indexOf('(');
        int close = text.lastIndexOf(')');
        return open >= 0 && close > open ? text.substring(open + 1, close) : "";
    }

    /** The run-queue wait (ns, second field) of one /proc/PID/task/TID/schedstat; 0 when unreadable. */
    static long schedWaitNanos(String text) {
        String[] f = text.trim().split("\\s+");
        if (f.length < 2) {
            return 0;
        }
        long v = parse(f[1]);
        return Math.max(0, v);
    }

    /** Sum of the run-queue wait over a process's threads; -1 when the process is gone or /proc has no schedstat. */
    static long processWaitNanos(long pid) {
        Path tasks = Path.of("/proc", Long.toString(pid), "task");
        long sum = 0;
        boolean any = false;
        try (DirectoryStream<Path> dir = Files.newDirectoryStream(tasks)) {
            for (Path t : dir) {
                String s = read(t.resolve("schedstat"));
                if (!s.isEmpty()) {
                    sum += schedWaitNanos(s);
                    any = true;
                }
            }
        } catch (IOException | RuntimeException e) {
            return -1;
        }
        return any ? sum : -1;
    }

    /** TCP state LISTEN in /proc/net/tcp. */
    private static final int LISTEN = 0x0A;

    /**
     * The socket inodes listening on a local TCP port, from the text of /proc/net/tcp or tcp6
     * ("  0: 0100007F:1F90 00000000:0000 0A … uid timeout inode …").
     */
    static List<Long> listeningInodes(String table, int port) {
        return listeningInodes(table, port, null);
    }

    /**
     * The socket inodes listening on {@code port} at {@code address} or at a wildcard (0.0.0.0, ::), from the text of
     * /proc/net/tcp or tcp6; in tcp6 the IPv4-mapped ::ffff:a.b.c.d of an IPv4 {@code address} matches too. Any
     * address when {@code address} is null. The kernel prints the address as 32-bit words in the host's byte order
     * (little-endian on x86-64 and arm64, where Brink runs), decoded by {@link #socketAddress}.
     */
    static List<Long> listeningInodes(String table, int port, byte[] address) {
        List<Long> out = new ArrayList<>();
        for (String line : table.split("\n")) {
            String[] f = line.trim().split("\\s+");
            if (f.length < 10 || !f[0].endsWith(":")) {
                continue;
            }
            int colon = f[1].lastIndexOf(':');
            try {
                if (colon > 0 && Integer.parseInt(f[1].substring(colon + 1), 16) == port && Integer.parseInt(f[3], 16) == LISTEN
                        && (address == null || sameOrWildcard(socketAddress(f[1].substring(0, colon)), address))) {
                    long inode = Long.parseLong(f[9]);
                    if (inode > 0) {
                        out.add(inode);
                    }
                }
            } catch (NumberFormatException e) {
                // not a socket line
            }
        }
        return out;
    }

    /** The address bytes (network order) of a /proc/net/tcp* local address: 8 or 32 hex digits; null when neither. */
    static byte[] socketAddress(String hex) {
        if (hex.length() != 8 && hex.length() != 32) return null;
        byte[] out = new byte[hex.length() / 2];
        for (int word = 0; word < out.length / 4; word++) {
            int v = Integer.parseUnsignedInt(hex.substring(word * 8, word * 8 + 8), 16);
            for (int b = 0; b < 4; b++) out[word * 4 + b] = (byte) (v >>> (8 * b)); // little-endian word
        }
        return out;
    }

    private static boolean sameOrWildcard(byte[] bound, byte[] wanted) {
        if (bound == null) return false;
        boolean wildcard = true;
        for (byte b : bound) wildcard &= b == 0;
        if (wildcard || java.util.Arrays.equals(bound, wanted)) return true;
        if (bound.length == 16 && wanted.length == 4) { // ::ffff:a.b.c.d
            for (int i = 0; i < 10; i++) if (bound[i] != 0) return false;
            return bound[10] == (byte) 0xff && bound[11] == (byte) 0xff && java.util.Arrays.equals(java.util.Arrays.copyOfRange(bound, 12, 16), wanted);
        }
        return false;
    }

    /**
     * True when a network namespace has {@code address} as one of its own: an IPv4 address is a "/32 host LOCAL" leaf
     * of its /proc/net/fib_trie, an IPv6 one a line of its /proc/net/if_inet6 (32 hex digits, network order).
     */
    static boolean ownsAddress(String fibTrie, String ifInet6, byte[] address) {
        if (address.length == 4) {
            String dotted = (address[0] & 0xff) + "." + (address[1] & 0xff) + "." + (address[2] & 0xff) + "." + (address[3] & 0xff);
            String leaf = null;
            for (String line : fibTrie.split("\n")) {
                String t = line.trim();
                if (t.startsWith("|-- ")) leaf = t.substring(4).trim();
                else if (t.startsWith("/32 host LOCAL") && dotted.equals(leaf)) return true;
            }
            return false;
        }
        StringBuilder hex = new StringBuilder();
        for (byte b : address) hex.append(String.format(java.util.Locale.ROOT, "%02x", b & 0xff));
        for (String line : ifInet6.split("\n")) {
            if (line.trim().toLowerCase(java.util.Locale.ROOT).startsWith(hex.toString())) return true;
        }
        return false;
    }

    /**
     * The process listening on a local TCP port, or -1: the socket's inode from /proc/net/tcp*, then the process
     * whose file descriptors link to "socket:[inode]". Reads every process's fd table (tens of ms): call it once.
     * A pre-fork server's master and workers all hold the socket (nginx, Apache, gunicorn, php-fpm); whichever the
     * scan meets first, the answer is the topmost holder, the master, so that its descendants are all the server's
     * processes ({@link ProcessFamily}).
     */
    static long listeningPid(int port) {
        List<String> links = socketLinks(port);
        return links.isEmpty() ? -1 : topHolder(links, allPids());
    }

    /**
     * The topmost process among {@code candidates} holding one of {@code links} ("socket:[inode]"), or -1: the first
     * holder met, then its parents for as long as they hold the socket too (a pre-fork master above its workers).
     */
    static long topHolder(List<String> links, Iterable<Long> candidates) {
        long pid = -1;
        for (long c : candidates) {
            // not init: with socket activation systemd holds the socket beside the service it started
            if (c > 1 && holdsAny(c, links)) {
                pid = c;
                break;
            }
        }
        for (int depth = 0; pid > 0 && depth < 64; depth++) {
            long parent = processParent(processStat(pid));
            if (parent <= 1 || !holdsAny(parent, links)) break;
            pid = parent;
        }
        return pid;
    }

    /** Every PID in /proc now, in directory order; empty without /proc. */
    static List<Long> allPids() {
        List<Long> out = new ArrayList<>();
        try (DirectoryStream<Path> procs = Files.newDirectoryStream(Path.of("/proc"),
                p -> p.getFileName().toString().chars().allMatch(Character::isDigit))) {
            for (Path proc : procs) out.add(Long.parseLong(proc.getFileName().toString()));
        } catch (IOException | RuntimeException e) {
            // no /proc: no processes to name
        }
        return out;
    }

    private static List<String> socketLinks(int port) {
        List<Long> inodes = new ArrayList<>(listeningInodes(read(Path.of("/proc/net/tcp")), port));
        inodes.addAll(listeningInodes(read(Path.of("/proc/net/tcp6")), port));
        return inodes.stream().map(i -> "socket:[" + i + "]").toList();
    }

    /** True when one of {@code pid}'s file descriptors is one of {@code links}. */
    private static boolean holdsAny(long pid, List<String> links) {
        try (DirectoryStream<Path> fds = Files.newDirectoryStream(Path.of("/proc", Long.toString(pid), "fd"))) {
            for (Path fd : fds) {
                if (links.contains(Files.readSymbolicLink(fd).toString())) return true;
            }
        } catch (IOException | RuntimeException e) {
            // another user's process, or one that exited: not ours to read
        }
        return false;
    }

    /**
     * {ListenOverflows, ListenDrops} from /proc/net/netstat: its "TcpExt:" header line names the columns and the
     * next "TcpExt:" line holds the values (the column order differs between kernels). -1 for a counter not found.
     */
    static long[] listenQueue(String text) {
        long[] out = {-1, -1};
        String[] header = null;
        for (String line : text.split("\n")) {
            if (!line.startsWith("TcpExt:")) {
                continue;
            }
            String[] f = line.trim().split("\\s+");
            if (header == null) {
                header = f;
                continue;
            }
            for (int i = 1; i < f.length && i < header.length; i++) {
                if (header[i].equals("ListenOverflows")) out[0] = parse(f[i]);
                else if (header[i].equals("ListenDrops")) out[1] = parse(f[i]);
            }
            break;
        }
        return out;
    }

    /** The whole file, "" when it cannot be read. */
    static String read(Path file) {
        StringBuilder sb = new StringBuilder();
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            char[] buf = new char[4096];
            for (int n; (n = in.read(buf)) > 0; ) {
                sb.append(buf, 0, n);
            }
        } catch (IOException | RuntimeException e) {
            return "";
        }
        return sb.toString();
    }

    private static long parse(String s) {
        try {
            return Long.parseLong(s);
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
