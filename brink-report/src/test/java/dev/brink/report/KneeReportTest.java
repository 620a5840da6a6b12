package dev.brink.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brink.compare.testing.RunFixture;
import dev.brink.compare.testing.RunFixture.Op;
import dev.brink.core.EvidenceFiles;
import dev.brink.core.RunDirectory;
import dev.brink.core.evidence.FoldedStacks;
import dev.brink.core.summary.CapacityResult;
import dev.brink.core.summary.CapacityStep;
import dev.brink.core.summary.RunSummary;
import dev.brink.core.verdict.LimitedBy;
import dev.brink.core.verdict.StepVerdictKind;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * report.html's knee on a capacity run whose numbers the test controls: three steps (4, 8, 12 × profile), the last
 * one broken by a masking regex whose samples grow four times faster than the load while the JSON encoding grows with
 * it. The knee chart has a point per step, the two steps stand side by side, and the differential flame graph paints
 * the regex red and the encoder neutral.
 */
class KneeReportTest {
    static final String ROOT = "java.lang.Thread.run;io.netty.EventLoop.run;shop.OrderHandler.handle";
    static final String REGEX = ROOT + ";shop.LogMasker.mask;java.util.regex.Pattern$Curly.match";
    static final String JSON = ROOT + ";com.fasterxml.jackson.databind.ObjectMapper.writeValueAsBytes";

    @TempDir
    Path tmp;

    @Test
    void theKneeIsChartedSideBySideAndItsRegexIsRed() throws Exception {
        Path run = new RunFixture(tmp.resolve("run"), 9).jvm(0.5, 0.02)
                .step("capacity-x4", 10, 80, new Op("order", 1, 5, 0))
                .step("capacity-x8", 10, 160, new Op("order", 1, 6, 0))
                .threads(2, 14).jvm(0.9, 0.05)
                .step("capacity-x12", 10, 240, new Op("order", 1, 400, 0.02))
                .summary(summary()).write();
        Path evidence = Files.createDirectories(run.resolve(RunDirectory.EVIDENCE));
        // last good (8 ×, 160 req/s) against first bad (12 ×, 240 req/s): the load grew 1.5 ×
        new FoldedStacks(Map.of(REGEX, 100L, JSON, 300L)).write(evidence.resolve(EvidenceFiles.foldedStacks(8)));
        new FoldedStacks(Map.of(REGEX, 600L, JSON, 450L)).write(evidence.resolve(EvidenceFiles.foldedStacks(12)));

        RunReport.write(run);
        String html = Files.readString(run.resolve(RunReport.HTML));
        assertThat(html).contains("<h2>The knee: latency against achieved rate</h2>", "<h2>The last good step against the first bad one</h2>",
                "8 × profile (last good)", "12 × profile (first bad)", "<h2>What grew faster than the load</h2>",
                "the load grew 1.50 ×");
        String knee = html.substring(html.indexOf("<svg class=\"knee\""), html.indexOf("</svg>", html.indexOf("<svg class=\"knee\"")));
        assertThat(knee.split("<circle").length - 1).as("p50 and p90 at each step, p99 where 1000 requests back it (8 and 12 ×)").isEqualTo(3 + 3 + 2);
        assertThat(html).containsPattern("target threads blocked \\(mean\\)</td><td>0.000</td><td>14.00</td>");
        assertThat(html).containsPattern("target CPU per request, ms</td><td>0\\.\\d+</td><td>0\\.\\d+</td><td>\\+");

        // the regex: 6 × the samples per second for 1.5 × the load; the encoder: 1.5 × for 1.5 ×
        assertThat(fill(html, "java.util.regex.Pattern$Curly.match")).isEqualTo("#c62828");
        assertThat(fill(html, "shop.LogMasker.mask")).isEqualTo("#c62828");
        assertThat(fill(html, "com.fasterxml.jackson.databind.ObjectMapper.writeValueAsBytes")).isEqualTo("#e8e4da");
        assertThat(Files.readAllLines(run.resolve(RunReport.KNEE_DIFF))).containsExactlyInAnyOrder(REGEX + " 100 600", JSON + " 300 450");
    }

    /** Without the last good step's stacks the knee still compares the steps, and says what the flame graph needs. */
    @Test
    void withoutBothStepsStacksTheFlameGraphIsNamedMissing() throws Exception {
        Path run = new RunFixture(tmp.resolve("run"), 9).step("capacity-x8", 5, 160, new Op("order", 1, 6, 0))
                .step("capacity-x12", 5, 240, new Op("order", 1, 400, 0.02)).summary(summary()).write();
        RunReport.write(run);
        String html = Files.readString(run.resolve(RunReport.HTML));
        assertThat(html).contains("8 × profile (last good)", "No differential flame graph: it needs the JFR folded stacks of both steps");
        assertThat(run.resolve(RunReport.KNEE_DIFF)).doesNotExist();
    }

    /** The fill of the first frame drawn whose title names {@code frame}. */
    private static String fill(String html, String frame) {
        Matcher m = Pattern.compile("<title>" + Pattern.quote(Html.text(frame)) + ":[^<]*</title><rect [^>]*fill=\"(#[0-9a-f]{6})\"")
                .matcher(html.substring(html.indexOf("What grew faster than the load")));
        assertThat(m.find()).as(frame).isTrue();
        return m.group(1);
    }

    private static RunSummary summary() {
        List<CapacityStep> steps = List.of(
                new CapacityStep(4, 80, 80, 0, 5, 9, StepVerdictKind.OK, List.of(), List.of()),
                new CapacityStep(8, 160, 160, 0, 6, 11, StepVerdictKind.OK, List.of(), List.of()),
                new CapacityStep(12, 240, 240, 0.02, 400, 900, StepVerdictKind.DEGRADED, List.of(), List.of()));
        return new RunSummary("test", "shop", "2026-11-27T00:00:00Z", 30, false,
                new CapacityResult(8, 160, LimitedBy.LATENCY, 12, steps), null, null, List.of());
    }
}
