package dev.brink.core.evidence;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brink.core.Json;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * gc.jsonl's failures and GC ids: written only when a collection failed or the source knew the JVM's id, and absent
 * from every older run's lines.
 */
class GcEventLineTest {
    /** A line as brink-jvm's observer wrote it before failures existed. */
    private static final String OLDER = "{\"epoch_ms\":1000,\"start_ms\":900,\"collector\":\"G1 Young Generation\","
            + "\"action\":\"end of minor GC\",\"cause\":\"G1 Evacuation Pause\",\"duration_ms\":3.5,"
            + "\"before\":{\"G1 Eden Space\":10},\"after\":{\"G1 Eden Space\":0},\"committed_after\":{\"G1 Eden Space\":20}}";

    @Test
    void olderLine_readsAsNoFailure_andIsWrittenBackTheSame() throws Exception {
        GcEventLine l = Json.MAPPER.readValue(OLDER, GcEventLine.class);
        assertThat(l.failures()).isEmpty();
        assertThat(l.gcId()).isNull();
        assertThat(l.after()).containsEntry("G1 Eden Space", 0L);
        assertThat(Json.MAPPER.readTree(Json.MAPPER.writeValueAsString(l))).isEqualTo(Json.MAPPER.readTree(OLDER));
    }

    @Test
    void failedCollection_writesItsFailures_inOneOrder_andReadsThemBack() throws Exception {
        GcEventLine l = new GcEventLine(1000, 900, "G1New", "young", "G1 Evacuation Pause", 12.5, Map.of("heap", 90L << 20),
                Map.of("heap", 91L << 20), Map.of("heap", 96L << 20),
                Set.of(GcFailure.CONCURRENT_MODE_FAILURE, GcFailure.EVACUATION_FAILED));
        String json = Json.MAPPER.writeValueAsString(l);
        assertThat(json).contains("\"failures\":[\"evacuation-failed\",\"concurrent-mode-failure\"]");
        assertThat(Json.MAPPER.readValue(json, GcEventLine.class).failures())
                .containsExactly(GcFailure.EVACUATION_FAILED, GcFailure.CONCURRENT_MODE_FAILURE);
    }

    @Test
    void recordedCycle_writesItsGcId_andReadsItBack() throws Exception {
        GcEventLine l = new GcEventLine(1000, 1000, "G1Old", "concurrent", "", 850.0, Map.of("heap", 115L << 20),
                Map.of("heap", 115L << 20), Map.of("heap", 128L << 20), Set.of(), 42L);
        String json = Json.MAPPER.writeValueAsString(l);
        assertThat(json).contains("\"gc_id\":42").doesNotContain("failures");
        assertThat(Json.MAPPER.readValue(json, GcEventLine.class).gcId()).isEqualTo(42L);
    }
}
