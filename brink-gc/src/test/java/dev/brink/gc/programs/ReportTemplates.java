package dev.brink.gc.programs;

import java.lang.invoke.MethodHandles;
import java.util.ArrayList;
import java.util.List;

/**
 * Run in a child JVM by the tests: a report service that "compiles" each report template it renders into a class of
 * its own (a hidden class, as template engines, expression languages and proxy generators do) and drops it after the
 * render: about 2000 classes a second that die young, so the metaspace reaches its high-water mark again and again and
 * each "Metadata GC Threshold" collection unloads nearly all of it — class churn, a full GC apiece on Serial and
 * Parallel, whatever the heap's size. The "cached" twin compiles its 50 templates once and reuses them: the same
 * renders, a fixed class count. Renders args[0] pages, about 2000 a second on an idle machine: a count, not a
 * duration, so that a machine busy with other builds gives the same number of classes and collections, only later.
 *
 * <p>Usage: {@code ReportTemplates RENDERS churn|cached}
 */
public final class ReportTemplates {
    static long sink;

    public static void main(String[] args) throws Exception {
        long total = Long.parseLong(args[0]);
        boolean churn = args[1].equals("churn");
        byte[] bytes;
        try (var in = ReportTemplates.class.getResourceAsStream("CompiledTemplate.class")) {
            bytes = in.readAllBytes();
        }
        MethodHandles.Lookup lookup = MethodHandles.lookup();
        List<Class<?>> cache = new ArrayList<>();
        for (int i = 0; i < 50 && !churn; i++) {
            cache.add(lookup.defineHiddenClass(bytes, true).lookupClass());
        }
        int renders = 0;
        while (renders < total) {
            for (int k = 0; k < 20; k++) {
                Class<?> c = churn ? lookup.defineHiddenClass(bytes, true).lookupClass() : cache.get(renders % cache.size());
                Object t = c.getDeclaredConstructor().newInstance();
                String page = ("row " + renders + ' ').repeat(800); // the rendered page: ~8 KB of garbage
                sink += t.hashCode() + page.length();
                renders++;
            }
            Thread.sleep(10);
        }
        System.out.println("done, " + renders + " renders");
    }
}

/** What a template compiles to: the class each render defines (churn) or reuses (cached). */
final class CompiledTemplate {
    long rows;
    long pages;

    public CompiledTemplate() {
    }

    long total() {
        return rows * pages;
    }
}
