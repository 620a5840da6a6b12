package dev.brink.heap.report;

import dev.brink.heap.index.HeapGraph;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The names of the dump's threads, fetched in one detail scan: the graph knows each thread's name String and the
 * String's one reference is its value array, so both records are asked for at once ({@link #wanted()}), and the
 * coder byte comes with the String. A pool's threads differ by a number ("glyph-worker-3", "pool-2-thread-7"), so
 * {@link #pool(String)} replaces each run of digits by '#': the name of the pool in this dump and in a relaunch.
 */
public final class ThreadNames {
    private static final Pattern DIGITS = Pattern.compile("[0-9]+");

    private final HeapGraph g;
    private final Map<Long, String> names = new HashMap<>();

    public ThreadNames(HeapGraph g) {
        this.g = g;
    }

    /** The thread-name Strings and their value arrays: what the first detail scan fetches for this class. */
    public Set<Long> wanted() {
        Set<Long> out = new HashSet<>();
        for (long thread : g.namedThreads()) {
            long s = g.threadNameId(thread);
            int v = g.indexOf(s);
            if (v >= 0) {
                out.add(s);
                if (g.refEnd(v) > g.refStart(v)) {
                    out.add(g.id(g.ref(g.refStart(v))));
                }
            }
        }
        return out;
    }

    /** Decodes the names from the scan that fetched {@link #wanted()}. */
    public void read(DetailReader scan) {
        for (long thread : g.namedThreads()) {
            String name = Fields.string(g, scan, g.threadNameId(thread));
            if (name != null) {
                names.put(thread, name);
            }
        }
    }

    /** The name of thread object {@code threadId}, or null when unknown. */
    public String name(long threadId) {
        return names.get(threadId);
    }

    /** "glyph-worker-#" for "glyph-worker-3": the threads of one pool share it. */
    public static String pool(String threadName) {
        return DIGITS.matcher(threadName).replaceAll("#");
    }
}
