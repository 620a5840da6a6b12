package dev.brink.jfr;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;


import dev.brink.core.BrinkUserException;
import dev.brink.core.Finding;
import dev.brink.core.FindingKind;
import dev.brink.core.Severity;
import dev.brink.core.evidence.FoldedStacks;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Recordings other people's JVMs wrote, with other settings than Brink's (src/test/resources/recordings/README.md
 * names each one's origin and licence).
 */
class PublicRecordingsTest {
    @TempDir
    Path tmp;

    /**
     * JMC's full_gc_g1.jfr: G1 failing evacuations into 16 full GCs in 20 s, recorded without jdk.GCHeapSummary, so no
     * collection says how much heap it freed. The storm is still a storm; the finding must not invent a share freed
     * (it said "each freeing a median 100% of the heap" from no data), nor count humongous allocations "in 0
     * collections" when the recording has no region counts but names the collections they started.
     */
    @Test
    void aStormRecordedWithoutHeapSizesClaimsNoShareFreed() throws Exception {
        Path file = Recordings.unpacked(tmp, "jmc-full-gc-g1");
        long fullGcs = 0;
        long startedByHumongous = 0;
        try (RecordingFile rf = new RecordingFile(file)) {
            while (rf.hasMoreEvents()) {
                RecordedEvent e = rf.readEvent();
                if (e.getEventType().getName().equals("jdk.GarbageCollection")) {
                    // G1's concurrent cycle (G1Old) repeats the cause of the young pause that started it
                    boolean cycle = e.getString("name").equals("G1Old");
                    fullGcs += e.getString("name").equals("G1Full") ? 1 : 0;
                    startedByHumongous += !cycle && e.getString("cause").equals("G1 Humongous Allocation") ? 1 : 0;
                }
                assertThat(e.getEventType().getName()).isNotEqualTo("jdk.GCHeapSummary");
            }
        }
        JfrReport r = JfrAnalyzer.analyze(file, JfrFilter.ALL);
        List<Finding> storms = r.findings().stream()
                .filter(f -> f.kind() == FindingKind.GC_PRESSURE && f.title().startsWith("Full-GC storm")).toList();
        assertThat(storms).as(r.findings().toString()).hasSize(1);
        Finding storm = storms.get(0);
        assertThat(storm.severity()).isEqualTo(Severity.CRITICAL);
        assertThat(storm.detail().get("full_gcs")).isEqualTo((int) fullGcs);
        assertThat(storm.detail()).doesNotContainKey("median_freed_share");
        assertThat(storm.title()).doesNotContain("freeing");

        long humongous = startedByHumongous;
        assertThat(humongous).isPositive();
        assertThat(r.findings()).filteredOn(f -> "humongous".equals(f.detail().get("cause")))
                .singleElement()
                .satisfies(f -> assertThat(f.detail().get("count")).isEqualTo((int) humongous))
                .satisfies(f -> assertThat(f.title()).contains(" " + humongous + " collections")
                        .doesNotContain(" 0 collections"));
    }

    /**
     * JMC's GcStall rule on its two full-GC recordings, read as a GC log would be. full_gc_g1.jfr: G1 failed to evacuate
     * in 16 pauses (113 jdk.EvacuationFailed events, several per pause), the log's "16 × to-space exhausted"; its 9
     * jdk.ConcurrentModeFailure are G1 concurrent marks that a full GC aborted (JMC: "Concurrent Mode failures"), no CMS
     * failure to report, the storm says those full GCs. full_gc_cms.jfr: CMS fell back to a SerialOld collection after
     * one concurrent mode failure (JMC: "had to revert to do a Serial Old Collection").
     */
    @Test
    void jmcGcStallRecordings_failedCollectionsCountedAsTheLogWould() throws Exception {
        Path g1 = Recordings.unpacked(tmp, "jmc-full-gc-g1");
        long failedPauses = events(g1, "jdk.EvacuationFailed").stream().map(e -> e.getLong("gcId")).distinct().count();
        assertThat(failedPauses).isEqualTo(16);
        assertThat(events(g1, "jdk.ConcurrentModeFailure")).isNotEmpty();
        List<String> titles = JfrAnalyzer.analyze(g1, JfrFilter.ALL).findings().stream().map(Finding::title).toList();
        assertThat(titles).filteredOn(t -> t.contains("to-space exhausted")).singleElement()
                .satisfies(t -> assertThat(t).startsWith(failedPauses + " × to-space exhausted"));
        assertThat(titles).noneMatch(t -> t.contains("concurrent mode failure"));

        JfrReport cms = JfrAnalyzer.analyze(Recordings.unpacked(tmp, "jmc-full-gc-cms"), JfrFilter.ALL);
        assertThat(cms.findings()).filteredOn(f -> f.title().contains("concurrent mode failure")).singleElement()
                .satisfies(f -> assertThat(f.title()).startsWith("1 × concurrent mode failure"))
                .satisfies(f -> assertThat(f.kind()).isEqualTo(FindingKind.GC_PRESSURE));
    }

    /**
     * JMC's jdk21.jfr (JMC recording itself on JDK 21) has allocation samples at 80 MB/s, none with a stack trace: the
     * recording says how many bytes, never where. A finding "100 % of allocated bytes come from code without an
     * application frame, entered at (no stack trace)" is built from missing data; the table keeps the row.
     */
    @Test
    void allocationsWithoutStackTracesAreNoHotspot() throws Exception {
        Path file = Recordings.unpacked(tmp, "jmc-jdk21");
        assertThat(events(file, "jdk.ObjectAllocationSample")).isNotEmpty().allSatisfy(e -> assertThat(e.getStackTrace()).isNull());
        JfrReport r = JfrAnalyzer.analyze(file, JfrFilter.ALL);
        assertThat(r.allocationBytesPerSec()).isGreaterThanOrEqualTo(JfrFindings.ALLOC_RATE);
        assertThat(r.allocationByAppFrame()).first().satisfies(s -> assertThat(s.frame()).isEqualTo(StackView.NO_STACK));
        assertThat(r.findings()).noneMatch(f -> f.kind() == FindingKind.ALLOCATION_HOTSPOT);
    }

    /**
     * An allocation sample weighs the bytes its thread allocated since its previous sample, so the class sampled most
     * often is not the class with the most bytes: in jdk21.jfr small map entries are sampled most, SWT's exception
     * stashes weigh most. A site's class is said of its bytes ("mostly X" in an allocation sentence): the heaviest.
     */
    @Test
    void anAllocationSiteNamesTheClassWithTheMostBytes() throws Exception {
        Path file = Recordings.unpacked(tmp, "jmc-jdk21");
        Map<String, Long> bytes = new HashMap<>();
        Map<String, Long> samples = new HashMap<>();
        for (RecordedEvent e : events(file, "jdk.ObjectAllocationSample")) {
            String cls = e.getClass("objectClass").getName();
            bytes.merge(cls, e.getLong("weight"), Long::sum);
            samples.merge(cls, 1L, Long::sum);
        }
        String heaviest = Collections.max(bytes.entrySet(), Map.Entry.comparingByValue()).getKey();
        String mostSampled = Collections.max(samples.entrySet(), Map.Entry.comparingByValue()).getKey();
        assertThat(heaviest).isNotEqualTo(mostSampled);

        JfrReport r = JfrAnalyzer.analyze(file, JfrFilter.ALL);
        // every sample is stackless: one site, holding every byte
        assertThat(r.allocationByAppFrame()).singleElement().satisfies(s -> assertThat(s.topClass()).isEqualTo(heaviest));
        assertThat(r.allocationBySite()).singleElement().satisfies(s -> assertThat(s.top()).isEqualTo(heaviest));
        assertThat(r.allocationByClass()).first().satisfies(c -> assertThat(c.key()).isEqualTo(heaviest));
    }

    /**
     * JMC's allocation_10s_before.jfr, written by Oracle JDK 9 (JFR format 1.0), names its events com.oracle.jdk.*:
     * read by the open-source JDK's names, it looked empty ("JVM not recorded", no collection, no sample, no
     * finding) though it holds a JVM spending every sample in one application method while young collections run.
     */
    @Test
    void oracleJdk9EventNamesAreRead() throws Exception {
        Path file = Recordings.unpacked(tmp, "jmc-allocation-jdk9");
        long collections = events(file, "com.oracle.jdk.GarbageCollection").size();
        long executionSamples = events(file, "com.oracle.jdk.ExecutionSample").size();
        assertThat(events(file, "jdk.GarbageCollection")).isEmpty();
        assertThat(collections).isPositive();
        JfrReport r = JfrAnalyzer.analyze(file, JfrFilter.ALL);
        assertThat(r.jvm()).contains("(9+");
        assertThat(r.gc().collections()).isEqualTo(collections);
        assertThat(r.gc().collector()).isEqualTo("G1New/G1Old");
        assertThat(r.executionSamples()).isEqualTo(executionSamples);
        assertThat(r.classLoading().loadedAtStart()).isPositive();
        assertThat(r.allocationByClass()).isNotEmpty();
        assertThat(r.findings()).filteredOn(f -> f.kind() == FindingKind.HOT_METHOD)
                .anySatisfy(f -> assertThat(f.subject()).startsWith("Allocator."));
        // the folded stacks (brink jfr --folded) read the same samples
        assertThat(StackFolder.fold(file, JfrFilter.ALL).stacks().values().stream().mapToLong(Long::longValue).sum())
                .isEqualTo(executionSamples);
    }

    /**
     * JMC's wls-medrec-jdk9.jfr: WebLogic's MedRec on an early JDK 9 (two chunks). Its command line is in
     * com.oracle.jdk.JVMInformation: the application's packages are weblogic's, as they would be from jdk.JVMInformation.
     */
    @Test
    void oracleJdk9RecordingNamesTheApplicationsPackages() throws Exception {
        Path file = Recordings.unpacked(tmp, "jmc-wls-medrec-jdk9");
        assertThat(JfrAppPackages.detect(file).packages().packages()).containsExactly("weblogic");
    }

    /**
     * Before JDK 16 a recording's allocations are its TLAB events, each written when a thread takes a new TLAB. The
     * bytes are the TLABs': JMC's allocation_10s_before.jfr (JDK 9) boxes Integers in one method while G1 frees a
     * few hundred megabytes a second, and weighed by the 16-byte Integers that opened each TLAB it read as 0.0 MB/s
     * and no finding. The rate must agree with what the young collections found the heap had grown by.
     */
    @Test
    void tlabEventsWeighTheirTlabs() throws Exception {
        Path file = Recordings.unpacked(tmp, "jmc-allocation-jdk9");
        long grownBetweenCollections = 0;
        long previousAfter = -1;
        Instant firstGc = null;
        Instant lastGc = null;
        assertThat(events(file, "com.oracle.jdk.ObjectAllocationSample")).isEmpty();
        for (RecordedEvent e : events(file, "com.oracle.jdk.GCHeapSummary")) {
            if (e.getString("when").equals("Before GC") && previousAfter >= 0) {
                grownBetweenCollections += e.getLong("heapUsed") - previousAfter;
                lastGc = e.getStartTime();
            } else if (e.getString("when").equals("After GC")) {
                previousAfter = e.getLong("heapUsed");
                firstGc = firstGc == null ? e.getStartTime() : firstGc;
            }
        }
        double grownPerSec = grownBetweenCollections / (Duration.between(firstGc, lastGc).toMillis() / 1000.0);
        JfrReport r = JfrAnalyzer.analyze(file, JfrFilter.ALL);
        // the TLABs taken outside the collections' span and the space left in the last ones keep the two apart
        assertThat(r.allocationBytesPerSec()).isBetween(grownPerSec / 2, grownPerSec * 2);
        assertThat(r.findings()).filteredOn(f -> f.kind() == FindingKind.ALLOCATION_HOTSPOT).singleElement()
                .satisfies(f -> assertThat(f.subject()).isEqualTo("Allocator.go"))
                .satisfies(f -> assertThat(f.detail().get("class")).isEqualTo("java.lang.Integer"));
    }

    /**
     * The twin of {@link #tlabEventsWeighTheirTlabs}: JMC's allocation_10s_fixed.jfr is the same program on the same
     * JDK 9 with the boxing removed. Its TLAB events, weighed by their TLABs, must not make a hotspot: the heap never
     * filled in the ten seconds (no collection), so the JVM allocated less than its young generation in all that time.
     */
    @Test
    void tlabEventsOfAJvmThatHardlyAllocatesMakeNoHotspot() throws Exception {
        Path file = Recordings.unpacked(tmp, "jmc-allocation-fixed-jdk9");
        assertThat(events(file, "com.oracle.jdk.ObjectAllocationInNewTLAB")).isNotEmpty();
        assertThat(events(file, "com.oracle.jdk.GarbageCollection")).isEmpty();
        JfrReport r = JfrAnalyzer.analyze(file, JfrFilter.ALL);
        assertThat(r.allocationByAppFrame()).isNotEmpty();
        assertThat(r.allocationBytesPerSec()).isLessThan(JfrFindings.ALLOC_RATE);
        assertThat(r.findings()).noneMatch(f -> f.kind() == FindingKind.ALLOCATION_HOTSPOT);
    }

    /** The events of {@code type} in {@code file}, in the file's order (JFR's parser keeps their values). */
    private static List<RecordedEvent> events(Path file, String type) throws Exception {
        List<RecordedEvent> out = new ArrayList<>();
        try (RecordingFile rf = new RecordingFile(file)) {
            while (rf.hasMoreEvents()) {
                RecordedEvent e = rf.readEvent();
                if (e.getEventType().getName().equals(type)) {
                    out.add(e);
                }
            }
        }
        return out;
    }

    /** A test resource's bytes as they are (gzip-compressed), under {@code name} in the test's directory. */
    private Path packed(String resource, String name) throws Exception {
        Path file = tmp.resolve(name);
        try (InputStream in = PublicRecordingsTest.class.getResourceAsStream("/recordings/" + resource + ".jfr.gz")) {
            Files.copy(in, file);
        }
        return file;
    }

    /** The temporary copies Brink left in the temporary directory. */
    private static Set<Path> brinkTemporaries() throws Exception {
        try (Stream<Path> s = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
            return s.filter(p -> p.getFileName().toString().startsWith("brink-") && p.toString().endsWith(".jfr"))
                    .collect(Collectors.toSet());
        }
    }

    /**
     * Recordings travel gzipped (JMC's own test files, support tickets) and JMC opens them as they are, as brink gc reads
     * a gzipped log: a gzipped recording is its content, reported under the user's name, its temporary copy gone after.
     */
    @Test
    void aGzippedRecordingReadsAsItsContent() throws Exception {
        Set<Path> before = brinkTemporaries();
        Path gz = packed("jmc-full-gc-g1", "full_gc_g1.jfr");
        JfrReport packedReport = JfrAnalyzer.analyze(gz, JfrFilter.ALL);
        Path unpacked = Recordings.unpacked(tmp, "jmc-full-gc-g1");
        JfrReport plain = JfrAnalyzer.analyze(unpacked, JfrFilter.ALL);
        assertThat(packedReport.file()).isEqualTo(gz.toString());
        assertThat(packedReport.events()).isEqualTo(plain.events());
        assertThat(packedReport.findings()).extracting(Finding::kind, Finding::subject)
                .containsExactlyElementsOf(plain.findings().stream().map(f -> tuple(f.kind(), f.subject())).toList());
        assertThat(packedReport.findings()).allSatisfy(f -> assertThat(f.evidence()).containsExactly(gz.toString()));
        FoldedStacks folded = StackFolder.fold(packed("jmc-allocation-jdk9", "allocation.jfr"), JfrFilter.ALL);
        assertThat(folded.stacks()).isNotEmpty()
                .isEqualTo(StackFolder.fold(Recordings.unpacked(tmp, "jmc-allocation-jdk9"), JfrFilter.ALL).stacks());
        assertThat(brinkTemporaries()).isSubsetOf(before);
    }

    /** A gzipped file cut short is refused in one line naming the user's file; nothing is left behind. */
    @Test
    void aCutGzipIsRefusedByItsName() throws Exception {
        Set<Path> before = brinkTemporaries();
        Path gz = packed("jmc-full-gc-g1", "full_gc_g1.jfr.gz");
        byte[] all = Files.readAllBytes(gz);
        Files.write(gz, Arrays.copyOf(all, all.length / 2));
        assertThatThrownBy(() -> JfrAnalyzer.analyze(gz, JfrFilter.ALL)).isInstanceOf(BrinkUserException.class)
                .hasMessageStartingWith(gz + ": gzip-compressed")
                .hasMessageNotContaining(System.lineSeparator());
        assertThat(brinkTemporaries()).isSubsetOf(before);
    }

    /**
     * JMC's 7u60.jfr, gzipped as JMC keeps it: Oracle JDK 7u60's Flight Recorder, format 0.9, which the JDK's parser
     * cannot read. The refusal names the user's file (not a temporary copy) and what wrote it.
     */
    @Test
    void formatZeroNineIsNamedAsOracleJdk7And8s() throws Exception {
        Path gz = packed("jmc-7u60", "7u60.jfr");
        assertThatThrownBy(() -> JfrAnalyzer.analyze(gz, JfrFilter.ALL)).isInstanceOf(BrinkUserException.class)
                .hasMessageStartingWith(gz + " (gunzipped): byte 0: JFR format version 0.9")
                .hasMessageContaining("Oracle JDK 7 and 8");
    }
}
