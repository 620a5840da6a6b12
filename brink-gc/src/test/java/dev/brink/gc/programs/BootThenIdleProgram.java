package dev.brink.gc.programs;

import java.util.ArrayList;
import java.util.List;

/**
 * Run in a child JVM by the tests: boots like a framework (defines args[0] classes, each in its own class loader,
 * which with a small -XX:MetaspaceSize costs a few "Metadata GC Threshold" collections), prints "booted", then
 * serves a light, steady allocation for args[1] seconds while the test takes class histograms of it.
 */
public final class BootThenIdleProgram {
    static long sink;

    /** The class each loader defines anew: its bytes are read once from the test classes. */
    public static final class Plugin {
        public int a;
        public long b;

        public String describe() {
            return a + ":" + b;
        }
    }

    private static final class Isolated extends ClassLoader {
        Isolated() {
            super(null);
        }

        Class<?> define(byte[] bytes) {
            return defineClass(Plugin.class.getName(), bytes, 0, bytes.length);
        }
    }

    public static void main(String[] args) throws Exception {
        int classes = Integer.parseInt(args[0]);
        long seconds = Long.parseLong(args[1]);
        byte[] bytes;
        try (var in = BootThenIdleProgram.class.getResourceAsStream("BootThenIdleProgram$Plugin.class")) {
            bytes = in.readAllBytes();
        }
        List<Class<?>> plugins = new ArrayList<>();
        for (int i = 0; i < classes; i++) {
            plugins.add(new Isolated().define(bytes));
        }
        System.out.println("booted " + plugins.size());
        System.out.flush();
        long end = System.nanoTime() + seconds * 1_000_000_000L;
        while (System.nanoTime() < end) {
            for (int k = 0; k < 64; k++) {
                byte[] garbage = new byte[1024];
                sink += garbage.length;
            }
            Thread.sleep(2);
        }
    }
}
