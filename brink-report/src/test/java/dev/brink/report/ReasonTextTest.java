package dev.brink.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.brink.core.EventLog;
import dev.brink.core.EventType;
import dev.brink.core.Json;
import dev.brink.core.RunDirectory;
import dev.brink.core.event.RunEnd;
import dev.brink.core.event.StepVerdictEvent;
import dev.brink.core.summary.CapacityResult;
import dev.brink.core.summary.CapacityStep;
import dev.brink.core.summary.ConfirmResult;
import dev.brink.core.summary.RunSummary;
import dev.brink.core.verdict.ConfirmVerdict;
import dev.brink.core.verdict.LimitedBy;
import dev.brink.core.verdict.RuleKind;
import dev.brink.core.verdict.StepVerdictKind;
import dev.brink.core.verdict.TrippedRule;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The sentences in {@code reasons} and {@code reason} are for people: rewording every one of them (as a new
 * Brink version or a translation would) changes no verdict, no {@code limited_by}, no JUnit pass/fail/skip.
 */
class ReasonTextTest {
    @TempDir
    Path dir;

    @Test
    void rewordingEveryReasonChangesNoVerdict() throws Exception {
        Path killed = killedRun(dir.resolve("killed"));
        Path finished = finishedRun(dir.resolve("finished"));
        Verdict killedBefore = verdict(killed);
        Verdict finishedBefore = verdict(finished);
        assertThat(killedBefore.limitedBy()).isEqualTo(LimitedBy.THROUGHPUT);
        assertThat(finishedBefore.junit()).contains("confirm at 2x=FAILED", "slo.p99 at 2x=FAILED", "slo.error_rate at 2x=PASSED");

        reword(killed.resolve(RunDirectory.EVENTS));
        reword(finished.resolve(RunDirectory.EVENTS));
        reword(finished.resolve(RunDirectory.SUMMARY));
        assertThat(Files.readString(killed.resolve(RunDirectory.EVENTS))).contains("reworded").doesNotContain("req/s");

        assertThat(verdict(killed)).isEqualTo(killedBefore);
        assertThat(verdict(finished)).isEqualTo(finishedBefore);
    }

    /** What a reader decides: the summary's verdict words and every JUnit case's state. */
    private record Verdict(LimitedBy limitedBy, int max, int firstBad, List<StepVerdictKind> steps, ConfirmVerdict confirm,
                           List<String> junit) {
    }

    private static Verdict verdict(Path run) throws Exception {
        RunReport.Outputs out = RunReport.write(run);
        RunSummary s = Files.exists(run.resolve(RunDirectory.SUMMARY))
                ? Json.MAPPER.readValue(run.resolve(RunDirectory.SUMMARY).toFile(), RunSummary.class) : RunReport.recoverSummary(run);
        CapacityResult c = s.capacity();
        List<String> junit = new ArrayList<>();
        Matcher m = Pattern.compile("<testcase classname=\"brink\" name=\"([^\"]*)\"(/>|>(.*?)</testcase>)", Pattern.DOTALL)
                .matcher(Files.readString(out.junit()));
        while (m.find()) {
            String body = m.group(3) == null ? "" : m.group(3);
            junit.add(m.group(1) + "=" + (body.contains("<failure") ? "FAILED" : body.contains("<skipped") ? "NOT_JUDGED" : "PASSED"));
        }
        return new Verdict(c.limitedBy(), c.maxMultiplier(), c.firstBadMultiplier(), c.steps().stream().map(CapacityStep::verdict).toList(),
                s.confirm() == null ? null : s.confirm().verdict(), junit);
    }

    /** A run killed after its capacity search degraded on throughput: rebuilt from events.jsonl. */
    private static Path killedRun(Path dir) throws Exception {
        RunDirectory run = RunDirectory.at(dir);
        try (EventLog events = new EventLog(run)) {
            events.append(EventType.PHASE_START, Map.of("phase", "capacity"));
            step(events, new CapacityStep(1, 50, 50, 0, 1, 3, StepVerdictKind.OK, List.of(), List.of()));
            step(events, new CapacityStep(2, 100, 70, 0, 1, 30, StepVerdictKind.DEGRADED,
                    List.of("achieved 70.0 req/s = 70.0 % of the target 100.0 req/s (< 95 %)", "p99 rose within the step"),
                    List.of(new TrippedRule(RuleKind.THROUGHPUT, 70, 95), new TrippedRule(RuleKind.P99_TREND, 30, 10))));
            events.append(EventType.STEP_START, Map.of("step", "capacity-x3"));
        }
        return dir;
    }

    private static void step(EventLog events, CapacityStep st) {
        events.append(EventType.STEP_VERDICT, StepVerdictEvent.capacity("capacity-x" + st.multiplier(), st).fields());
    }

    /** A finished run whose confirmation degraded on p99. */
    private static Path finishedRun(Path dir) throws Exception {
        RunDirectory run = RunDirectory.at(dir);
        List<TrippedRule> rules = List.of(new TrippedRule(RuleKind.P99, 730, 500));
        ConfirmResult confirm = new ConfirmResult(2, 100, 5, 20, ConfirmVerdict.DEGRADED, List.of("p99 730.0 ms > SLO 500.0 ms"),
                99, 0.001, 730, rules);
        CapacityResult capacity = new CapacityResult(2, 100, LimitedBy.ERRORS, 3, List.of(
                new CapacityStep(2, 100, 100, 0, 1, 3, StepVerdictKind.OK, List.of(), List.of()),
                new CapacityStep(3, 150, 150, 0.2, 1, 3, StepVerdictKind.DEGRADED, List.of("error rate 20.00 % > SLO 1.00 %"),
                        List.of(new TrippedRule(RuleKind.ERROR_RATE, 0.2, 0.01)))));
        try (EventLog events = new EventLog(run)) {
            events.append(EventType.PHASE_END, Map.of("phase", "confirm", "result", confirm));
            events.append(EventType.RUN_END, new RunEnd(false).fields());
        }
        Json.MAPPER.writeValue(run.file(RunDirectory.SUMMARY).toFile(),
                new RunSummary("t", "p", "2026-11-23T10:00:00Z", 60, false, capacity, confirm, null, List.of()));
        return dir;
    }

    /** Rewrites every {@code reasons} and {@code reason} in a JSON or JSON-lines file to other words. */
    private static void reword(Path file) throws Exception {
        List<String> out = new ArrayList<>();
        boolean lines = file.toString().endsWith(".jsonl");
        for (String text : lines ? Files.readAllLines(file) : List.of(Files.readString(file))) {
            JsonNode n = Json.MAPPER.readTree(text);
            rewordIn(n);
            out.add(Json.MAPPER.writeValueAsString(n));
        }
        Files.write(file, out);
    }

    private static void rewordIn(JsonNode n) {
        if (n instanceof ObjectNode o) {
            if (o.get("reasons") instanceof ArrayNode a) {
                for (int i = 0; i < a.size(); i++) {
                    a.set(i, Json.MAPPER.getNodeFactory().textNode("reworded " + i));
                }
            }
            if (o.has("reason")) {
                o.put("reason", "reworded");
            }
            o.elements().forEachRemaining(ReasonTextTest::rewordIn);
        } else if (n instanceof ArrayNode a) {
            a.elements().forEachRemaining(ReasonTextTest::rewordIn);
        }
    }
}
