package dev.brink.jfr;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brink.core.Finding;
import dev.brink.core.GcCauseKind;
import dev.brink.core.detail.Detail;
import dev.brink.core.detail.GcPressureDetail;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Recordings of {@code UploadDesk} by JDK 17 and JDK 25 (src/test/resources/recordings, regenerate-uploads.sh): 2.8-3.2
 * MB uploads, each one byte[], humongous in G1's 1 MB regions. Recorded with jdk.ObjectAllocationOutsideTLAB, the
 * objects are sized: 8 MB regions (twice the largest, a power of two) make them ordinary, and the frame that allocates
 * them is the application's (UploadDesk.assemble), as a log with gc+humongous=debug lines advises. Recorded without
 * it, the advice stays how to learn the sizes. The 200 KB twin gives no finding.
 */
class UploadRecordingsTest {
    @TempDir
    Path tmp;

    @Test
    void humongousUploads_sizedFromTheRecording_regionAdviceAndTheAllocatingFrame() throws Exception {
        for (String jdk : List.of("jdk17", "jdk25")) {
            String name = "uploads-g1-" + jdk;
            Finding f = humongous(name);
            GcPressureDetail d = Detail.of(f, GcPressureDetail.class);
            assertThat(d.flags()).as(name + " " + f).isEqualTo("-XX:G1HeapRegionSize=8m");
            assertThat(d.regionSizeBytes()).as(name).isEqualTo(1L << 20);
            // the largest of the seeded 2800-3200 KB uploads
            assertThat(d.humongousObjectBytesMax()).as(name).isBetween(3000L * 1024, 3200L * 1024 + 16);
            assertThat(d.advice()).as(name).contains("allocated in dev.brink.jfr.programs.UploadDesk.assemble")
                    .doesNotContain("gc+humongous=debug");
            System.out.println(name + ": " + f.severity() + " " + f.title());
        }
    }

    @Test
    void humongousUploads_noSizedEvents_adviceSaysHowToLearnTheSizes() throws Exception {
        for (String jdk : List.of("jdk17", "jdk25")) {
            String name = "uploads-unsized-g1-" + jdk;
            Finding f = humongous(name);
            GcPressureDetail d = Detail.of(f, GcPressureDetail.class);
            assertThat(d.humongousObjectBytesMax()).as(name).isNull();
            assertThat(d.flags()).as(name + " " + f).doesNotContain("=8m")
                    .contains("-XX:StartFlightRecording:jdk.ObjectAllocationOutsideTLAB#enabled=true");
            assertThat(d.advice()).as(name).contains("gc+humongous=debug");
            assertThat(d.regionSizeBytes()).as(name).isEqualTo(1L << 20);
            assertThat(f.title()).as(name).contains("objects over 512 KB (half a 1 MB region)")
                    .contains("sizes not recorded");
            System.out.println(name + ": " + f.severity() + " " + f.title());
        }
    }

    @Test
    void smallUploads_twin_noFinding() throws Exception {
        for (String jdk : List.of("jdk17", "jdk25")) {
            String name = "uploads-twin-g1-" + jdk;
            JfrReport r = JfrAnalyzer.analyze(Recordings.unpacked(tmp, name), JfrFilter.ALL);
            assertThat(r.gc().collections()).as(name).isPositive();
            assertThat(r.findings()).as(name).isEmpty();
        }
    }

    private Finding humongous(String name) throws Exception {
        JfrReport r = JfrAnalyzer.analyze(Recordings.unpacked(tmp, name), JfrFilter.ALL);
        List<Finding> humongous = r.findings().stream().filter(f -> f.detail().containsKey("cause")
                && Detail.of(f, GcPressureDetail.class).cause() == GcCauseKind.HUMONGOUS).toList();
        assertThat(humongous).as(name + " " + r.findings()).hasSize(1);
        return humongous.get(0);
    }
}
