package dev.brink.heap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.brink.core.FindingKind;
import dev.brink.heap.child.DumpingApp;
import dev.brink.heap.index.GraphBuilder;
import dev.brink.heap.index.HeapGraph;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Dumps written by real child JVMs (JDK 17 and, where installed, 25) with a known leak, and a healthy one. */
class RealDumpTest {
    @TempDir
    Path dir;

    @Test
    void leakOnJdk17IsTheStaticMap() throws Exception {
        Path dump = ChildDumps.dump(ChildDumps.currentJdk(), "leak", dir.resolve("leak.hprof"), "30000");
        System.setProperty(ParallelReads.READERS, "4");
        HeapReport report;
        try {
            report = checkLeak(dump);
        } finally {
            System.clearProperty(ParallelReads.READERS);
        }
        ParallelReads.agreeWithOneReader(dump, report, dir);
    }

    @Test
    void leakOnJdk25IsTheStaticMap() throws Exception {
        Assumptions.assumeTrue(Files.isExecutable(ChildDumps.javaOf(ChildDumps.JDK25)),
                "JDK 25 not installed at " + ChildDumps.JDK25 + ": skipping the JDK 25 dump");
        checkLeak(ChildDumps.dump(ChildDumps.JDK25, "leak", dir.resolve("leak.hprof"), "30000"));
    }

    private HeapReport checkLeak(Path dump) throws Exception {
        HeapReport report = HeapAnalyzer.analyze(dump, HeapOptions.defaults());

        assertThat(report.sizeModel().compressedOops()).isTrue();
        assertThat(report.suspects()).isNotEmpty();
        LeakSuspect top = report.suspects().get(0);
        String field = DumpingApp.class.getName() + ".PRICE_HISTORY";
        assertThat(top.subject()).isEqualTo(field);
        assertThat(top.accumulationClass()).isEqualTo("java.util.concurrent.ConcurrentHashMap$Node[]");
        assertThat(top.pathFromRoot()).isNotEmpty();
        assertThat(top.pathFromRoot().get(0).via()).isEqualTo("static field of class " + DumpingApp.class.getName());
        assertThat(top.pathFromRoot().get(1).via()).isEqualTo("PRICE_HISTORY");
        assertThat(top.pathFromRoot().get(top.pathFromRoot().size() - 1).via()).isEqualTo("table");

        double expected = onlyThroughStaticField(dump, DumpingApp.class.getName(), "PRICE_HISTORY");
        assertThat(top.share()).isCloseTo(expected, within(0.01));
        assertThat(expected).isGreaterThan(0.3);

        assertThat(report.findings()).anySatisfy(f -> {
            assertThat(f.kind()).isEqualTo(FindingKind.LEAK_SUSPECT);
            assertThat(f.subject()).isEqualTo(field);
            assertThat(f.detail()).containsKeys("retained_bytes", "share_of_heap", "path_from_gc_root", "accumulation_class");
        });
        assertThat(report.duplicateStrings()).anySatisfy(d -> {
            assertThat(d.preview()).isEqualTo("shared-config-key-0");
            assertThat(d.count()).isEqualTo(400);
            assertThat(d.wastedBytes()).isEqualTo(399L * (24 + 40)); // String 24 B + byte[19] 16 + 19 → 40 B
        });
        assertThat(report.histogram()).anySatisfy(r -> {
            assertThat(r.className()).isEqualTo(DumpingApp.class.getName() + "$PriceHistory");
            assertThat(r.count()).isEqualTo(30_000);
        });
        return report;
    }

    @Test
    void healthyDumpHasNoSuspect() throws Exception {
        Path dump = ChildDumps.dump(ChildDumps.currentJdk(), "healthy", dir.resolve("ok.hprof"));
        HeapReport report = HeapAnalyzer.analyze(dump, HeapOptions.defaults());
        assertThat(report.suspects()).as(report.dominators().toString()).isEmpty();
        assertThat(report.findings()).isEmpty();
        assertThat(report.histogram()).isNotEmpty();
        assertThat(report.duplicateStrings()).isNotNull();
    }

    /**
     * Independent figure: share of reachable bytes that become unreachable when the static field's edge is
     * cut, by two plain breadth-first searches over the parsed graph (no dominator code involved).
     */
    static double onlyThroughStaticField(Path dump, String className, String staticField) throws Exception {
        HeapGraph g = GraphBuilder.build(dump, HeapProgress.NONE);
        int cls = -1;
        for (int c = 0; c < g.classes().size(); c++) {
            if (g.classes().name(c).equals(className)) {
                cls = c;
            }
        }
        long target = 0;
        for (int i = 0; i < g.classes().staticCount(cls); i++) {
            if (g.classes().staticName(cls, i).equals(staticField)) {
                target = g.classes().staticValue(cls, i);
            }
        }
        int held = g.indexOf(target);
        assertThat(held).isNotNegative();
        long all = ReachableBytes.without(g, -1);
        long without = ReachableBytes.without(g, held);
        return (double) (all - without) / all;
    }
}
