package dev.brink.core;

/**
 * The pool a thread belongs to, read from its name: pools number their threads ("BookThread-3",
 * "reactor-http-epoll-2", "pool-4-thread-1"), so the name with its last number as "*" is the pool. One rule for
 * thread dumps (brink-threads' groups) and JFR samples (brink-jfr's share of a pool's samples).
 */
public final class ThreadPools {
    private ThreadPools() {
    }

    /**
     * The group a thread name belongs to: its last run of digits becomes "*" ("BookThread-3" → "BookThread-*",
     * "pool-4-thread-1" → "pool-4-thread-*": pool 4 and pool 5 are different pools). A name without digits, or
     * whose last digits are followed by a word ("G1 Main Marker"), is its own group.
     */
    public static String pattern(String name) {
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
}
