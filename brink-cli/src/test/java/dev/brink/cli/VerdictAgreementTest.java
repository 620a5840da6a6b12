package dev.brink.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.brink.core.Json;
import dev.brink.core.summary.CapacityResult;
import dev.brink.core.summary.CapacityStep;
import dev.brink.core.summary.ConfirmResult;
import dev.brink.core.summary.RunSummary;
import dev.brink.core.summary.SoakResult;
import dev.brink.core.verdict.ConfirmVerdict;
import dev.brink.core.verdict.LimitedBy;
import dev.brink.core.verdict.Outcome;
import dev.brink.core.verdict.RuleKind;
import dev.brink.core.verdict.SoakVerdictKind;
import dev.brink.core.verdict.StepVerdictKind;
import dev.brink.core.verdict.TrippedRule;
import dev.brink.report.RunReport;
import dev.brink.report.Verdicts;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One verdict, five outputs: for every verdict kind of every phase, the console's closing block, summary.json,
 * summary.md, report.html and junit.xml say the same word and treat it the same way (passed, failed or not
 * judged: a generator-bound confirmation is never "degraded", never a JUnit failure).
 */
class VerdictAgreementTest {
    @TempDir
    Path tmp;

    @Test
    void everyConfirmVerdictReadsTheSameInEveryOutput() throws Exception {
        for (ConfirmVerdict v : ConfirmVerdict.values()) {
            List<TrippedRule> rules = v == ConfirmVerdict.DEGRADED ? List.of(new TrippedRule(RuleKind.P99, 730, 500))
                    : v == ConfirmVerdict.GENERATOR_BOUND ? List.of(new TrippedRule(RuleKind.GENERATOR_BEHIND, 0.6, 1.0 / 3)) : List.of();
            ConfirmResult c = new ConfirmResult(3, 300, 5, 20, v, rules.stream().map(TrippedRule::text).toList(), 290, 0.001, 40, rules);
            Outputs o = write("confirm-" + v.json(), new RunSummary("t", "plan", "2026-11-23T10:00:00Z", 30,
                    v == ConfirmVerdict.INTERRUPTED, null, c, null, List.of()));
            String sentence = Verdicts.confirm(c);
            assertThat(o.json.path("confirm").path("verdict").asText()).isEqualTo(v.json());
            assertThat(o.console).contains("confirm:").contains(": " + v.json());
            assertThat(o.markdown).contains("- " + sentence);
            assertThat(o.html).contains("<p class=\"" + css(v.outcome()) + "\">" + html(sentence));
            assertThat(o.junitState("confirm at 3x")).as(v.json()).isEqualTo(v.outcome());
            if (v.outcome() != Outcome.FAILED) {
                String verdictSection = o.html.substring(o.html.indexOf("<section class=\"verdict\">"));
                verdictSection = verdictSection.substring(0, verdictSection.indexOf("</section>"));
                assertThat(o.console + o.markdown + verdictSection + o.junit).as(v.json()).doesNotContain("degraded");
            }
        }
    }

    @Test
    void everyCapacityEndReadsTheSameInEveryOutput() throws Exception {
        for (LimitedBy by : LimitedBy.values()) {
            for (int max : new int[] {0, 2}) {
                StepVerdictKind lastKind = switch (by) {
                    case GENERATOR -> StepVerdictKind.GENERATOR_BOUND;
                    case NONE -> StepVerdictKind.OK;
                    case INTERRUPTED -> StepVerdictKind.TARGET_DIED;
                    default -> StepVerdictKind.DEGRADED;
                };
                CapacityStep last = new CapacityStep(max + 1, 30, 20, 0.3, 1, 2, lastKind, List.of(), List.of());
                CapacityResult c = new CapacityResult(max, max * 10.0, by, by.serviceLimit() ? max + 1 : -1, List.of(last));
                Outputs o = write("capacity-" + by.json() + "-" + max, new RunSummary("t", "plan", "2026-11-23T10:00:00Z", 30,
                        by == LimitedBy.INTERRUPTED, c, null, null, List.of()));
                String sentence = Verdicts.capacity(c);
                Outcome outcome = by.outcome(max);
                assertThat(o.json.path("capacity").path("limited_by").asText()).isEqualTo(by.json());
                assertThat(o.console).contains("limited by " + by.json());
                assertThat(o.markdown).contains("- " + sentence);
                assertThat(o.html).contains("<p class=\"" + css(outcome) + "\">" + html(sentence));
                assertThat(o.junitState("capacity")).as(by.json() + " at " + max).isEqualTo(outcome);
                assertThat(o.markdown + o.html).contains(lastKind.json());
            }
        }
    }

    @Test
    void everySoakVerdictReadsTheSameInEveryOutput() throws Exception {
        for (SoakVerdictKind v : SoakVerdictKind.values()) {
            SoakResult k = new SoakResult(1, 10, 60, null, 12.5, 0.9, v, "numbers", null);
            Outputs o = write("soak-" + v.json(), new RunSummary("t", "plan", "2026-11-23T10:00:00Z", 60, false, null, null, k, List.of()));
            String sentence = Verdicts.soak(k);
            assertThat(o.json.path("soak").path("verdict").asText()).isEqualTo(v.json());
            assertThat(o.console).contains(": " + v.json() + ",");
            assertThat(o.markdown).contains("- " + sentence);
            assertThat(o.html).contains("<p class=\"" + css(v.outcome()) + "\">" + html(sentence));
            assertThat(o.junitState("soak")).as(v.json()).isEqualTo(v.outcome());
        }
    }

    private record Outputs(String console, JsonNode json, String markdown, String html, String junit) {
        /** The state of a JUnit case: failure → FAILED, skipped → NOT_JUDGED, neither → PASSED. */
        Outcome junitState(String name) {
            Matcher m = Pattern.compile("<testcase classname=\"brink\" name=\"" + Pattern.quote(name) + "\"(/>|>(.*?)</testcase>)",
                    Pattern.DOTALL).matcher(junit);
            assertThat(m.find()).as("a case " + name + " in " + junit).isTrue();
            String body = m.group(2) == null ? "" : m.group(2);
            return body.contains("<failure") ? Outcome.FAILED : body.contains("<skipped") ? Outcome.NOT_JUDGED : Outcome.PASSED;
        }
    }

    private Outputs write(String name, RunSummary s) throws Exception {
        Path dir = Files.createDirectories(tmp.resolve(name));
        Json.MAPPER.writeValue(dir.resolve("summary.json").toFile(), s);
        RunReport.Outputs out = RunReport.write(dir);
        StringWriter console = new StringWriter();
        MethodConsole.printConclusion(Json.MAPPER.readValue(dir.resolve("summary.json").toFile(), RunSummary.class),
                new PrintWriter(console, true));
        return new Outputs(console.toString(), Json.MAPPER.readTree(dir.resolve("summary.json").toFile()),
                Files.readString(out.markdown()), Files.readString(out.html()), Files.readString(out.junit()));
    }

    private static String css(Outcome o) {
        return switch (o) {
            case PASSED -> "ok";
            case FAILED -> "bad";
            case NOT_JUDGED -> "unknown";
        };
    }

    private static String html(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;").replace("'", "&#39;");
    }
}
