package dev.brink.jvm.children;

import java.util.HashMap;
import java.util.Map;

/** Test target: retains ~2 MB/s in a static map (the classic leak) while making short-lived garbage. Exits after args[0] s. */
public final class LeakyMain {
    static final Map<Integer, byte[]> CACHE = new HashMap<>();
    static volatile long sink;

    public static void main(String[] args) throws Exception {
        long end = System.currentTimeMillis() + Long.parseLong(args.length > 0 ? args[0] : "120") * 1000;
        System.out.println("ready");
        System.out.flush();
        int key = 0;
        while (System.currentTimeMillis() < end) {
            CACHE.put(key++, new byte[100 * 1024]);
            for (int i = 0; i < 50; i++) {
                sink += new byte[10 * 1024].length; // garbage: keeps young collections coming
            }
            Thread.sleep(50);
        }
    }
}
