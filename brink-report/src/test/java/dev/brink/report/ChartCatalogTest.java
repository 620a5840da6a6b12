package dev.brink.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brink.core.RunDirectory;
import dev.brink.core.RunLines;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The report reads series by path: each path into a line whose record is in brink-core must be a path that record has (load, generator, gc and jvm lines). */
class ChartCatalogTest {
    @Test
    void everyPathTheChartsReadIsAFieldOfTheLinesRecord() {
        List<String> load = new ArrayList<>(ChartCatalog.pointers(RunDirectory.LOAD));
        load.addAll(List.of("/dropped", ChartCatalog.ERRORS + "/http-503", ChartCatalog.opPointer("GET /a", ChartCatalog.OP_P99)));
        List<String> generator = new ArrayList<>(ChartCatalog.pointers(RunDirectory.GENERATOR));
        generator.addAll(ChartCatalog.GENERATOR_FIELDS);
        generator.add(ChartCatalog.REASONS);
        List<String> gc = new ArrayList<>(ChartCatalog.pointers(RunDirectory.GC));
        List<String> jvm = new ArrayList<>(ChartCatalog.pointers(RunDirectory.JVM));
        assertThat(jvm).contains("/heap_after_gc", "/cpu/process_load");
        assertThat(load).contains("/corrected/p99_ms", "/target_rps");
        assertThat(gc).isNotEmpty();
        assertThat(load).allMatch(p -> RunLines.holds(RunDirectory.LOAD, p), "a load.jsonl field");
        assertThat(generator).allMatch(p -> RunLines.holds(RunDirectory.GENERATOR, p), "a generator.jsonl field");
        assertThat(gc).allMatch(p -> RunLines.holds(RunDirectory.GC, p), "a gc.jsonl field");
        assertThat(jvm).allMatch(p -> RunLines.holds(RunDirectory.JVM, p), "a jvm.jsonl field");
    }
}
