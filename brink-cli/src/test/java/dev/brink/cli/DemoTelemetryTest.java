package dev.brink.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.brink.core.FindingKind;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Field report 002's platform end to end, from one run of {@code brink demo --scenario telemetry --quick}: the
 * telemetry sample launched with its leak defect (a device's state and trip kept after logout), a capacity step and
 * a soak on a 32 MB heap through a raw-TCP plan of logins, data packets and logouts. The soak's verdict must be
 * {@code leak} and the heap dump's suspect the platform's device map, the field that holds every finished trip.
 * Whatever the capacity steps measured (a loaded machine makes them host-saturated), the leak is the service's.
 * About 60 s on 2 idle cores (the launched target's 20 s warm-up, one 4 s step, a relaunch, a 40 s soak).
 */
@MeasuresHost
class DemoTelemetryTest {
    @TempDir
    Path dir;

    @Test
    void theQuickTelemetryDemoFindsThePerDeviceLeak() throws Exception {
        QuickDemo demo = QuickDemo.run(dir, "telemetry");
        String out = demo.run.out;

        JsonNode soak = demo.summary.get("soak");
        assertThat(soak.get("verdict").asText()).as(out).isEqualTo("leak");
        assertThat(soak.get("small_heap").asText()).isEqualTo("32m");
        assertThat(soak.get("heap_after_gc_slope_mb_per_h").asDouble()).as(out).isPositive();

        List<JsonNode> suspects = demo.findings(FindingKind.MEMORY_LEAK).stream()
                .filter(f -> f.get("subject").asText().equals("dev.brink.sample.telemetry.TelemetryServer.devices")).toList();
        assertThat(suspects).as(out).hasSize(1);
        JsonNode suspect = suspects.get(0);
        assertThat(suspect.get("detail").get("retained_bytes").asLong()).isGreaterThan(1L << 20);
        assertThat(suspect.get("evidence").get(0).asText()).startsWith("evidence/heap-").endsWith(".hprof");
        assertThat(demo.out.resolve(suspect.get("evidence").get(0).asText())).isRegularFile();
        assertThat(out).containsPattern("leak suspect: dev\\.brink\\.sample\\.telemetry\\.TelemetryServer\\.devices retains [0-9.]+ % of the heap");

        // the platform acked every packet with result 0 (the plan checks the ack's result byte): no bad packet, no
        // broken session rule (time, sequence, mileage) in the first step, at 2 × profile on any machine
        JsonNode first = demo.summary.get("capacity").get("steps").get(0);
        assertThat(first.get("achieved_rps").asDouble()).as(out).isGreaterThan(300);
        assertThat(first.get("error_rate").asDouble()).as(out).isZero();
        assertThat(demo.out.resolve("target.log")).content().contains("[defects: leak]");
        assertThat(demo.out.resolve("report.html")).isRegularFile();
        demo.assertLaunchedTargetsGone();
    }
}
