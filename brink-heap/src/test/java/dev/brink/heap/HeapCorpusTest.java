package dev.brink.heap;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.brink.core.Json;
import dev.brink.core.testing.ChildJvm;
import dev.brink.heap.corpus.Heaps;
import dev.brink.heap.corpus.RouteTable;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.Future;
import java.util.concurrent.Executors;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.Collections;
import java.util.concurrent.ConcurrentSkipListMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Scores the heap analyser on the corpus programs in {@code dev.brink.heap.corpus}: each runs in a child JVM on
 * JDK 17 and on the newest JDK here, dumps its own live heap (a few MB; HotSpot's dumper, as jcmd GC.heap_dump), and
 * its report is compared with heap-corpus/truth.json: every planted leak named by its field or class, every
 * class-loader leak by its loader type, and nothing on the healthy programs. Prints the score table.
 */
class HeapCorpusTest {
    static final Path JDK17 = Path.of("/usr/lib/jvm/java-17-openjdk-amd64");

    @TempDir
    Path dir;

    private static final class Score {
        int planted;
        int found;
        int falseFindings;
    }

    @Test
    void everyPlantedLeakIsNamedAndHealthyHeapsHaveNone() throws Exception {
        JsonNode truth;
        try (InputStream in = HeapCorpusTest.class.getResourceAsStream("/heap-corpus/truth.json")) {
            truth = Json.MAPPER.readTree(in);
        }
        List<Path> jdks = new ArrayList<>();
        jdks.add(Files.isExecutable(JDK17.resolve("bin/jcmd")) ? JDK17 : ChildDumps.currentJdk());
        if (Files.isExecutable(ChildDumps.JDK25.resolve("bin/jcmd"))) jdks.add(ChildDumps.JDK25);
        Map<String, Score> scores = new ConcurrentSkipListMap<>();
        List<String> misses = Collections.synchronizedList(new ArrayList<>());
        AtomicInteger dumps = new java.util.concurrent.atomic.AtomicInteger();
        // one JDK per thread: a child JVM builds its heap while the other JDK's dump is analysed
        ExecutorService pool = Executors.newFixedThreadPool(jdks.size());
        List<Future<?>> runs = new ArrayList<>();
        for (Path jdk : jdks) {
            runs.add(pool.submit(() -> {
                for (JsonNode c : truth.path("cases")) {
                    score(jdk, c, scores, misses);
                    dumps.incrementAndGet();
                }
                return null;
            }));
        }
        pool.shutdown();
        for (Future<?> f : runs) f.get(300, TimeUnit.SECONDS);
        StringBuilder table = new StringBuilder(String.format(Locale.ROOT, "%nHeap corpus: %d dumps of %d programs%n"
                + "%-28s %8s %6s %7s %16s%n", dumps.get(), truth.path("cases").size(), "analyser", "planted", "found",
                "missed", "false findings"));
        scores.forEach((k, s) -> table.append(String.format(Locale.ROOT, "%-28s %8d %6d %7d %16d%n", k, s.planted,
                s.found, s.planted - s.found, s.falseFindings)));
        System.out.println(table);
        assertThat(misses).as("misses and false findings" + table).isEmpty();
    }

    private void score(Path jdk, JsonNode c, Map<String, Score> scores, List<String> misses) throws Exception {
        String v = jdk.equals(ChildDumps.JDK25) ? "JDK 25" : "JDK 17";
        String program = c.path("program").asText();
        Path hprof = dump(jdk, program, v.replace(" ", ""));
        HeapReport r = HeapAnalyzer.analyze(hprof, HeapOptions.defaults());
        Files.delete(hprof);
        String where = v + " " + program + ": ";
        Score leaks = scores.computeIfAbsent(v + " leak suspects", k -> new Score());
        Set<String> planted = texts(c.path("suspects"));
        Set<String> allowed = texts(c.path("allowed"));
        Set<String> named = new HashSet<>();
        List<String> plantedLoaders = new ArrayList<>();
        c.path("loader_leaks").forEach(l -> plantedLoaders.add(l.path("kind").asText() + " " + l.path("loader_class").asText()));
        Score loaders = scores.computeIfAbsent(v + " class-loader leaks", k -> new Score());
        synchronized (scores) {
            leaks.planted += planted.size();
            for (LeakSuspect s : r.suspects()) {
                if (planted.contains(s.subject())) {
                    if (named.add(s.subject())) leaks.found++;
                } else if (!allowed.contains(s.subject())) {
                    leaks.falseFindings++;
                    misses.add(where + "unexpected suspect " + s.subject() + ": " + s.description());
                }
            }
            loaders.planted += plantedLoaders.size();
            for (ClassLoaderLeak l : r.classLoaderLeaks()) {
                if (plantedLoaders.remove(l.kind() + " " + l.loaderClass())) {
                    loaders.found++;
                } else {
                    loaders.falseFindings++;
                    misses.add(where + "unexpected class-loader leak " + l);
                }
            }
        }
        planted.stream().filter(p -> !named.contains(p))
                .forEach(p -> misses.add(where + "missed " + p + "; suspects " + subjects(r)));
        plantedLoaders.forEach(p -> misses.add(where + "missed class-loader leak " + p + "; found " + r.classLoaderLeaks()));
    }

    private static String subjects(HeapReport r) {
        return r.suspects().stream().map(s -> s.subject() + " " + Math.round(100 * s.share()) + "%").toList().toString();
    }

    private static Set<String> texts(JsonNode array) {
        Set<String> out = new HashSet<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }

    /** Runs the program until it has dumped its live heap (bounded). */
    private Path dump(Path jdk, String program, String tag) throws Exception {
        Class<?> main = Class.forName(RouteTable.class.getPackageName() + "." + program);
        Path hprof = dir.resolve(program + "-" + tag + ".hprof");
        Process p = new ProcessBuilder(ChildJvm.command(jdk, main, List.of("-Xmx96m", "-XX:+UseSerialGC", "-D" + Heaps.DUMP + "=" + hprof)))
                .redirectErrorStream(true).start();
        boolean done = p.waitFor(120, TimeUnit.SECONDS);
        String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        if (!done) {
            p.destroyForcibly();
        }
        assertThat(done).as(program + " dumped within 120 s: " + out).isTrue();
        assertThat(hprof).as(out).exists();
        return hprof;
    }
}
