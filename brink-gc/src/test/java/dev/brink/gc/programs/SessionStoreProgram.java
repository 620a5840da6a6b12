package dev.brink.gc.programs;

import java.util.ArrayDeque;

/**
 * Run in a child JVM by the tests: a session store whose sessions live about two seconds (long enough to survive
 * several young collections and be promoted, short enough to die in the old generation), about 20 MB of them
 * alive at any time, plus short-lived garbage per request. Its live set is steady, so a heap of three times it is
 * plenty, unless the young generation is pinned so large that the old one has no room for it. Ends after
 * args[0] seconds (default 10).
 */
public final class SessionStoreProgram {
    static final int SESSION_BYTES = 8 * 1024;
    static final long SESSION_LIFE_NS = 2_000_000_000L;
    static long sink;

    private record Session(long created, byte[] state) {
    }

    public static void main(String[] args) throws InterruptedException {
        long seconds = args.length > 0 ? Long.parseLong(args[0]) : 10;
        long end = System.nanoTime() + seconds * 1_000_000_000L;
        ArrayDeque<Session> sessions = new ArrayDeque<>();
        while (System.nanoTime() < end) {
            long now = System.nanoTime();
            // ~1250 sessions a second × 8 KB × 2 s ≈ 20 MB alive
            for (int k = 0; k < 5; k++) {
                sessions.addLast(new Session(now, new byte[SESSION_BYTES]));
            }
            while (!sessions.isEmpty() && now - sessions.peekFirst().created() > SESSION_LIFE_NS) {
                sessions.removeFirst();
            }
            for (int k = 0; k < 40; k++) {
                byte[] garbage = new byte[4096];
                sink += garbage.length;
            }
            Thread.sleep(4);
        }
        System.out.println("done, " + sessions.size() + " sessions");
    }
}
