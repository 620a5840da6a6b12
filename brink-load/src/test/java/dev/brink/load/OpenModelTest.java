package dev.brink.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import dev.brink.core.JsonlReader;
import dev.brink.core.RunDirectory;
import dev.brink.core.line.IntervalStats;
import dev.brink.load.engine.LoadOptions;
import dev.brink.load.engine.LoadStep;
import dev.brink.load.engine.StepResult;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OpenModelTest {
    @TempDir
    Path dir;

    @Test
    void holdsTwoThousandRequestsPerSecondForTenSecondsWithinTwoPercent() throws Exception {
        try (TestServer server = new TestServer();
             LoadEngine engine = LoadEngine.open(Plans.single(server.url(), 2000), LoadOptions.defaults().withMaxConnections(32),
                     RunDirectory.at(dir))) {
            List<IntervalStats> seen = new ArrayList<>();
            engine.addListener((i, g) -> seen.add(i));
            StepResult r = engine.run(LoadStep.open("x1", 1, Duration.ofSeconds(10)));

            assertThat(r.targetRps()).isEqualTo(2000.0);
            assertThat(r.achievedRps()).isCloseTo(2000, within(40.0));
            assertThat(r.errors()).isEmpty();
            assertThat(r.dropped()).isZero();
            assertThat((double) server.requests.get()).isCloseTo(20_000, within(400.0));
            assertThat(r.corrected().count()).isEqualTo(r.ok());
            assertThat(r.corrected().p99Ms()).isGreaterThanOrEqualTo(r.uncorrected().p99Ms());

            // the run directory says the same as the result, second by second
            List<JsonNode> lines = JsonlReader.readAll(dir.resolve(RunDirectory.LOAD));
            assertThat(lines).hasSizeGreaterThanOrEqualTo(10).hasSize(seen.size());
            assertThat(lines.stream().mapToLong(l -> l.get("sent").asLong()).sum()).isEqualTo(r.sent());
            assertThat(lines.stream().mapToLong(l -> l.get("ok").asLong()).sum()).isEqualTo(r.ok());
            assertThat(lines.get(3).get("target_rps").asDouble()).isEqualTo(2000.0);
            assertThat(lines.get(3).get("ops").get("get").get("corrected").get("p99_ms").asDouble()).isPositive();
            assertThat(JsonlReader.readAll(dir.resolve(RunDirectory.GENERATOR))).hasSize(lines.size())
                    .allSatisfy(g -> assertThat(g.has("loop_cpu") && g.has("lag_p99_ms") && g.has("ephemeral_ports_in_use")).isTrue())
                    .allSatisfy(g -> assertThat(g.get("connections").asInt()).isBetween(1, 32));
            if (java.nio.file.Files.exists(Path.of("/proc/sys/net/ipv4/ip_local_port_range"))) {
                assertThat(JsonlReader.readAll(dir.resolve(RunDirectory.GENERATOR)))
                        .allSatisfy(g -> assertThat(g.get("ephemeral_port_range").asInt()).isGreaterThan(1000));
            }
            long hlogCount = 0;
            try (HistogramLogReader hlog = new HistogramLogReader(dir.resolve(RunDirectory.LATENCY).toFile())) {
                EncodableHistogram h;
                while ((h = hlog.nextIntervalHistogram()) != null) {
                    if ("corrected".equals(h.getTag())) hlogCount += ((org.HdrHistogram.Histogram) h).getTotalCount();
                }
            }
            assertThat(hlogCount).isEqualTo(r.ok());
            assertThat(JsonlReader.readAll(dir.resolve(RunDirectory.EVENTS))).extracting(e -> e.get("type").asText())
                    .contains("load-open", "step-start", "step-end");
        }
    }

    @Test
    void aOneSecondStallShowsInCorrectedLatencyButNotInServiceTime() throws Exception {
        try (TestServer server = new TestServer();
             LoadEngine engine = LoadEngine.open(Plans.single(server.url(), 1000), LoadOptions.defaults().withMaxConnections(8), null)) {
            server.stallMs = 1000;
            server.stallAfter = 1500;
            StepResult r = engine.run(LoadStep.open("stall", 1, Duration.ofSeconds(5)));

            assertThat(r.errors()).isEmpty();
            assertThat(r.ok()).isEqualTo(5000);
            // ~1000 requests scheduled during the stall waited for it: far more than 1 % of 5000
            assertThat(r.corrected().p99Ms()).isGreaterThan(500);
            assertThat(r.corrected().maxMs()).isGreaterThan(900);
            // only the 8 requests on the wire during the stall saw it as service time: under 1 %
            assertThat(r.uncorrected().maxMs()).isGreaterThan(900);
            assertThat(r.uncorrected().p99Ms()).isLessThan(r.corrected().p99Ms() / 5);
        }
    }

    @Test
    void stepsChangeTheRateOnTheSameConnectionsAndRampsFollowTheirLine() throws Exception {
        try (TestServer server = new TestServer();
             LoadEngine engine = LoadEngine.open(Plans.single(server.url(), 200), LoadOptions.defaults().withMaxConnections(4), null)) {
            List<StepResult> rs = engine.runAll(List.of(
                    LoadStep.open("x1", 1, Duration.ofSeconds(2)),
                    LoadStep.open("x2", 2, Duration.ofSeconds(2)),
                    LoadStep.ramp("ramp", 1, 3, Duration.ofSeconds(2))));
            assertThat(rs.get(0).sent()).isEqualTo(400);
            assertThat(rs.get(1).sent()).isEqualTo(800);
            assertThat(rs.get(2).targetRps()).isEqualTo(400.0);
            assertThat((double) rs.get(2).sent()).isCloseTo(800, within(8.0));
            assertThat(rs).allSatisfy(r -> assertThat(r.errors()).isEmpty());
            assertThat(server.accepted.get()).isLessThanOrEqualTo(4);
        }
    }
}
