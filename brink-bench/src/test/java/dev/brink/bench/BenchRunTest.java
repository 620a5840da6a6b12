package dev.brink.bench;

import dev.brink.core.stats.Verdict;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * brink bench run on two real benchmark jars (the test's NapBenchmark, 10 ms in BASE and 1 ms in NEW) with real JMH
 * forks: the forks run in ABBA order, the joined files hold every fork, and the comparison finds NEW faster. Five forks a
 * side, so that one fork disturbed by a loaded machine still leaves p below 0.05 (one inversion: p = 0.016).
 */
class BenchRunTest {
    @TempDir
    Path dir;

    @Test
    void runsBothJarsInterleavedAbbaAndFindsTheFasterOne() throws Exception {
        Path slow = jar("slow.jar", 10);
        Path fast = jar("fast.jar", 1);
        Path out = dir.resolve("out");
        // JMH refuses to start while another JMH holds /tmp/jmh.lock; on a shared CI runner that is someone else's
        AbbaRunner.Plan plan = new AbbaRunner.Plan(slow, fast, 5, 0, null, 2, "100ms", List.of("NapBenchmark"),
                null, List.of("-Djmh.ignoreLock=true"), out);
        StringWriter progress = new StringWriter();
        Path[] files = AbbaRunner.run(plan, new PrintWriter(progress));

        assertThat(progress.toString()).contains("fork 1/5: BASE, NEW", "fork 2/5: NEW, BASE", "fork 5/5: BASE, NEW");
        List<String> order = new ArrayList<>();
        try (Stream<Path> s = Files.list(out.resolve("forks"))) {
            s.filter(p -> p.toString().endsWith(".json")).sorted(Comparator.comparing(BenchRunTest::modified))
                    .forEach(p -> order.add(p.getFileName().toString().replace(".json", "")));
        }
        assertThat(order).containsExactly("base-01", "new-01", "new-02", "base-02", "base-03", "new-03", "new-04", "base-04",
                "base-05", "new-05");

        List<BenchmarkResult> base = JmhJsonReader.read(files[0]);
        List<BenchmarkResult> news = JmhJsonReader.read(files[1]);
        assertThat(base).singleElement().satisfies(r -> assertThat(r.primary().forks()).hasSize(5));
        // the joined file is JMH's format: forks counted, the score recomputed over every iteration of every fork
        com.fasterxml.jackson.databind.JsonNode joined = dev.brink.core.Json.MAPPER.readTree(files[0].toFile()).get(0);
        assertThat(joined.get("forks").asInt()).isEqualTo(5);
        double all = base.get(0).primary().forks().stream().flatMapToDouble(f -> java.util.Arrays.stream(f.values()))
                .average().orElseThrow();
        assertThat(joined.get("primaryMetric").get("score").asDouble()).isCloseTo(all, org.assertj.core.data.Offset.offset(1e-9));
        CompareReport report = BenchComparer.compare("base", base, "new", news, CompareOptions.defaults());
        Comparison c = report.comparisons().get(0);
        assertThat(c.verdict()).isEqualTo(Verdict.BETTER);
        assertThat(c.verdictText()).isEqualTo("faster");
        assertThat(c.ratioHigh()).isLessThan(1.0); // the whole interval says faster (1 ms naps oversleep on a loaded box)
    }

    private static FileTime modified(Path p) {
        try {
            return Files.getLastModifiedTime(p);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A jar that runs JMH on the test classes, with its own nap.properties; the rest comes through Class-Path. */
    private Path jar(String name, int napMs) throws IOException, URISyntaxException {
        Manifest m = new Manifest();
        m.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        m.getMainAttributes().put(Attributes.Name.MAIN_CLASS, "org.openjdk.jmh.Main");
        List<String> cp = new ArrayList<>();
        cp.add(relative(Path.of(System.getProperty("brink.test.classes"))) + "/");
        for (Class<?> c : List.of(org.openjdk.jmh.Main.class, joptsimple.OptionParser.class,
                org.apache.commons.math3.stat.descriptive.moment.Mean.class)) {
            cp.add(relative(Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI())));
        }
        m.getMainAttributes().put(Attributes.Name.CLASS_PATH, String.join(" ", cp));
        Path jar = dir.resolve(name);
        try (OutputStream os = Files.newOutputStream(jar); JarOutputStream j = new JarOutputStream(os, m)) {
            j.putNextEntry(new JarEntry("nap.properties"));
            j.write(("ms=" + napMs + "\n").getBytes(StandardCharsets.UTF_8));
            j.closeEntry();
        }
        return jar;
    }

    /** Class-Path entries are URLs relative to the jar; spaces must be escaped. */
    private String relative(Path target) {
        return dir.toAbsolutePath().relativize(target.toAbsolutePath()).toString().replace(" ", "%20");
    }
}
