package dev.brink.jfr.programs;

import java.util.concurrent.atomic.AtomicInteger;

/** Evaluates one new script after another: each evaluation loads (and so defines) a fresh class. */
final class ScriptRunner {
    private final ClassLoader loader;
    private final AtomicInteger next = new AtomicInteger(1);

    ScriptRunner(ClassLoader loader) {
        this.loader = loader;
    }

    void evaluate(int script) throws Exception {
        String name = String.format("dev.brink.jfr.programs.ScriptTemplate%04d", script % 10_000);
        Class<?> c = Class.forName(name, true, loader);
        ((Runnable) c.getDeclaredConstructor().newInstance()).run();
    }

    void work(long deadline) throws Exception {
        while (System.currentTimeMillis() < deadline) {
            evaluate(next.getAndIncrement());
        }
    }
}
