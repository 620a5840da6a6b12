package dev.brink.heap;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brink.core.Finding;
import dev.brink.core.testing.ChildJvm;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * Scenario programs run in child JVMs on every JDK of {@link HeapScenarioTest#jdks()}, two at a time (one child builds
 * its heap while another's dumps are analysed), each one's two dumps analysed and compared; the temporary directory
 * goes with {@link #close()}.
 */
final class ScenarioRuns implements AutoCloseable {
    private final Map<String, HeapScenarioTest.Result> results = new ConcurrentHashMap<>();
    private final Path dir;
    private final Launch launch;

    private ScenarioRuns(Path dir, Launch launch) {
        this.dir = dir;
        this.launch = launch;
    }

    /** How a program's two dumps are written into a directory. */
    interface Launch {
        void dumpTwice(Path jdk, Class<?> main, Path out) throws Exception;
    }

    static ScenarioRuns run(String name, List<Class<?>> mains) throws Exception {
        return run(name, mains, (jdk, main, out) -> HeapScenarioTest.dumpTwice(jdk, main, out));
    }

    static ScenarioRuns run(String name, List<Class<?>> mains, Launch launch) throws Exception {
        ScenarioRuns runs = new ScenarioRuns(Files.createTempDirectory(name), launch);
        ExecutorService pool = Executors.newFixedThreadPool(2);
        List<Future<?>> started = new ArrayList<>();
        for (Path jdk : HeapScenarioTest.jdks()) {
            for (Class<?> main : mains) {
                started.add(pool.submit(() -> {
                    runs.results.put(key(jdk, main), runs.analyse(jdk, main));
                    return null;
                }));
            }
        }
        pool.shutdown();
        for (Future<?> f : started) {
            f.get(300, TimeUnit.SECONDS);
        }
        return runs;
    }

    private static String key(Path jdk, Class<?> main) {
        return (jdk.equals(ChildJvm.JDK17) ? "JDK-17-" : "JDK-25-") + main.getName().replace('$', '-');
    }

    private HeapScenarioTest.Result analyse(Path jdk, Class<?> main) throws Exception {
        Path out = Files.createDirectories(dir.resolve(key(jdk, main)));
        launch.dumpTwice(jdk, main, out);
        HeapSnapshot before = HeapAnalyzer.snapshot(out.resolve("before.hprof"), HeapOptions.defaults());
        HeapSnapshot after = HeapAnalyzer.snapshot(out.resolve("after.hprof"), before.holders(), HeapOptions.defaults());
        return new HeapScenarioTest.Result(before.report(), after.report(), after.diff());
    }

    /** The program's result on each JDK, in {@link HeapScenarioTest#jdks()}'s order. */
    List<HeapScenarioTest.Result> of(Class<?> main) {
        List<HeapScenarioTest.Result> out = new ArrayList<>();
        for (Path jdk : HeapScenarioTest.jdks()) {
            out.add(results.get(key(jdk, main)));
        }
        return out;
    }

    /** A number of a finding's detail, asserted to be there. */
    static long number(Finding f, String key) {
        Object v = f.detail().get(key);
        assertThat(v).as(key + " in " + f.detail()).isInstanceOf(Number.class);
        return ((Number) v).longValue();
    }

    @Override
    public void close() throws IOException {
        try (var files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }
}
