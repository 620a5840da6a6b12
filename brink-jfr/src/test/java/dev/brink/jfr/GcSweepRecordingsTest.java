package dev.brink.jfr;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brink.core.Finding;
import dev.brink.core.FindingKind;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The GC findings of recordings of {@link dev.brink.jfr.programs.ParcelSorter} on G1, Parallel and ZGC (JDK 17's
 * single-generation ZGC, JDK 25's generational one), checked against what the JVM recorded it did: a healthy program
 * gives no GC finding on any collector, System.gc() is advice about its caller (never the heap's size), G1's humongous
 * allocations are advice about region size (never a leak), ZGC's allocation stalls are a finding though its pauses
 * are not. All eight children run at once, in phases of 1.5 s; the assertions are on
 * causes, kinds and on relations between Brink's numbers and the recording's own events, never on counts a busy
 * machine changes.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class GcSweepRecordingsTest {
    static final Path tmp = Path.of("target", "gc-sweep").toAbsolutePath();
    static final long PHASE_MS = 1500;
    static final Set<FindingKind> GC_KINDS = Set.of(FindingKind.GC_PRESSURE, FindingKind.HEAP_TOO_SMALL,
            FindingKind.LONG_PAUSE, FindingKind.MEMORY_LEAK, FindingKind.METASPACE);
    /** collector → its flags and the program's phases. */
    static final Map<String, List<String>> RUNS = new LinkedHashMap<>();

    static {
        RUNS.put("g1", List.of("steady,pallets,flush", "-XX:+UseG1GC"));
        RUNS.put("g1-concurrent", List.of("flush", "-XX:+UseG1GC", "-XX:+ExplicitGCInvokesConcurrent"));
        RUNS.put("parallel", List.of("steady,flush", "-XX:+UseParallelGC"));
        RUNS.put("z", List.of("steady,burst", "-XX:+UseZGC"));
    }

    /** "jdk17-g1" → its recording and phases. */
    final Map<String, Recordings.Recorded> recorded = new LinkedHashMap<>();

    @BeforeAll
    void record() throws Exception {
        Files.createDirectories(tmp);
        Map<String, Process> ps = new LinkedHashMap<>();
        Map<String, Path> jdks = new LinkedHashMap<>();
        for (Path jdk : Recordings.jdks()) {
            String v = jdk.equals(Recordings.JDK17) ? "jdk17" : "jdk25";
            for (Map.Entry<String, List<String>> run : RUNS.entrySet()) {
                String name = v + "-" + run.getKey();
                List<String> cmd = new ArrayList<>(List.of(jdk.resolve("bin/java").toString(), "-Xmx128m"));
                cmd.addAll(run.getValue().subList(1, run.getValue().size()));
                cmd.addAll(List.of("-XX:StartFlightRecording:filename=" + tmp.resolve(name + ".jfr") + ",settings=profile",
                        "-cp", Path.of(System.getProperty("brink.test.classes", "target/test-classes")).toAbsolutePath().toString(),
                        "dev.brink.jfr.programs.ParcelSorter", String.valueOf(PHASE_MS), run.getValue().get(0)));
                ps.put(name, new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(tmp.resolve(name + ".txt").toFile()).start());
                jdks.put(name, jdk);
            }
        }
        for (Map.Entry<String, Process> p : ps.entrySet()) {
            String name = p.getKey();
            recorded.put(name, Recordings.finish(p.getValue(), jdks.get(name), tmp.resolve(name + ".jfr"), tmp.resolve(name + ".txt")));
        }
    }

    /** The reports of the phase on every run that has it, by "jdk17-g1" and the like. */
    private Map<String, JfrReport> phase(String phase) throws Exception {
        Map<String, JfrReport> m = new LinkedHashMap<>();
        for (Map.Entry<String, Recordings.Recorded> r : recorded.entrySet()) {
            if (r.getValue().phases().containsKey(phase)) {
                m.put(r.getKey(), JfrAnalyzer.analyze(r.getValue().file(), r.getValue().phase(phase)));
            }
        }
        assertThat(m).isNotEmpty();
        return m;
    }

    /** The recording's events of a type in a phase's window (by their end: jdk.SystemGC ends when the call returns). */
    private List<RecordedEvent> events(String run, String phase, String type, Predicate<RecordedEvent> which) throws Exception {
        Recordings.Recorded r = recorded.get(run);
        java.time.Instant[] w = r.phases().get(phase);
        return RecordingFile.readAllEvents(r.file()).stream().filter(e -> e.getEventType().getName().equals(type))
                .filter(e -> !e.getEndTime().isBefore(w[0]) && !e.getStartTime().isAfter(w[1])).filter(which).toList();
    }

    private static List<Finding> gcFindings(JfrReport r) {
        return r.findings().stream().filter(f -> GC_KINDS.contains(f.kind())).toList();
    }

    /**
     * A parcel ring of about 4 MB live, garbage by the gigabyte: whatever the collector, nothing to say about GC.
     * ZGC's jdk.GarbageCollection duration is its concurrent cycle ("ZGC Minor"/"ZGC Major" on JDK 25, "Z" on 17), not
     * a pause: the pause total is the events' sumOfPauses, far under the cycles' time.
     */
    @Test
    void healthyTwins_noGcFinding_onAnyCollector() throws Exception {
        for (Map.Entry<String, JfrReport> run : phase("steady").entrySet()) {
            JfrReport r = run.getValue();
            assertThat(r.gc().collections()).as(run.getKey()).isPositive();
            assertThat(gcFindings(r)).as(run.getKey() + " " + r.gc()).isEmpty();
            if (run.getKey().endsWith("-z")) {
                double cyclesMs = events(run.getKey(), "steady", "jdk.GarbageCollection", e -> true).stream()
                        .mapToDouble(e -> e.getDuration().toNanos() / 1e6).sum();
                assertThat(r.gc().pauseTotalMs()).as(run.getKey() + " " + r.gc()).isLessThan(cyclesMs / 2);
            }
        }
    }

    /**
     * {@code flushManifests} calls System.gc() every 150 ms: advice about that call, named by jdk.SystemGC's stack,
     * and never about the heap's size; with -XX:+ExplicitGCInvokesConcurrent already on, not that flag again. Each call
     * is one collection: never more than the recording's jdk.SystemGC events.
     */
    @Test
    void systemGc_adviceNamesTheCaller_neverTheHeap() throws Exception {
        for (Map.Entry<String, JfrReport> run : phase("flush").entrySet()) {
            List<Finding> gc = gcFindings(run.getValue());
            String as = run.getKey() + " " + gc;
            assertThat(gc).as(as).noneMatch(f -> f.kind() == FindingKind.HEAP_TOO_SMALL || f.kind() == FindingKind.MEMORY_LEAK);
            Finding f = gc.stream().filter(x -> "explicit".equals(String.valueOf(x.detail().get("cause")))).findFirst()
                    .orElseThrow(() -> new AssertionError(as));
            assertThat(f.detail().get("caller")).as(as).isEqualTo("dev.brink.jfr.programs.ParcelSorter.flushManifests");
            assertThat(f.title()).as(as).doesNotContain("-Xmx");
            long calls = events(run.getKey(), "flush", "jdk.SystemGC", e -> true).size();
            assertThat(((Number) f.detail().get("count")).longValue()).as(as).isBetween(1L, calls);
            if (run.getKey().endsWith("-concurrent")) {
                assertThat(f.title()).as(as).doesNotContain("ExplicitGCInvokesConcurrent");
            }
        }
    }

    /**
     * 3 MB pallet buffers, humongous in G1's 1 MB regions of a 128 MB heap, four kept: G1 starts a young pause and a
     * concurrent cycle for them ("G1 Humongous Allocation"). Advice about region size, never a leak; the collections it
     * counts as started by humongous allocations are the young pauses that say so, not also the cycle each opened.
     */
    @Test
    void humongousAllocations_regionSizeAdvice_neverALeak() throws Exception {
        for (Map.Entry<String, JfrReport> run : phase("pallets").entrySet()) {
            List<Finding> gc = gcFindings(run.getValue());
            String as = run.getKey() + " " + gc;
            assertThat(gc).as(as).noneMatch(f -> f.kind() == FindingKind.MEMORY_LEAK || f.kind() == FindingKind.HEAP_TOO_SMALL);
            Finding f = gc.stream().filter(x -> "humongous".equals(String.valueOf(x.detail().get("cause")))).findFirst()
                    .orElseThrow(() -> new AssertionError(as));
            assertThat(f.detail().get("flags").toString()).as(as).contains("G1HeapRegionSize");
            long pauses = events(run.getKey(), "pallets", "jdk.GarbageCollection",
                    e -> e.getString("name").equals("G1New") && e.getString("cause").equals("G1 Humongous Allocation")).size();
            assertThat(((Number) f.detail().get("count")).longValue()).as(as).isBetween(1L, pauses);
        }
    }

    /**
     * 80 MB on hand in a 128 MB heap and four threads allocating flat out: ZGC's concurrent cycles cannot keep up and
     * threads wait in jdk.ZAllocationStall. Its pauses stay sub-millisecond, so pauses alone read healthy: the stalls
     * are the finding, as a ZGC log's "Allocation Stall" lines are brink-gc's.
     */
    @Test
    void zgcAllocationStalls_areAFinding() throws Exception {
        for (Map.Entry<String, JfrReport> run : phase("burst").entrySet()) {
            List<Finding> gc = gcFindings(run.getValue());
            String as = run.getKey() + " " + gc;
            assertThat(events(run.getKey(), "burst", "jdk.ZAllocationStall", e -> true)).as(run.getKey() + ": the JVM stalled").isNotEmpty();
            assertThat(gc).as(as).anyMatch(f -> f.kind() == FindingKind.GC_PRESSURE && f.title().contains("allocation stalls"));
            assertThat(gc).as(as).noneMatch(f -> f.kind() == FindingKind.MEMORY_LEAK || f.kind() == FindingKind.LONG_PAUSE);
        }
    }
}
