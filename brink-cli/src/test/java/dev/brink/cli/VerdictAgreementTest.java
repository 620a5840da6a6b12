package dev.brink.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.brink.core.Finding;
import dev.brink.core.FindingKind;
import dev.brink.core.Json;
import dev.brink.core.Severity;
import dev.brink.core.summary.CapacityResult;
import dev.brink.core.summary.CapacityStep;
import dev.brink.core.summary.ConfirmResult;
import dev.brink.core.summary.HeldLoad;
import dev.brink.core.summary.RunSummary;
import dev.brink.core.summary.SoakResult;
import dev.brink.core.summary.StagesResult;
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
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One verdict, five outputs: for every verdict kind of every phase, the console's closing block, summary.json,
 * summary.md, report.html and junit.xml say the same sentence and treat it the same way (passed, failed or not
 * judged: a generator-bound confirmation is never "degraded", never a JUnit failure).
 */
@MeasuresHost
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
            assertThat(o.console).contains(sentence).contains(": " + v.json());
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
                assertThat(o.console).contains(sentence);
                if (max > 0 && by.serviceLimit()) assertThat(sentence).contains("limited by " + by.json());
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
            assertThat(o.console).contains(sentence);
            assertThat(o.markdown).contains("- " + sentence);
            assertThat(o.html).contains("<p class=\"" + css(v.outcome()) + "\">" + html(sentence));
            assertThat(o.junitState("soak")).as(v.json()).isEqualTo(v.outcome());
        }
    }

    /**
     * A search whose first step (8 × profile) the machine saturated twice: no step degraded, so no output may say
     * "degraded" or "below 1 ×"; each names the step and the machine, and the generator's health does not call the
     * numbers the service's beside it.
     */
    @Test
    void aHostSaturatedFirstStepIsNamedNotDegraded() throws Exception {
        String why = "the host was saturated by other processes in 10 of 10 s: …; took the CPU: pid 4242 stress 1.8 cores";
        CapacityStep busy = new CapacityStep(8, 320, 250, 0, 3, 90, StepVerdictKind.HOST_SATURATED, List.of(why), List.of());
        CapacityResult c = new CapacityResult(0, 0, LimitedBy.HOST_SATURATED, -1, List.of(busy, busy));
        Finding host = new Finding(FindingKind.HOST_SATURATED, Severity.WARNING, "the machine was busy: " + why, "host", List.of(), Map.of());
        Outputs o = write("host-first", new RunSummary("t", "plan", "2026-11-23T10:00:00Z", 30, false, c, null, null, List.of(host)),
                "{\"epoch_ms\":1,\"process_cpu\":0.1,\"loop_cpu\":0.1,\"gc_pause_ms\":0,\"lag_p99_ms\":0.5,\"connections\":4,"
                        + "\"ephemeral_ports_in_use\":10,\"ephemeral_port_range\":28232,\"time_wait\":0,\"dropped\":0,\"reasons\":[]}\n");
        String sentence = Verdicts.capacity(c);
        assertThat(sentence).contains("the first step (8 × profile)").contains("host-saturated").contains("took the CPU: pid 4242")
                .doesNotContain("degraded").doesNotContain("1 ×");
        assertThat(o.console).contains(sentence);
        assertThat(o.markdown).contains("- " + sentence);
        assertThat(o.html).contains("<p class=\"unknown\">" + html(sentence));
        assertThat(o.junitState("capacity")).isEqualTo(Outcome.NOT_JUDGED);
        String verdictSection = o.html.substring(o.html.indexOf("<section class=\"verdict\">"));
        verdictSection = verdictSection.substring(0, verdictSection.indexOf("</section>"));
        assertThat(o.console + o.markdown + verdictSection + o.junit).doesNotContain("degraded");
        assertThat(o.html).contains("Load generator health").doesNotContain("the numbers above are the service's")
                .contains("other processes saturated the machine (host-saturated, above)");
    }

    /** The first step is the plan's start, 8 × here: a capacity below it says so, with the rule that broke. */
    @Test
    void aCapacityBelowTheFirstStepNamesThatStepAndWhy() throws Exception {
        TrippedRule rule = new TrippedRule(RuleKind.ERROR_RATE, 0.2, 0.01);
        CapacityStep bad = new CapacityStep(8, 320, 300, 0.2, 3, 90, StepVerdictKind.DEGRADED, List.of(rule.text()), List.of(rule));
        CapacityResult c = new CapacityResult(0, 0, LimitedBy.ERRORS, 8, List.of(bad));
        Outputs o = write("below-first", new RunSummary("t", "plan", "2026-11-23T10:00:00Z", 30, false, c, null, null, List.of()));
        String sentence = Verdicts.capacity(c);
        assertThat(sentence).isEqualTo("capacity below 8 × profile, the first step: it already degraded (errors)");
        assertThat(o.console).contains(sentence);
        assertThat(o.markdown).contains("- " + sentence);
        assertThat(o.html).contains("<p class=\"bad\">" + html(sentence));
        assertThat(o.junitState("capacity")).isEqualTo(Outcome.FAILED);
    }

    /**
     * A closed model (users) has no target rate: its soak and hold are their users and what they achieved (10.8 req/s),
     * never the plan's weights × multiplier (5 req/s) nor a target of 0.
     */
    @Test
    void aClosedSoakAndHoldReadAsUsersAndWhatTheyAchieved() throws Exception {
        HeldLoad users = new HeldLoad(12, 0, 10.8, 648, Map.of(), new HeldLoad.Latency(40, 60, 90, 120, 150));
        SoakResult k = new SoakResult(1, 5, 60, null, 0.5, 0.1, SoakVerdictKind.STABLE, "flat", null).withMeasured(users);
        ConfirmResult f = new ConfirmResult(3, 15, 0, 20, ConfirmVerdict.HOLDS, List.of(), 10.8, 0, 90, List.of(), List.of(), users);
        CapacityStep step = new CapacityStep(3, 0, 10.8, 0, 40, 90, StepVerdictKind.OK, List.of(), List.of(), List.of(), 12);
        CapacityResult c = new CapacityResult(3, 10.8, LimitedBy.NONE, -1, List.of(step));
        Outputs o = write("closed", new RunSummary("t", "plan", "2026-11-23T10:00:00Z", 60, false, c, f, k, List.of()));
        assertThat(o.json.path("soak").path("rps").asDouble()).isEqualTo(10.8);
        assertThat(o.json.path("soak").path("measured").path("users").asInt()).isEqualTo(12);
        for (String sentence : List.of(Verdicts.soak(k), Verdicts.confirm(f), Verdicts.capacity(c))) {
            assertThat(sentence).contains("12 users").contains("10.8 req/s").doesNotContain(" 5 req/s").doesNotContain(" 15 req/s");
            assertThat(o.console).contains(sentence);
            assertThat(o.markdown).contains("- " + sentence);
            assertThat(o.html).contains(html(sentence));
        }
        assertThat(o.html).doesNotContain("= 15 req/s").doesNotContain("= 5 req/s").contains("3 × profile = 12 users");
    }

    /** The plan's stages: every verdict reads the same in every output, users shown as users. */
    @Test
    void everyStagesVerdictReadsTheSameInEveryOutput() throws Exception {
        for (ConfirmVerdict v : ConfirmVerdict.values()) {
            HeldLoad m = new HeldLoad(0, 550, 548, 21_900, Map.of(), new HeldLoad.Latency(3, 5, 9, 14, 30));
            StagesResult r = new StagesResult("ramp 100->1000 req/s over 20s, spike 3000 req/s for 10s", 30, v,
                    v == ConfirmVerdict.DEGRADED ? List.of("p99 730.0 ms > SLO 500.0 ms") : List.of(), List.of(), m);
            Outputs o = write("stages-" + v.json(), new RunSummary("t", "plan", "2026-11-23T10:00:00Z", 30, false, null, null, null,
                    List.of()).withStages(r));
            String sentence = Verdicts.stages(r);
            assertThat(sentence).startsWith("stages ramp 100->1000 req/s over 20s, spike 3000 req/s for 10s").contains(": " + v.json());
            assertThat(o.json.path("stages").path("verdict").asText()).isEqualTo(v.json());
            assertThat(o.console).contains(sentence);
            assertThat(o.markdown).contains("- " + sentence);
            assertThat(o.html).contains("<p class=\"" + css(v.outcome()) + "\">" + html(sentence));
            assertThat(o.junitState("stages")).as(v.json()).isEqualTo(v.outcome());
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
        return write(name, s, null);
    }

    /** @param generatorJsonl a generator.jsonl to write beside summary.json, or null */
    private Outputs write(String name, RunSummary s, String generatorJsonl) throws Exception {
        Path dir = Files.createDirectories(tmp.resolve(name));
        if (generatorJsonl != null) Files.writeString(dir.resolve("generator.jsonl"), generatorJsonl);
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
