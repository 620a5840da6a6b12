package dev.brink.heap;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brink.core.testing.ChildJvm;
import dev.brink.heap.child.LayoutApp;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Shallow sizes as the dumped JVM laid the objects out, which HPROF does not say: real dumps of {@link LayoutApp}
 * under the layouts a JVM of ours runs with — compressed oops (G1, Serial), 8-byte references with a 12-byte header
 * (ZGC never compresses oops, whatever the heap size), and JDK 25's compact object headers with either — each
 * must give every instance its exact size. Before the arrays' and instances' addresses were read, ZGC's dumps
 * were sized with 4-byte references and compact ones with 12-byte headers (a third too big for small objects).
 */
class ObjectLayoutTest {
    @TempDir
    Path dir;

    @ParameterizedTest(name = "JDK {0} {1}")
    @CsvSource({
        "17, -XX:+UseSerialGC, 12, 4, 24, 24",
        "17, -XX:+UseZGC, 12, 8, 24, 32",
        "25, -XX:+UseG1GC, 12, 4, 24, 24",
        "25, -XX:+UseG1GC -XX:+UseCompactObjectHeaders, 8, 4, 16, 24",
        "25, -XX:+UseZGC -XX:+UseCompactObjectHeaders, 8, 8, 16, 24",
    })
    void everyInstanceHasItsSizeUnderTheLayoutTheJvmUsed(int jdk, String flags, int header, int reference, long pair, long link)
            throws Exception {
        Path home = jdk == 17 ? ChildJvm.JDK17 : ChildJvm.JDK25;
        Assumptions.assumeTrue(jdk == 17 || ChildJvm.jdk25Present(), "no JDK 25 here");
        Path dump = dir.resolve("layout.hprof");
        List<String> cmd = new ArrayList<>(List.of(ChildJvm.java(home).toString(), "-Xmx128m"));
        cmd.addAll(List.of(flags.split(" ")));
        cmd.addAll(List.of("-cp", System.getProperty("surefire.test.class.path", System.getProperty("java.class.path")),
                LayoutApp.class.getName(), dump.toString()));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        boolean done = p.waitFor(60, TimeUnit.SECONDS);
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!done) {
            p.destroyForcibly();
        }
        assertThat(done && p.exitValue() == 0).as(out).isTrue();

        HeapReport r = HeapAnalyzer.analyze(dump, HeapOptions.defaults());
        assertThat(r.sizeModel().headerBytes()).as(r.sizeModel().describe()).isEqualTo(header);
        assertThat(r.sizeModel().referenceBytes()).as(r.sizeModel().describe()).isEqualTo(reference);
        assertThat(row(r, LayoutApp.class.getName() + "$Pair").shallowBytes()).isEqualTo(200_000 * pair);
        assertThat(row(r, LayoutApp.class.getName() + "$Link").shallowBytes()).isEqualTo(100_000 * link);
    }

    private static ClassRow row(HeapReport r, String className) {
        return r.histogram().stream().filter(c -> c.className().equals(className)).findFirst()
                .orElseThrow(() -> new AssertionError("no row " + className + " in " + r.histogram()));
    }
}
