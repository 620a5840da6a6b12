package dev.brink.jvm.children;

import java.util.ArrayList;
import java.util.List;

/**
 * Test target: a fixed 8 MB live set and only short-lived garbage, at the leaker's allocation rate. Exits after args[0]
 * s, or with args[0] {@code @FILE} once FILE exists (at most 120 s): a test that must probe it first ends it when done,
 * however long a loaded machine took to start it.
 */
public final class SteadyMain {
    static final List<byte[]> LIVE = new ArrayList<>();
    static volatile long sink;

    public static void main(String[] args) throws Exception {
        String life = args.length > 0 ? args[0] : "120";
        java.nio.file.Path stop = life.startsWith("@") ? java.nio.file.Path.of(life.substring(1)) : null;
        long end = System.currentTimeMillis() + (stop != null ? 120 : Long.parseLong(life)) * 1000;
        for (int i = 0; i < 80; i++) LIVE.add(new byte[100 * 1024]);
        System.out.println("ready");
        System.out.flush();
        while (System.currentTimeMillis() < end && (stop == null || !java.nio.file.Files.exists(stop))) {
            sink += new byte[100 * 1024].length;
            for (int i = 0; i < 50; i++) {
                sink += new byte[10 * 1024].length;
            }
            Thread.sleep(50);
        }
    }
}
