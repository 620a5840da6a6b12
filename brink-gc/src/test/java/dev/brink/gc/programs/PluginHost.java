package dev.brink.gc.programs;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.ArrayList;
import java.util.List;

/**
 * Run in a child JVM by the tests: a host that loads "plugins", each in its own class loader (as application servers,
 * script engines and code generators do). In the "keep" variant every loader stays registered after its plugin ran
 * (the registry is never pruned: a class-loader leak), so with a metaspace cap (-XX:MaxMetaspaceSize) the JVM ends
 * in {@code OutOfMemoryError: Metaspace}, and without one (the default) the metaspace grows for as long as it runs,
 * about 17 KB of class metadata per plugin beside 2 KB of heap; the "bounded" twin keeps the last 40 plugins only,
 * so their classes can be unloaded. Runs args[0] seconds, loading args[2] plugins a second. Exits 3 on OutOfMemoryError, after dropping
 * the plugins (what a service's error handler does, and what lets a JFR recording be written at exit).
 *
 * <p>Usage: {@code PluginHost SECONDS keep|bounded PER_SECOND}
 */
public final class PluginHost {
    static long sink;
    private static final MethodType RUN = MethodType.methodType(long.class, int.class);

    private static final class PluginLoader extends ClassLoader {
        PluginLoader() {
            super(PluginHost.class.getClassLoader());
        }

        Class<?> define(byte[] bytes) {
            return defineClass(Plugin.class.getName(), bytes, 0, bytes.length);
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            // the plugin's own class is defined here, never delegated to the parent
            return name.equals(Plugin.class.getName()) ? findLoadedClass(name) : super.loadClass(name, resolve);
        }
    }

    public static void main(String[] args) throws Throwable {
        long seconds = Long.parseLong(args[0]);
        boolean keep = args[1].equals("keep");
        int perSecond = Integer.parseInt(args[2]);
        byte[] bytes;
        try (var in = PluginHost.class.getResourceAsStream("Plugin.class")) {
            bytes = in.readAllBytes();
        }
        List<Class<?>> registry = new ArrayList<>();
        long start = System.nanoTime();
        long end = start + seconds * 1_000_000_000L;
        int loaded = 0;
        try {
            while (System.nanoTime() < end) {
                Class<?> c = new PluginLoader().define(bytes);
                // a method handle, not reflection: the loader's heap footprint stays its own few objects (java.lang.reflect
                // caches a Method per declared method for as long as the class lives), so what leaks is class metadata
                sink += (long) MethodHandles.publicLookup().findStatic(c, "run", RUN).invokeExact(loaded);
                registry.add(c);
                if (!keep && registry.size() > 40) {
                    registry.remove(0);
                }
                loaded++;
                for (int k = 0; k < 20; k++) {
                    byte[] garbage = new byte[4096];
                    sink += garbage.length;
                }
                long due = start + (long) loaded * 1_000_000_000L / perSecond;
                long wait = due - System.nanoTime();
                if (wait > 0) {
                    Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
                }
            }
        } catch (OutOfMemoryError e) {
            // the plugins go, so that the shutdown (a JFR recording's dump) can load the classes it needs; no string
            // concatenation before that: its bootstrap would need the metaspace that just ran out
            registry.clear();
            System.out.println("OutOfMemoryError");
            System.out.println(e.getMessage());
            System.out.println(loaded);
            System.exit(3);
        }
        System.out.println("done, " + loaded + " plugins");
    }
}
