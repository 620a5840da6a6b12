package dev.brink.jvm.children;

import java.util.ArrayList;
import java.util.List;

/** Test target: a fixed 8 MB live set and only short-lived garbage, at the leaker's allocation rate. Exits after args[0] s. */
public final class SteadyMain {
    static final List<byte[]> LIVE = new ArrayList<>();
    static volatile long sink;

    public static void main(String[] args) throws Exception {
        long end = System.currentTimeMillis() + Long.parseLong(args.length > 0 ? args[0] : "120") * 1000;
        for (int i = 0; i < 80; i++) LIVE.add(new byte[100 * 1024]);
        System.out.println("ready");
        System.out.flush();
        while (System.currentTimeMillis() < end) {
            sink += new byte[100 * 1024].length;
            for (int i = 0; i < 50; i++) {
                sink += new byte[10 * 1024].length;
            }
            Thread.sleep(50);
        }
    }
}
