package dev.brink.jfr;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brink.core.Finding;
import dev.brink.gc.GcLogAnalyzer;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Recordings and GC logs written at once by JDK 17 and JDK 25 running {@code SortingDepot} (src/test/resources/recordings,
 * with regenerate-depot.sh): waves of parcels that survive a young collection, beside a standing stock, in a 96 MB heap.
 * G1 fails evacuations, Serial and Parallel fail promotions; a log prints the failure inside the collection's lines, a
 * recording as jdk.EvacuationFailed / jdk.PromotionFailed events with the collection's gcId. The recording must say
 * what the log says about the same run; the G1 twin in a 768 MB heap must give no finding from either.
 */
class DepotRecordingsTest {
    @TempDir
    Path tmp;

    @Test
    void failedCollections_recordingSaysWhatTheLogSays_twinClean() throws Exception {
        for (String jdk : List.of("jdk17", "jdk25")) {
            sameTrouble("depot-g1-" + jdk, "to-space exhausted");
            sameTrouble("depot-serial-" + jdk, "promotion failure");
            sameTrouble("depot-parallel-" + jdk, "promotion failure");
            String twin = "depot-g1-twin-" + jdk;
            JfrReport r = JfrAnalyzer.analyze(Recordings.unpacked(tmp, twin), JfrFilter.ALL);
            assertThat(r.gc().collections()).as(twin).isPositive();
            assertThat(r.findings()).as(twin + " recording").isEmpty();
            assertThat(GcLogAnalyzer.analyze(List.of(log(twin))).findings()).as(twin + " log").isEmpty();
        }
    }

    /**
     * The recording's findings are the log's, kind for kind and severity for severity, and the failure's finding counts
     * the same collections ("69 × to-space exhausted" from both: G1 may write two jdk.EvacuationFailed for one pause).
     */
    private void sameTrouble(String name, String what) throws Exception {
        List<Finding> fromLog = GcLogAnalyzer.analyze(List.of(log(name))).findings();
        List<Finding> fromJfr = JfrAnalyzer.analyze(Recordings.unpacked(tmp, name), JfrFilter.ALL).findings();
        assertThat(fromJfr).as(name + ": " + fromJfr + " vs the log's " + fromLog)
                .extracting(f -> f.kind() + " " + f.severity()).containsExactlyElementsOf(
                        fromLog.stream().map(f -> f.kind() + " " + f.severity()).toList());
        List<String> logTrouble = titles(fromLog, what);
        assertThat(logTrouble).as(name + " log " + fromLog).hasSize(1);
        assertThat(logTrouble.get(0)).doesNotStartWith("0 ");
        assertThat(titles(fromJfr, what)).as(name + " recording").isEqualTo(logTrouble);
    }

    private static List<String> titles(List<Finding> findings, String what) {
        return findings.stream().map(Finding::title).filter(t -> t.contains(" × " + what + ":")).toList();
    }

    private Path log(String name) throws Exception {
        Path file = tmp.resolve(name + ".log");
        try (InputStream in = new GZIPInputStream(DepotRecordingsTest.class.getResourceAsStream("/recordings/" + name + ".log.gz"))) {
            Files.copy(in, file);
        }
        return file;
    }
}
