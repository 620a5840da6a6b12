package dev.brink.jfr;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brink.core.Finding;
import dev.brink.core.FindingKind;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Recordings of {@code TariffCruncher} (src/test/resources/recordings/cputime-*, written by regenerate-cputime.sh): a
 * pool thread hashing in one application method, recorded with JDK 25's jdk.CPUTimeSample (alone, and beside
 * jdk.ExecutionSample) and with JDK 17's execution samples; and the same thread hashing 2 ms every 100 ms, most of a
 * nearly idle JVM's samples.
 */
class CpuSampleRecordingsTest {
    /** A lambda's hidden class with the JVM's per-run part: JDK 17's "$$Lambda$14/0x…", JDK 21+'s "$$Lambda.0x…". */
    private static final Pattern LAMBDA_ADDRESS = Pattern.compile("\\$\\$Lambda[$./][^ ]*0x");
    private static final String CRUNCH = "dev.brink.jfr.programs.TariffCruncher.crunch";

    @TempDir
    Path tmp;

    @Test
    void cpuTimeSamples_areTheHotMethodsSamples_neverCountedTwice() throws Exception {
        for (String name : List.of("cputime-busy-jdk25", "cputime-both-jdk25")) {
            Path file = Recordings.unpacked(tmp, name);
            JfrReport r = JfrAnalyzer.analyze(file, JfrFilter.ALL);
            assertThat(r.cpuSampleSource()).as(name).isEqualTo(CpuSampleSource.CPU_TIME_SAMPLE);
            assertThat(r.executionSamples()).as(name + ": the CPU-time samples, not both kinds")
                    .isEqualTo(count(file, "jdk.CPUTimeSample")).isPositive();
            assertThat(hotMethods(r)).as(name).singleElement().satisfies(f -> {
                assertThat(f.subject()).isEqualTo(CRUNCH);
                assertThat(f.title()).endsWith(" of CPU samples in " + CRUNCH);
            });
            assertThat(r.hotMethodsSelf().get(0).key()).isEqualTo(CRUNCH);
            assertThat(r.hotPaths().get(0).share()).as(name).isGreaterThan(0.95);
            assertThat(r.hotPaths().get(0).cores()).as(name + ": one busy thread").isGreaterThan(0.3);
            if (name.contains("both")) {
                assertThat(count(file, "jdk.ExecutionSample")).as(name + " has both kinds").isPositive();
            }
        }
    }

    /**
     * Forty-eight threads on two cores at a 1 ms CPU-time throttle: the JVM's sampler drops some of its samples and says
     * how many. The report counts them, and the CPU the samples stand for includes them.
     */
    @Test
    void lostCpuTimeSamples_areCounted() throws Exception {
        Path file = Recordings.unpacked(tmp, "cputime-crowd-jdk25");
        long lost = 0;
        for (RecordedEvent e : RecordingFile.readAllEvents(file)) {
            if (e.getEventType().getName().equals("jdk.CPUTimeSamplesLost")) {
                lost += e.getInt("lostSamples");
            }
        }
        JfrReport r = JfrAnalyzer.analyze(file, JfrFilter.ALL);
        assertThat(lost).isPositive();
        assertThat(r.cpuSamplesLost()).isEqualTo(lost);
        assertThat(r.executionSamples()).isEqualTo(count(file, "jdk.CPUTimeSample"));
        assertThat(r.hotMethodsSelf().get(0).key()).isEqualTo(CRUNCH);
    }

    @Test
    void executionSamples_stayTheSourceWithoutCpuTimeSamples() throws Exception {
        JfrReport r = JfrAnalyzer.analyze(Recordings.unpacked(tmp, "cputime-busy-jdk17"), JfrFilter.ALL);
        assertThat(r.cpuSampleSource()).isEqualTo(CpuSampleSource.EXECUTION_SAMPLE);
        assertThat(hotMethods(r)).singleElement().extracting(Finding::subject).isEqualTo(CRUNCH);
    }

    /**
     * Many samples of one method in a JVM using about 2 % of two cores: by share alone (≥ 10 samples, ≥ 10 % of them) it
     * was a warning, but its CPU is under a twentieth of a core, so no finding.
     */
    @Test
    void quietJvm_hasNoHotMethod_thoughOneMethodHoldsMostSamples() throws Exception {
        for (String name : List.of("cputime-quiet-jdk17", "cputime-quiet-jdk25")) {
            JfrReport r = JfrAnalyzer.analyze(Recordings.unpacked(tmp, name), JfrFilter.ALL);
            JfrReport.HotPath p = r.hotPaths().get(0);
            assertThat(p.appFrame()).as(name).isEqualTo(CRUNCH);
            assertThat(p.samples()).as(name).isGreaterThanOrEqualTo(JfrFindings.MIN_SAMPLES);
            assertThat(p.share()).as(name).isGreaterThanOrEqualTo(0.5);
            assertThat(p.cores()).as(name).isBetween(0.0, HotPaths.MIN_CORES);
            assertThat(r.findings()).as(name).isEmpty();
        }
    }

    /** Every table names a lambda as MethodNames.withoutRunAddress does: the class that wrote it, no per-run address. */
    @Test
    void lambdaFrames_namedWithoutTheirRunsAddress() throws Exception {
        for (String name : List.of("cputime-busy-jdk17", "cputime-busy-jdk25", "cputime-quiet-jdk17", "cputime-quiet-jdk25")) {
            JfrReport r = JfrAnalyzer.analyze(Recordings.unpacked(tmp, name), JfrFilter.ALL);
            assertThat(r.hotMethodsTotal()).as(name).extracting(Ranked::key)
                    .contains("dev.brink.jfr.programs.TariffCruncher$$Lambda.run")
                    .noneMatch(k -> LAMBDA_ADDRESS.matcher(k).find());
            assertThat(r.hotMethodsSelf()).as(name).extracting(Ranked::key).noneMatch(k -> LAMBDA_ADDRESS.matcher(k).find());
            assertThat(r.hotPaths()).as(name).extracting(JfrReport.HotPath::topMethod)
                    .noneMatch(k -> LAMBDA_ADDRESS.matcher(k).find());
        }
    }

    private static List<Finding> hotMethods(JfrReport r) {
        return r.findings().stream().filter(f -> f.kind() == FindingKind.HOT_METHOD).toList();
    }

    private static long count(Path file, String type) throws Exception {
        long n = 0;
        try (RecordingFile rf = new RecordingFile(file)) {
            while (rf.hasMoreEvents()) {
                RecordedEvent e = rf.readEvent();
                if (e.getEventType().getName().equals(type)) {
                    n++;
                }
            }
        }
        return n;
    }
}
