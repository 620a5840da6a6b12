package dev.brink.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brink.core.EventLog;
import dev.brink.core.EventType;
import dev.brink.core.Json;
import dev.brink.core.JsonlWriter;
import dev.brink.core.RunDirectory;
import dev.brink.core.event.StepVerdictEvent;
import dev.brink.core.summary.CapacityResult;
import dev.brink.core.summary.CapacityStep;
import dev.brink.core.summary.OperationResult;
import dev.brink.core.summary.RunSummary;
import dev.brink.core.verdict.LimitedBy;
import dev.brink.core.verdict.RuleKind;
import dev.brink.core.verdict.StepVerdictKind;
import dev.brink.core.verdict.TrippedRule;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A mix's report shows each operation at the deciding steps, charts each operation's p99, and names the one that broke. */
class OperationReportTest {
    @TempDir
    Path dir;

    private static final TrippedRule P99 = new TrippedRule(RuleKind.P99, 612.0, 500.0, new TrippedRule.Worst("checkout", 820.0));

    private static OperationResult op(String name, double rps, long ok, Map<String, Long> errors, double p99) {
        long e = errors.values().stream().mapToLong(Long::longValue).sum();
        return new OperationResult(name, rps, rps, ok, errors, (double) e / (ok + e), p99 / 5, p99 / 2, p99, p99 * 1.5);
    }

    private void writeRun(boolean withSummary) throws Exception {
        RunDirectory run = RunDirectory.at(dir);
        CapacityStep good = new CapacityStep(5, 500, 500, 0, 4, 90, StepVerdictKind.OK, List.of(), List.of(),
                List.of(op("browse", 400, 12000, Map.of(), 40), op("checkout", 100, 3000, Map.of(), 95)));
        CapacityStep bad = new CapacityStep(6, 600, 598, 0.002, 5, 612, StepVerdictKind.DEGRADED,
                List.of("p99 612.0 ms > SLO 500.0 ms; worst: " + P99.operationText()), List.of(P99),
                List.of(op("browse", 480, 14400, Map.of(), 60), op("checkout", 120, 3570, Map.of("http-503", 30L), 820)));
        try (JsonlWriter load = new JsonlWriter(run.file(RunDirectory.LOAD)); EventLog events = new EventLog(run)) {
            events.append(EventType.LOAD_OPEN, Map.of("operations", List.of("browse", "checkout")));
            long t0 = 1_700_000_000_000L;
            for (int i = 0; i < 20; i++) {
                Map<String, Object> line = new LinkedHashMap<>();
                line.put("epoch_ms", t0 + i * 1000L);
                line.put("target_rps", 500.0);
                line.put("corrected", Map.of("p50_ms", 4.0, "p99_ms", 90.0));
                line.put("ops", Map.of("browse", Map.of("corrected", Map.of("p99_ms", 40.0 + i)),
                        "checkout", Map.of("corrected", Map.of("p99_ms", 700.5 + i))));
                load.append(line);
            }
            for (CapacityStep st : List.of(good, bad)) {
                events.append(EventType.STEP_VERDICT, StepVerdictEvent.capacity("capacity-x" + st.multiplier(), st).fields());
            }
        }
        Files.writeString(run.file(RunDirectory.PLAN), "name: shop\n");
        if (withSummary) {
            RunSummary s = new RunSummary("0.1.0", "shop", "2026-11-22T10:15:00Z", 600, false,
                    new CapacityResult(5, 500, LimitedBy.LATENCY, 6, List.of(good, bad), "checkout"), null, null, List.of());
            Json.MAPPER.writeValue(run.file(RunDirectory.SUMMARY).toFile(), s);
        }
    }

    @Test
    void markdownAndHtmlShowEachOperationAndNameTheOneThatDegradedFirst() throws Exception {
        writeRun(true);
        RunReport.Outputs out = RunReport.write(dir);
        List<String> md = Files.readString(out.markdown()).lines().toList();
        assertThat(md).contains("- capacity 5 × profile = 500 req/s, limited by latency: checkout p99 820.0 ms > 500.0 ms at 6 × profile",
                "| N | operation | target req/s | achieved req/s | errors | p50 ms | p90 ms | p99 ms | max ms |",
                "| 5 (max good) | browse | 400.0 | 400.0 | 0 | 8.0 | 20.0 | 40.0 | 60.0 |",
                "| 6 (first bad) | checkout (degraded first) | 120.0 | 120.0 | 0.83 % (http-503 30) | 164.0 | 410.0 | 820.0 | 1230.0 |");
        String html = Files.readString(out.html());
        assertThat(html).contains("<h2>Operations</h2>", "<td>checkout (degraded first)</td>", "\"id\":\"latency-by-operation\"",
                "\"label\":\"browse\"", "\"label\":\"checkout\"", "719.5");
        Map<?, ?> summary = Json.MAPPER.readValue(dir.resolve(RunDirectory.SUMMARY).toFile(), Map.class);
        assertThat(((Map<?, ?>) summary.get("capacity")).get("limited_by_operation")).isEqualTo("checkout");
    }

    @Test
    void aRunWithoutSummaryStillNamesTheOperationFromItsEvents() throws Exception {
        writeRun(false);
        RunReport.Outputs out = RunReport.write(dir);
        assertThat(out.recoveredSummary()).isNotNull();
        assertThat(Files.readString(out.markdown())).contains("limited by latency: checkout p99 820.0 ms > 500.0 ms at 6 × profile",
                "| 6 (first bad) | checkout (degraded first) |");
    }

    @Test
    void aSearchWithoutGoodOrBadStepShowsItsLastStep() throws Exception {
        RunDirectory run = RunDirectory.at(dir);
        CapacityStep busy = new CapacityStep(1, 25, 25, 0, 18, 280, StepVerdictKind.HOST_SATURATED, List.of("busy"), List.of(),
                List.of(op("small", 20, 60, Map.of(), 146), op("big", 5, 15, Map.of(), 202)));
        Json.MAPPER.writeValue(run.file(RunDirectory.SUMMARY).toFile(), new RunSummary("0.1.0", "mix", "2026-11-22T10:15:00Z", 20,
                false, new CapacityResult(0, 0, LimitedBy.HOST_SATURATED, -1, List.of(busy)), null, null, List.of()));
        assertThat(Files.readString(RunReport.write(dir).markdown())).contains("| 1 (last, host-saturated) | big | 5.0 | 5.0 | 0 |");
    }

    @Test
    void aSingleOperationGetsNoOperationTableNorChart() throws Exception {
        RunDirectory run = RunDirectory.at(dir);
        try (EventLog events = new EventLog(run)) {
            events.append(EventType.LOAD_OPEN, Map.of("operations", List.of("only")));
        }
        CapacityStep one = new CapacityStep(1, 10, 10, 0, 1, 2, StepVerdictKind.OK, List.of(), List.of(),
                List.of(op("only", 10, 300, Map.of(), 2)));
        Json.MAPPER.writeValue(run.file(RunDirectory.SUMMARY).toFile(), new RunSummary("0.1.0", "one", "2026-11-22T10:15:00Z", 60,
                false, new CapacityResult(1, 10, LimitedBy.NONE, -1, List.of(one)), null, null, List.of()));
        RunReport.Outputs out = RunReport.write(dir);
        assertThat(Files.readString(out.markdown())).doesNotContain("## Operations");
        assertThat(Files.readString(out.html())).doesNotContain("<h2>Operations</h2>", "latency-by-operation");
    }
}
