package dev.brink.jfr;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brink.core.Finding;
import dev.brink.core.FindingKind;
import dev.brink.core.Severity;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Recordings JDK 17 and JDK 25 wrote of brink-gc's PluginHost scenario (src/test/resources/recordings, with the script
 * that rewrites them): plugins each in their own class loader, kept until OutOfMemoryError: Metaspace, and the twin
 * that keeps the last 40. The recording names what a GC log cannot: the loaders that hold the metaspace.
 */
class MetaspaceRecordingsTest {
    @TempDir
    Path tmp;

    private JfrReport analyze(String name) throws Exception {
        return JfrAnalyzer.analyze(Recordings.unpacked(tmp, name), JfrFilter.ALL);
    }

    @Test
    void classLoaderLeak_isAMetaspaceFindingWithItsLoaders_twinClean() throws Exception {
        for (String jdk : List.of("jdk17", "jdk25")) {
            JfrReport r = analyze("metaspace-" + jdk);
            List<Finding> m = r.findings().stream().filter(f -> f.kind() == FindingKind.METASPACE).toList();
            assertThat(m).as(jdk + " " + r.findings()).hasSize(1);
            Finding f = m.get(0);
            assertThat(f.severity()).isEqualTo(Severity.CRITICAL);
            assertThat(f.title()).startsWith("OutOfMemoryError: Metaspace (1×)").contains("MaxMetaspaceSize 24.0 MB");
            assertThat(f.detail().get("classes_loaded_per_sec")).isEqualTo(150L);
            // the loader that holds the classes: named by JDK 17, by its parent on JDK 25 (which records no loader class)
            assertThat((Long) f.detail().get("loaders")).isGreaterThan(500);
            assertThat(f.detail().get("loader_class").toString()).satisfiesAnyOf(
                    l -> assertThat(l).isEqualTo("dev.brink.gc.programs.PluginHost$PluginLoader"),
                    l -> assertThat(l).contains("child of jdk.internal.loader.ClassLoaders$AppClassLoader"));
            assertThat(f.detail().get("at").toString()).startsWith("dev.brink.gc.programs.PluginHost");
            assertThat(r.findings()).noneMatch(x -> x.kind() == FindingKind.HEAP_TOO_SMALL || x.kind() == FindingKind.GC_PRESSURE);
            JfrReport twin = analyze("metaspace-twin-" + jdk);
            assertThat(twin.gc().collections()).isPositive();
            assertThat(twin.findings()).as(jdk + " twin").isEmpty();
        }
    }
}
