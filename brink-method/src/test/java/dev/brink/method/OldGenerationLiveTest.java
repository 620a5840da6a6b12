package dev.brink.method;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brink.core.Finding;
import dev.brink.core.FindingKind;
import dev.brink.core.RunDirectory;
import dev.brink.core.Severity;
import dev.brink.core.testing.ChildJvm;
import dev.brink.gc.GcLogAnalyzer;
import dev.brink.jvm.JvmObserver;
import dev.brink.jvm.JvmTarget;
import dev.brink.method.programs.PromotingCacheProgram;
import dev.brink.method.programs.QuietDeskProgram;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Field report 004 live: a JVM started with -Xmx256m -Xmn250m (6 MB left for the old generation) under a steady
 * allocation load, watched by the observer as `brink run` watches its target; the gc.jsonl it writes gives the
 * same old-generation sizing finding `brink gc` gives from a log (MethodRunner's GC findings read that file).
 * Serial and Parallel side by side, ~15 s. Beside them, a quiet service with the same split, which collects nothing
 * in the window, is named from its memory pools alone (jvm.jsonl: a warning, no full GC yet), and its twin with the
 * default split is not.
 */
class OldGenerationLiveTest {
    @TempDir
    static Path tmp;

    @Test
    void tinyOldGeneration_givesTheNewRatioAdviceFromTheObserversPools() throws Exception {
        List<String> collectors = List.of("Serial", "Parallel");
        List<ChildJvm> children = new ArrayList<>();
        List<JvmObserver> observers = new ArrayList<>();
        List<RunDirectory> runs = new ArrayList<>();
        RunDirectory quiet;
        RunDirectory quietTwin;
        try {
            for (String c : collectors) {
                ChildJvm p = ChildJvm.start(ChildJvm.JDK17, PromotingCacheProgram.class,
                        List.of("-Xmx256m", "-Xmn250m", "-XX:+Use" + c + "GC"), "40");
                children.add(p);
                runs.add(watch(p, c, observers));
            }
            ChildJvm q = ChildJvm.start(ChildJvm.JDK17, QuietDeskProgram.class, List.of("-Xmx256m", "-Xmn250m", "-XX:+UseSerialGC"), "40");
            children.add(q);
            quiet = watch(q, "quiet", observers);
            ChildJvm t = ChildJvm.start(ChildJvm.JDK17, QuietDeskProgram.class, List.of("-Xmx256m", "-XX:+UseSerialGC"), "40");
            children.add(t);
            quietTwin = watch(t, "quiet-twin", observers);
            Thread.sleep(10_000);
        } finally {
            observers.forEach(JvmObserver::close);
            children.forEach(ChildJvm::close);
        }
        SoftAssertions soft = new SoftAssertions();
        for (int i = 0; i < collectors.size(); i++) {
            List<Finding> findings = GcLogAnalyzer.analyzeGcJsonl(runs.get(i).file(RunDirectory.GC)).findings();
            soft.assertThat(findings).as(collectors.get(i)).anySatisfy(f -> {
                assertThat(f.kind()).isEqualTo(FindingKind.HEAP_TOO_SMALL);
                assertThat(f.title()).startsWith("Old generation too small: old generation ")
                        .containsPattern("old generation \\d+ KB of 2\\d\\d\\.\\d MB heap; full GCs \\d+\\.\\d+/s")
                        .contains("-XX:NewRatio=2");
                assertThat((Long) f.detail().get("old_gen_bytes")).isLessThan(16L << 20);
                assertThat(f.detail().get("reason").toString()).doesNotContain("0.0 MB/s");
            });
            // from the pools too, critical once the full GCs came
            soft.assertThat(PoolSizeEvidence.of(runs.get(i), -1)).as(collectors.get(i) + " pools").hasValueSatisfying(f -> {
                assertThat(f.severity()).isEqualTo(Severity.CRITICAL);
                assertThat(f.title()).startsWith("Old generation too small");
            });
            soft.assertThat(findings).as(collectors.get(i) + ": a storm's advice points at the old generation")
                    .filteredOn(f -> f.title().startsWith("Full-GC storm"))
                    .allSatisfy(f -> assertThat(f.detail().get("advice").toString()).contains("-XX:NewRatio=2").doesNotContain("raise -Xmx"));
        }
        soft.assertThat(PoolSizeEvidence.of(quiet, -1)).as("quiet -Xmn250m").hasValueSatisfying(f -> {
            assertThat(f.kind()).isEqualTo(FindingKind.HEAP_TOO_SMALL);
            assertThat(f.severity()).isEqualTo(Severity.WARNING);
            assertThat(f.title()).startsWith("Old generation too small").contains("no full GC yet").contains("-XX:NewRatio=2");
            assertThat((Long) f.detail().get("old_gen_bytes")).isLessThan(16L << 20);
        });
        soft.assertThat(PoolSizeEvidence.of(quietTwin, -1)).as("quiet, default split").isEmpty();
        soft.assertAll();
    }

    private static RunDirectory watch(ChildJvm p, String name, List<JvmObserver> observers) throws Exception {
        JvmObserver o = JvmObserver.attach(JvmTarget.pid(p.pid()));
        observers.add(o);
        RunDirectory run = RunDirectory.at(tmp.resolve(name));
        o.start(run, Duration.ofSeconds(1));
        return run;
    }
}
