package dev.brink.jfr;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brink.core.Finding;
import dev.brink.core.FindingKind;
import dev.brink.core.detail.Detail;
import dev.brink.core.detail.HeapTooSmallDetail;
import dev.brink.gc.GcLogAnalyzer;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.GZIPInputStream;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Recordings and GC logs written at once by JDK 17 and JDK 25 running brink-gc's test program {@code RoutingTable}
 * (src/test/resources/recordings, with regenerate-crowded.sh): a level routing table of 112 MB in a 128 MB heap
 * beside 60 MB/s of lookups, on G1 and ZGC, which never run a full GC for it and pay instead (G1 marks back to back,
 * ZGC's threads stall). brink-gc's headroom rule says "heap too small for the live set" from the log; the recording of
 * the same run must say the same, at the same severity, with the same cost. The twins (the lookups beside a 56 MB
 * table; the 112 MB table idle) give no finding from either.
 */
class CrowdedRecordingsTest {
    private static final List<String> JDKS = List.of("jdk17", "jdk25");
    private static final List<String> COLLECTORS = List.of("g1", "zgc");

    @TempDir
    Path tmp;

    @Test
    void crowdedHeap_recordingSaysHeapTooSmall_asTheLogOfTheSameRunDoes() throws Exception {
        for (String jdk : JDKS) {
            for (String gc : COLLECTORS) {
                String name = "crowded-" + gc + "-" + jdk;
                List<Finding> fromLog = GcLogAnalyzer.analyze(List.of(log(name))).findings();
                List<Finding> fromJfr = JfrAnalyzer.analyze(Recordings.unpacked(tmp, name), JfrFilter.ALL).findings();
                assertThat(fromJfr).as(name + ": " + fromJfr + " vs the log's " + fromLog)
                        .extracting(f -> f.kind() + " " + f.severity()).containsExactlyElementsOf(
                                fromLog.stream().map(f -> f.kind() + " " + f.severity()).toList());
                HeapTooSmallDetail log = headroom(fromLog, name + " log");
                HeapTooSmallDetail jfr = headroom(fromJfr, name + " recording");
                assertThat(jfr.flags()).as(name + ": the advice").isEqualTo(log.flags());
                assertThat(jfr.liveSetBytes()).as(name + ": the live set, ≥ 80 % of the heap")
                        .isGreaterThanOrEqualTo(jfr.maxHeapBytes() * 8 / 10);
                if (gc.equals("g1")) {
                    // the marking cycles' span: JFR's G1Old duration against the log's first to last phase of each GC id
                    assertThat(jfr.concurrentShare()).as(name + ": marking share").isGreaterThanOrEqualTo(0.1)
                            .isCloseTo(log.concurrentShare(), Offset.offset(0.05));
                } else {
                    assertThat(jfr.stallShare()).as(name + ": stall share").isGreaterThanOrEqualTo(0.02)
                            .isCloseTo(log.stallShare(), Offset.offset(0.05));
                }
            }
        }
    }

    @Test
    void twins_healthyTableAndIdleTable_noFindingFromEither() throws Exception {
        for (String jdk : JDKS) {
            for (String gc : COLLECTORS) {
                for (String twin : List.of("crowded-twin-" + gc + "-" + jdk, "crowded-idle-" + gc + "-" + jdk)) {
                    JfrReport r = JfrAnalyzer.analyze(Recordings.unpacked(tmp, twin), JfrFilter.ALL);
                    assertThat(r.gc().collections()).as(twin).isPositive();
                    assertThat(r.findings()).as(twin + " recording").isEmpty();
                    assertThat(GcLogAnalyzer.analyze(List.of(log(twin))).findings()).as(twin + " log").isEmpty();
                }
            }
        }
    }

    private static HeapTooSmallDetail headroom(List<Finding> findings, String what) {
        List<Finding> f = findings.stream().filter(x -> x.kind() == FindingKind.HEAP_TOO_SMALL).toList();
        assertThat(f).as(what + " " + findings).hasSize(1);
        HeapTooSmallDetail d = Detail.of(f.get(0), HeapTooSmallDetail.class);
        // a live set is never more than the heap it lives in, whatever the fitted floor's end reads
        assertThat(d.liveSetBytes()).as(what).isLessThanOrEqualTo(d.maxHeapBytes());
        return d;
    }

    private Path log(String name) throws Exception {
        Path file = tmp.resolve(name + ".log");
        try (InputStream in = new GZIPInputStream(CrowdedRecordingsTest.class.getResourceAsStream("/recordings/" + name + ".log.gz"))) {
            Files.copy(in, file);
        }
        return file;
    }
}
