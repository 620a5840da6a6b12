package dev.brink.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.brink.core.BrinkUserException;
import dev.brink.core.EventLog;
import dev.brink.core.EventType;
import dev.brink.core.Finding;
import dev.brink.core.FindingKind;
import dev.brink.core.Json;
import dev.brink.core.RunDirectory;
import dev.brink.core.Severity;
import dev.brink.core.event.StepVerdictEvent;
import dev.brink.core.summary.CapacityStep;
import dev.brink.core.summary.RunSummary;
import dev.brink.core.summary.SoakResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import dev.brink.core.verdict.LimitedBy;
import dev.brink.core.verdict.RuleKind;
import dev.brink.core.verdict.StepVerdictKind;
import dev.brink.core.verdict.TrippedRule;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunReportTest {
    @TempDir
    Path dir;

    static final Finding LEAK = Fixtures.LEAK;

    private void writeRun(boolean withSummary) throws Exception {
        Fixtures.writeRun(dir, withSummary);
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
        List<String> lines = md.lines().toList();
        assertThat(lines.get(0)).isEqualTo("# Brink run: book");
        assertThat(lines).contains("Started 2026-11-22T10:15:00Z, 1h2m, Brink 0.1.0.",
                "- capacity 26 × profile = 1040 req/s, limited by errors at 27 × profile",
                "- confirmation at 26 × profile for 1h: degraded (p99 730.0 ms > SLO 500.0 ms) — achieved 1031.0 of 1040 req/s, errors 0.20 %, p99 730.0 ms",
                "- soak at 40 req/s for 2h: memory leak, heap after GC rising 38.2 MB/h (r² 0.93) — on -Xmx64m; rising: heap after whole-heap GC 20.1 MB → 96.5 MB",
                "- **critical** memory-leak: " + LEAK.title() + " — `dev.brink.sample.BookService.oldBooksPrices`; grew by 28.6 MiB (15.0 MB/h),"
                        + " retains 39.1 MiB, 61.0 % of the heap, accumulates in java.util.ArrayList (evidence/heap-0.hprof, evidence/heap-1.hprof)",
                // "<" would open an HTML tag in GitHub's Markdown and hide the lock's identity
                "- **critical** lock-contention: " + Fixtures.LOCK.title().replace("<", "&lt;") + " — `org.apache.logging.log4j.core.appender.OutputStreamManager`;"
                        + " held by BookThread-3, at org.apache.logging.log4j.core.appender.OutputStreamManager.flush(OutputStreamManager.java:300), 7 waiting"
                        + " (evidence/threads-1.txt)",
                "| N | target req/s | achieved req/s | errors | p50 ms | p99 ms | verdict |",
                "| 26 | 1040.0 | 1039.5 | 0.10 % | 4.1 | 80.2 | ok |",
                "| 27 | 1080.0 | 1070.1 | 4.10 % | 4.5 | 95.0 | degraded: error rate 4.10 % > SLO 1.00 % (1328 of 32400 requests failed) |");
        assertThat(lines.stream().filter(l -> l.startsWith("- **")).count()).as("one line per finding").isEqualTo(3);
        assertThat(out.missing()).containsExactlyInAnyOrder("gc.jsonl", "generator.jsonl");
        assertThat(lines).contains("Missing from the run directory: gc.jsonl, generator.jsonl.");
        assertThat(out.recoveredSummary()).as("the method's summary.json is kept").isNull();
    }

    @Test
    void junitHasACasePerPhaseAndSloWithNumbersInFailures() throws Exception {
        writeRun(true);
        JUnitCases x = JUnitCases.read(RunReport.write(dir).junit());
        assertThat(x.suite()).containsEntry("name", "brink.book").containsEntry("tests", "7").containsEntry("failures", "5")
                .containsEntry("errors", "0").containsEntry("skipped", "0").containsEntry("time", "3725.0");
        assertThat(x.names()).containsExactly("capacity", "confirm at 26x", "slo.error_rate at 26x", "slo.p99 at 26x", "soak",
                "finding.memory-leak: dev.brink.sample.BookService.oldBooksPrices",
                "finding.lock-contention: org.apache.logging.log4j.core.appender.OutputStreamManager");
        assertThat(x.failure("capacity")).isNull();
        assertThat(x.out("capacity")).isEqualTo("capacity 26 × profile = 1040 req/s, limited by errors at 27 × profile");
        assertThat(x.failure("confirm at 26x")).isEqualTo("confirmation at 26 × profile for 1h: degraded (p99 730.0 ms > SLO 500.0 ms)");
        assertThat(x.failure("slo.error_rate at 26x")).isNull();
        assertThat(x.out("slo.error_rate at 26x")).isEqualTo("error rate 0.20 % over the hold");
        assertThat(x.failure("slo.p99 at 26x")).isEqualTo("p99 730.0 ms > SLO 500.0 ms");
        assertThat(x.failure("soak")).isEqualTo("soak at 40 req/s for 2h: memory leak, heap after GC rising 38.2 MB/h (r² 0.93)");
        assertThat(x.failure("finding.memory-leak: dev.brink.sample.BookService.oldBooksPrices"))
                .isEqualTo(LEAK.title() + "; grew by 28.6 MiB (15.0 MB/h), retains 39.1 MiB, 61.0 % of the heap, accumulates in java.util.ArrayList");
    }

    @Test
    void htmlIsSelfContainedWithVerdictChartsAndFindings() throws Exception {
        writeRun(true);
        String html = Files.readString(RunReport.write(dir).html());
        containsAll(html, "capacity 26 × profile = 1040 req/s, limited by errors at 27 × profile",
                Html.text(LEAK.title()), "href=\"evidence/threads-1.txt\"",
                "\"id\":\"rate\"", "\"id\":\"errors\"", "\"label\":\"http-503\"", "\"id\":\"heap\"", "\"id\":\"threads\"",
                "\"bands\":[[", "\"capacity-1\"]]", "uPlot",
                // the step table marks the highest good and the lowest bad step
                "<tr class=\"ok max-good\"><td>26 <span class=\"tag\">max good</span>", "<tr class=\"degraded first-bad\"><td>27 <span class=\"tag\">first bad</span>",
                // confirm and soak with their numbers, the soak's trend drawn on the heap chart
                "<h2>Confirmation</h2>", "<tr><th>p99</th><td>730.0 ms</td></tr>", "<h2>Soak</h2>", "relaunched with -Xmx64m",
                "<tr><th>fitted floor</th><td>20.0 MiB → 96.3 MiB", "\"label\":\"soak trend\"",
                // the leak: retained share, accumulation class, the GC-root path one step per line, indented
                "<tr><th>retained</th><td>39.1 MiB = 61.0 % of the heap (heap 64.1 MiB)</td></tr>",
                "<tr><th>grew</th><td>by 28.6 MiB (15.0 MB/h): 10.5 MiB → 39.1 MiB</td></tr>", "<tr><th>elements</th><td>20000 → 75000</td></tr>",
                "<tr><th>accumulates in</th><td>java.util.ArrayList, retaining 39.0 MiB @ 0x7f00a8",
                "<li style=\"margin-left:0px\"><code>static oldBooksPrices → dev.brink.sample.BookService @ 0x7f0010</code></li>",
                "<li style=\"margin-left:14px\"><code>elementData → java.lang.Object[] @ 0x7f00b0</code></li>",
                // the lock: class, holder and its frame, the waiting threads
                "<tr><th>lock</th><td>org.apache.logging.log4j.core.appender.OutputStreamManager &lt;0x00000000c1a2b3c4&gt;</td></tr>",
                "<tr><th>holder</th><td>BookThread-3 (RUNNABLE)</td></tr>",
                "<tr><th>holder frame</th><td>org.apache.logging.log4j.core.appender.OutputStreamManager.flush(OutputStreamManager.java:300)</td></tr>",
                "<li>BookThread-1</li><li>BookThread-2</li>",
                // busy threads with their CPU
                "<tr><td>BookThread-9</td><td>930</td><td>0.93</td><td></td></tr>",
                // the plan as written, links relative
                "<h2>Plan as run</h2>", "Authorization: &#39;***&#39;", "<a href=\"evidence/heap-1.hprof\">");
        // text from the run inside the page's data cannot end its script element
        containsAll(html, "\\u003c/script>\\u003c!--");
        assertThat(html.split("</script>", -1).length - 1).as("</script> only closing the page's three scripts").isEqualTo(3);
        for (String external : new String[] {"<script src", "<link ", "src=\"http", "href=\"http", "url(http", "import("}) {
            assertThat(html.contains(external)).as("the page loads nothing from outside: " + external).isFalse();
        }
    }

    @Test
    void aKilledRunWithoutSummaryStillReportsAndSaysWhatIsMissing() throws Exception {
        writeRun(false);
        RunReport.Outputs out = RunReport.write(dir);
        assertThat(out.missing()).contains("summary.json");
        containsAll(Files.readString(out.html()), "summary.json is missing: the run did not finish",
                "events.jsonl ends without a run-end event", "No phase ran to its end: no verdict.", "\"id\":\"latency\"");
        assertThat(JUnitCases.read(out.junit()).failure("run.complete"))
                .isEqualTo("summary.json is missing: the run did not finish (verdicts rebuilt from events.jsonl) (last step started: capacity-1)");
        assertThat(Files.readString(out.markdown())).contains("> **Incomplete**: summary.json is missing");
        assertThat(out.recoveredSummary()).isEqualTo(dir.resolve("summary.json"));
        RunSummary written = Json.MAPPER.readValue(dir.resolve("summary.json").toFile(), RunSummary.class);
        assertThat(written.interrupted()).isTrue();
        assertThat(written.plan()).isEqualTo("book");
        assertThat(written.capacity()).isNull();
    }

    /** A run killed in its confirmation: capacity steps judged, confirm begun, a finding made, the last line cut. */
    @Test
    void aKilledRunsSummaryIsRebuiltFromItsEventsAndWrittenOnce() throws Exception {
        RunDirectory run = RunDirectory.at(dir);
        Files.writeString(run.file(RunDirectory.PLAN), "# the plan as run\nname: 'book-store'\nslo: {error_rate: 0.01}\n");
        try (EventLog events = new EventLog(run)) {
            events.append("phase-start", Map.of("phase", "capacity"));
            for (int n = 1; n <= 3; n++) {
                events.append("step-start", Map.of("step", "capacity-x" + n, "duration_s", 10.0, "target_rps", 40.0 * n));
                events.append("step-end", Map.of("step", "capacity-x" + n, "achieved_rps", 40.0 * n, "error_rate", 0.0));
                CapacityStep st = n < 3 ? new CapacityStep(n, 40.0 * n, 40.0 * n, 0.0, 2.0, 8.0 * n, "ok", List.of())
                        : new CapacityStep(n, 120, 101.5, 0.0, 3.0, 700.0, StepVerdictKind.DEGRADED, List.of("p99 700.0 ms > SLO 500.0 ms"),
                        List.of(new TrippedRule(RuleKind.P99, 700.0, 500.0)));
                events.append(EventType.STEP_VERDICT, StepVerdictEvent.capacity("capacity-x" + n, st).fields());
            }
            // the method's phase-end without a result, as before results were added: the steps still tell
            events.append("phase-end", Map.of("phase", "capacity", "max_multiplier", 2, "limited_by", "latency"));
            events.append("finding", Map.of("finding", Json.MAPPER.valueToTree(Fixtures.LOCK)));
            events.append("phase-start", Map.of("phase", "confirm"));
            events.append("step-start", Map.of("step", "confirm-ramp", "duration_s", 60.0, "target_rps", 80.0));
        }
        Files.writeString(run.file(RunDirectory.EVENTS), "{\"time\":\"2026-11-23T10:00:00Z\",\"epoch_ms\":17", java.nio.file.StandardOpenOption.APPEND);

        RunSummary s = RunReport.recoverSummary(dir);
        assertThat(s.interrupted()).isTrue();
        assertThat(s.plan()).isEqualTo("book-store");
        assertThat(s.capacity().maxMultiplier()).isEqualTo(2);
        assertThat(s.capacity().maxRps()).isEqualTo(80.0);
        assertThat(s.capacity().firstBadMultiplier()).isEqualTo(3);
        assertThat(s.capacity().limitedBy()).isEqualTo(LimitedBy.LATENCY);
        assertThat(s.capacity().steps()).extracting(CapacityStep::multiplier).containsExactly(1, 2, 3);
        assertThat(s.confirm()).isNull();
        assertThat(s.findings()).containsExactly(Fixtures.LOCK);
        assertThat(Files.exists(dir.resolve("summary.json"))).as("recoverSummary writes nothing").isFalse();

        RunReport.Outputs out = RunReport.write(dir);
        assertThat(out.recoveredSummary()).isEqualTo(dir.resolve("summary.json"));
        assertThat(Json.MAPPER.readValue(dir.resolve("summary.json").toFile(), RunSummary.class)).isEqualTo(s);
        String html = Files.readString(out.html());
        containsAll(html, "summary.json is missing: the run did not finish", "events.jsonl ends without a run-end event",
                "capacity 2 × profile = 80 req/s, limited by latency at 3 × profile", "<tr class=\"degraded first-bad\">",
                "\"phases\":[[", "\"capacity\"]", "\"confirm (cut)\"]", "\"confirm-ramp (cut)\"]", "data-kind=\"lock-contention\"");
        assertThat(Files.readString(out.markdown())).contains("- capacity 2 × profile = 80 req/s, limited by latency at 3 × profile");

        // a second report over the same directory keeps the summary.json it finds: it is the run's now
        Files.writeString(dir.resolve("summary.json"), Files.readString(dir.resolve("summary.json")).replace("book-store", "kept"));
        assertThat(RunReport.write(dir).recoveredSummary()).isNull();
        assertThat(Files.readString(dir.resolve("summary.json"))).contains("\"kept\"");
    }

    /** Damaged run files (summary.json, events.jsonl, load.jsonl, plan.yaml): a report or one BrinkUserException, nothing else. */
    @Test
    void fuzzedRunDirectories() throws Exception {
        writeRun(true);
        java.util.Random rnd = new java.util.Random(11);
        List<String> names = List.of("summary.json", "events.jsonl", "load.jsonl", "jvm.jsonl", "plan.yaml");
        Map<String, byte[]> orig = new LinkedHashMap<>();
        for (String n : names) {
            orig.put(n, Files.readAllBytes(dir.resolve(n)));
        }
        int reports = 0;
        for (int i = 0; i < 300; i++) {
            String name = names.get(rnd.nextInt(names.size()));
            byte[] b = orig.get(name).clone();
            for (int e = 0; e < 1 + rnd.nextInt(4); e++) {
                b[rnd.nextInt(b.length)] = (byte) "{}[]\",:0-. \nnull".charAt(rnd.nextInt(16));
            }
            if (rnd.nextInt(4) == 0) {
                b = java.util.Arrays.copyOf(b, rnd.nextInt(b.length));
            }
            Files.write(dir.resolve(name), b);
            try {
                RunReport.write(dir);
                reports++;
            } catch (BrinkUserException e) {
                assertThat(e.getMessage()).doesNotContain("\n").startsWith(dir.toString());
            }
            Files.write(dir.resolve(name), orig.get(name));
            Files.deleteIfExists(dir.resolve("summary.json.tmp"));
        }
        assertThat(reports).as("most damage still gives a report").isGreaterThan(30);
    }

    /** A soak too short to judge is neither stable nor a leak: said so in every output, skipped in JUnit. */
    @Test
    void aSoakWithoutVerdictIsSkippedNotPassed() throws Exception {
        writeRun(false);
        RunSummary s = new RunSummary("0.1.0", "book", "2026-11-22T10:15:00Z", 100, false, null, null,
                new SoakResult(1, 300, 75, "48m", 0, 0, "unknown", "0 collection(s) of the whole heap after warm-up, need 3", null), List.of());
        Json.MAPPER.writeValue(dir.resolve("summary.json").toFile(), s);
        RunReport.Outputs out = RunReport.write(dir);
        String line = "soak at 300 req/s for 1m15s: no verdict, too few collections to judge (heap after GC +0.0 MB/h, r² 0.00)";
        assertThat(Files.readString(out.markdown()).lines().toList())
                .contains("- " + line + " — on -Xmx48m; 0 collection(s) of the whole heap after warm-up, need 3");
        JUnitCases junit = JUnitCases.read(out.junit());
        assertThat(junit.suite()).containsEntry("tests", "1").containsEntry("failures", "0").containsEntry("skipped", "1");
        assertThat(junit.skipped("soak")).isEqualTo(line + ": 0 collection(s) of the whole heap after warm-up, need 3");
        containsAll(Files.readString(out.html()), "<p class=\"unknown\">" + line, "<h2>Soak</h2>\n<p class=\"unknown\">");
    }

    @Test
    void aDirectoryWithoutRunFilesIsAClearUserError() throws Exception {
        assertThatThrownBy(() -> RunReport.write(dir)).isInstanceOf(BrinkUserException.class)
                .hasMessage(dir + ": no Brink run files (summary.json, events.jsonl, load.jsonl, jvm.jsonl, gc.jsonl) in it");
        assertThatThrownBy(() -> RunReport.write(dir.resolve("nope"))).isInstanceOf(BrinkUserException.class)
                .hasMessageContaining("not a directory");
        Files.writeString(dir.resolve("summary.json"), "{\"capacity\": 12");
        assertThatThrownBy(() -> RunReport.write(dir)).isInstanceOf(BrinkUserException.class)
                .hasMessageStartingWith(dir.resolve("summary.json") + ": expected the summary.json Brink writes");
    }

    /** A whole day of 1-second samples (lines trimmed to what the charts read, to keep the test light). */
    @Test
    void aDayOfSecondsIsDownsampledKeepingPeaksAndStaysUnder5MB() throws Exception {
        LongRun.write(dir, 86_400, false);
        RunData data = RunData.load(dir);
        long t0 = data.load().firstEpochMs();
        for (ChartSpec spec : ChartCatalog.charts(data)) {
            Map<String, Object> chart = ChartData.build(spec, data);
            List<?> xs = (List<?>) chart.get("x");
            assertThat(xs).as(spec.id() + " points").hasSizeLessThanOrEqualTo(ChartData.MAX_POINTS).hasSizeGreaterThan(1000);
            assertThat((Double) xs.get(xs.size() - 1)).as(spec.id() + " reaches the end of the day").isGreaterThan((t0 + 86_000_000) / 1000.0);
        }
        ChartSpec latency = ChartCatalog.charts(data).stream().filter(c -> c.id().equals("latency")).findFirst().orElseThrow();
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> series = (List<Map<String, Object>>) ChartData.build(latency, data).get("series");
        Map<String, Object> p99 = series.stream().filter(x -> x.get("label").equals("p99")).findFirst().orElseThrow();
        assertThat((List<Object>) p99.get("values")).as("the one-second spike survives downsampling").contains((Object) LongRun.SPIKE_MS);
        Path html = RunReport.write(dir).html();
        assertThat(Files.size(html)).isLessThan(5L << 20);
        containsAll(Files.readString(html), "\"label\":\"soak trend\"", "soak at 40 req/s for 24h");
    }
}
