package dev.brink.threads;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Thread groups by name pattern. Stateless. */
final class ThreadGroups {
    private ThreadGroups() {
    }

    /**
     * The group a thread name belongs to: its last run of digits becomes "*" ("BookThread-3" → "BookThread-*",
     * "pool-4-thread-1" → "pool-4-thread-*": pool 4 and pool 5 are different pools). A name without digits, or
     * whose last digits are followed by a word ("G1 Main Marker"), is its own group.
     */
    static String pattern(String name) {
        int end = name.length();
        while (end > 0 && !Character.isDigit(name.charAt(end - 1))) end--;
        if (end == 0 || hasWord(name.substring(end))) return name; // "G1 Main Marker": the digit names, not counts
        int start = end;
        while (start > 0 && Character.isDigit(name.charAt(start - 1))) start--;
        return name.substring(0, start) + "*" + name.substring(end);
    }

    /** True if {@code suffix} has letters outside parentheses: " (ParallelGC)" and "]" have none. */
    private static boolean hasWord(String suffix) {
        int depth = 0;
        for (int i = 0; i < suffix.length(); i++) {
            char c = suffix.charAt(i);
            if (c == '(') depth++;
            else if (c == ')') depth = Math.max(0, depth - 1);
            else if (depth == 0 && Character.isLetter(c)) return true;
        }
        return false;
    }

    /** Groups of one dump, largest first, with the count of threads in each state. O(threads). */
    static List<ThreadGroupSummary> of(ThreadDump dump) {
        Map<String, Map<String, Integer>> states = new LinkedHashMap<>();
        Map<String, Integer> counts = new HashMap<>();
        for (DumpThread t : dump.threads()) {
            String p = pattern(t.name());
            states.computeIfAbsent(p, k -> new TreeMap<>()).merge(t.state(), 1, Integer::sum);
            counts.merge(p, 1, Integer::sum);
        }
        List<ThreadGroupSummary> out = new ArrayList<>();
        states.forEach((p, s) -> out.add(new ThreadGroupSummary(p, counts.get(p), s)));
        out.sort(Comparator.comparingInt(ThreadGroupSummary::threads).reversed()
                .thenComparing(ThreadGroupSummary::pattern));
        return out;
    }
}
