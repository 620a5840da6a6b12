package dev.brink.threads;

import java.util.ArrayList;
import java.util.List;

/**
 * Reads one deadlock report a JVM appends to a dump:
 * <pre>
 * Found one Java-level deadlock:
 * =============================
 * "Cycle-A":
 *   waiting for ownable synchronizer 0x…, (a java.util.concurrent.locks.ReentrantLock$NonfairSync),
 *   which is held by "Cycle-B"
 * …
 * Java stack information for the threads listed above:
 * </pre>
 * The stacks after that repeat the threads' own entries and are skipped. Not thread-safe.
 */
final class JvmDeadlockReader {
    private final List<JvmDeadlock.Edge> edges = new ArrayList<>();
    private boolean inStacks;
    private String thread;
    private LockRef lock;

    /** One line of the report, stripped. */
    void line(String t) {
        if (t.startsWith("Java stack information")) {
            endEdge();
            inStacks = true;
        } else if (inStacks) {
            return; // stacks repeated from the threads above
        } else if (t.startsWith("\"") && t.endsWith("\":")) {
            endEdge();
            thread = t.substring(1, t.length() - 2);
        } else if (t.startsWith("waiting to lock monitor") || t.startsWith("waiting for ownable synchronizer")
                || t.startsWith("waiting to lock")) {
            lock = lockRef(t);
        } else if (t.startsWith("which is held by \"")) {
            int end = t.lastIndexOf('"');
            String holder = end > 18 ? t.substring(18, end) : "?";
            if (thread != null && lock != null) {
                edges.add(new JvmDeadlock.Edge(thread, lock, holder));
            }
            thread = null;
            lock = null;
        }
    }

    /**
     * "waiting to lock monitor 0x… (object 0x000000069ec1b8d8, a Deadlock$Ledger)," or
     * "waiting for ownable synchronizer 0x000000069ec1ba70, (a java.util…ReentrantLock$NonfairSync),".
     */
    private static LockRef lockRef(String t) {
        String id;
        int obj = t.indexOf("(object ");
        if (obj >= 0) {
            int comma = t.indexOf(',', obj);
            id = t.substring(obj + 8, comma < 0 ? t.length() : comma).strip();
        } else {
            id = hexAt(t, t.indexOf("0x"));
            if (id == null) return null;
        }
        int a = t.indexOf(" a ");
        String cls = null;
        if (a >= 0) {
            cls = t.substring(a + 3).replaceAll("[),]+$", "").strip();
        }
        return new LockRef(cls, id);
    }

    /** The "0x…" number starting at {@code x}, or null. */
    private static String hexAt(String t, int x) {
        if (x < 0) return null;
        int end = x + 2;
        while (end < t.length() && Character.digit(t.charAt(end), 16) >= 0) end++;
        return end == x + 2 ? null : t.substring(x, end);
    }

    private void endEdge() {
        thread = null;
        lock = null;
    }

    /** True when the report stops between a thread and the holder of what it waits for. */
    boolean midEdge() {
        return !inStacks && thread != null;
    }

    /** The deadlock read, or null if the report named no complete edge. */
    JvmDeadlock finish() {
        return edges.isEmpty() ? null : new JvmDeadlock(edges);
    }
}
