package dev.brink.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.brink.core.BrinkUserException;
import dev.brink.core.EventLog;
import dev.brink.core.Finding;
import dev.brink.core.FindingKind;
import dev.brink.core.Json;
import dev.brink.core.JsonlWriter;
import dev.brink.core.RunDirectory;
import dev.brink.core.Severity;
import dev.brink.core.summary.CapacityResult;
import dev.brink.core.summary.CapacityStep;
import dev.brink.core.summary.ConfirmResult;
import dev.brink.core.summary.RunSummary;
import dev.brink.core.summary.SoakResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunReportTest {
    @TempDir
    Path dir;

    private static final Finding LEAK = new Finding(FindingKind.MEMORY_LEAK, Severity.CRITICAL,
            "BookService.oldBooksPrices retains 61 % of the heap", "dev.brink.sample.BookService.oldBooksPrices",
            List.of("evidence/heap-1.hprof"), Map.of("retained_bytes", 41_000_000, "share", 0.61));

    private void writeRun(boolean withSummary) throws Exception {
        RunDirectory run = RunDirectory.at(dir);
        try (JsonlWriter load = new JsonlWriter(run.file(RunDirectory.LOAD));
             JsonlWriter jvm = new JsonlWriter(run.file(RunDirectory.JVM));
             EventLog events = new EventLog(run)) {
            long t0 = 1_700_000_000_000L;
            events.append("step-start", Map.of("step", "capacity-1"));
            for (int i = 0; i < 30; i++) {
                Map<String, Object> line = new LinkedHashMap<>();
                line.put("epoch_ms", t0 + i * 1000L);
                line.put("target_rps", 100.0);
                line.put("sent", 100);
                line.put("ok", i < 20 ? 100 : 90);
                line.put("errors", i < 20 ? Map.of() : Map.of("http-503", 10));
                line.put("corrected", Map.of("p50_ms", 3.0, "p99_ms", 9.0 + i, "max_ms", 20.0));
                line.put("uncorrected", Map.of("p50_ms", 3.0, "p99_ms", 8.0, "max_ms", 15.0));
                load.append(line);
                jvm.append(Map.of("epoch_ms", t0 + i * 1000L, "heap", Map.of("used", 10_000_000 + i * 100_000, "committed", 64_000_000),
                        "heap_after_gc", 5_000_000 + i * 50_000, "threads", Map.of("runnable", 4, "blocked", i % 3, "waiting", 10, "timed_waiting", 3),
                        "cpu", Map.of("process_load", 0.4)));
            }
            events.append("step-end", Map.of("step", "capacity-1"));
        }
        Files.writeString(run.file(RunDirectory.PLAN), "name: book\nheaders: {Authorization: '***'}\n");
        Files.createDirectories(run.evidence());
        Files.writeString(run.evidence().resolve("threads-1.txt"), "dump");
        if (withSummary) {
            RunSummary s = new RunSummary("0.1.0", "book", "2026-11-22T10:15:00Z", 3725, false,
                    new CapacityResult(26, 1040, "errors", 27, List.of(
                            new CapacityStep(26, 1040, 1039.5, 0.001, 4.1, 80.2, "ok", List.of()),
                            new CapacityStep(27, 1080, 1070.1, 0.041, 4.5, 95.0, "degraded",
                                    List.of("error rate 4.10 % > SLO 1.00 % (1328 of 32400 requests failed)")))),
                    new ConfirmResult(26, 1040, 60, 3600, "degraded", List.of("p99 730.0 ms > SLO 500.0 ms"), 1031.0, 0.002, 730.0),
                    new SoakResult(1, 40, 7200, "64m", 38.2, 0.93, "leak", "rising: heap after whole-heap GC 20.1 MB → 96.5 MB",
                            new SoakResult.HeapTrendLine(1_795_000_000_000L, 1_795_007_200_000L, 21_000_000, 101_000_000)), List.of(LEAK));
            Json.MAPPER.writeValue(run.file(RunDirectory.SUMMARY).toFile(), s);
        }
    }

    /** Like AssertJ's contains, without printing a whole page with uPlot inlined when one is missing. */
    private static void containsAll(String page, String... parts) {
        for (String part : parts) {
            assertThat(page.contains(part)).as("report.html contains " + part).isTrue();
        }
    }

    @Test
    void markdownHasTheVerdictsFindingsAndSteps() throws Exception {
        writeRun(true);
        RunReport.Outputs out = RunReport.write(dir);
        String md = Files.readString(out.markdown());
        assertThat(md).contains("# Brink run: book",
                "- capacity 26 × profile = 1040 req/s, limited by errors at 27 × profile",
                "- confirmation at 26 × profile for 1h: degraded (p99 730.0 ms > SLO 500.0 ms)",
                "- soak at 40 req/s for 2h: memory leak, heap after GC rising 38.2 MB/h (r² 0.93)",
                "- **critical** memory-leak: BookService.oldBooksPrices retains 61 % of the heap — `dev.brink.sample.BookService.oldBooksPrices` (evidence/heap-1.hprof)",
                "| 27 | 1080.0 | 1070.1 | 4.10 % | 4.5 | 95.0 | degraded: error rate 4.10 % > SLO 1.00 % (1328 of 32400 requests failed) |");
        assertThat(out.missing()).containsExactlyInAnyOrder("gc.jsonl", "generator.jsonl");
        assertThat(md).contains("Missing from the run directory: gc.jsonl, generator.jsonl.");
    }

    @Test
    void junitHasACasePerPhaseAndSloWithNumbersInFailures() throws Exception {
        writeRun(true);
        String x = Files.readString(RunReport.write(dir).junit());
        assertThat(x).contains("<testsuite name=\"brink.book\" tests=\"6\" failures=\"4\"",
                "<testcase classname=\"brink\" name=\"capacity\"/>",
                "<testcase classname=\"brink\" name=\"confirm at 26x\">",
                "<testcase classname=\"brink\" name=\"slo.error_rate at 26x\"/>",
                "<testcase classname=\"brink\" name=\"slo.p99 at 26x\">\n    <failure message=\"p99 730.0 ms &gt; SLO 500.0 ms\">",
                "<testcase classname=\"brink\" name=\"soak\">\n    <failure message=\"soak at 40 req/s for 2h: memory leak, heap after GC rising 38.2 MB/h (r² 0.93)\">",
                "name=\"finding.memory-leak: dev.brink.sample.BookService.oldBooksPrices\"");
    }

    @Test
    void htmlIsSelfContainedWithVerdictChartsAndFindings() throws Exception {
        writeRun(true);
        String html = Files.readString(RunReport.write(dir).html());
        containsAll(html,"capacity 26 × profile = 1040 req/s, limited by errors at 27 × profile",
                "BookService.oldBooksPrices retains 61 % of the heap", "href=\"evidence/threads-1.txt\"",
                "\"id\":\"rate\"", "\"id\":\"errors\"", "\"label\":\"http-503\"", "\"id\":\"heap\"", "\"id\":\"threads\"",
                "\"bands\":[[", "\"capacity-1\"]]", "uPlot");
        for (String external : new String[] {"<script src", "<link ", "src=\"http", "href=\"http", "url(http", "import("}) {
            assertThat(html.contains(external)).as("the page loads nothing from outside: " + external).isFalse();
        }
    }

    @Test
    void aKilledRunWithoutSummaryStillReportsAndSaysWhatIsMissing() throws Exception {
        writeRun(false);
        RunReport.Outputs out = RunReport.write(dir);
        assertThat(out.missing()).contains("summary.json");
        containsAll(Files.readString(out.html()), "No summary.json: the run did not finish", "\"id\":\"latency\"");
        assertThat(Files.readString(out.junit())).contains("<failure message=\"summary.json is missing: the run did not finish\">");
    }

    @Test
    void aDirectoryWithoutRunFilesIsAClearUserError() throws Exception {
        assertThatThrownBy(() -> RunReport.write(dir)).isInstanceOf(BrinkUserException.class)
                .hasMessage(dir + ": no Brink run files (summary.json, events.jsonl, load.jsonl, jvm.jsonl, gc.jsonl) in it");
        assertThatThrownBy(() -> RunReport.write(dir.resolve("nope"))).isInstanceOf(BrinkUserException.class)
                .hasMessageContaining("not a directory");
        Files.writeString(dir.resolve("summary.json"), "{\"capacity\": 12");
        assertThatThrownBy(() -> RunReport.write(dir)).isInstanceOf(BrinkUserException.class)
                .hasMessageStartingWith(dir.resolve("summary.json") + ": not a Brink summary");
    }

    @Test
    void longRunsAreDownsampledKeepingPeaks() throws Exception {
        RunDirectory run = RunDirectory.at(dir);
        try (JsonlWriter load = new JsonlWriter(run.file(RunDirectory.LOAD))) {
            for (int i = 0; i < 86_400; i += 4) { // a day, thinned to keep the test quick
                double p99 = i == 50_000 ? 9_999 : 10;
                load.append(Map.of("epoch_ms", 1_700_000_000_000L + i * 1000L, "target_rps", 100, "sent", 100, "ok", 100,
                        "corrected", Map.of("p99_ms", p99)));
            }
        }
        RunData data = RunData.load(dir);
        ChartSpec latency = ChartCatalog.charts(data).stream().filter(c -> c.id().equals("latency")).findFirst().orElseThrow();
        Map<String, Object> chart = ChartData.build(latency, data);
        assertThat((List<?>) chart.get("x")).hasSizeLessThanOrEqualTo(ChartData.MAX_POINTS);
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> series = (List<Map<String, Object>>) chart.get("series");
        assertThat((List<Object>) series.get(1).get("values")).contains((Object) 9_999.0);
        assertThat(Files.size(RunReport.write(dir).html())).isLessThan(5L << 20);
    }
}
