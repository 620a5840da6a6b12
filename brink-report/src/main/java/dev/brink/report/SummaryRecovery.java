package dev.brink.report;

import com.fasterxml.jackson.databind.JsonNode;
import dev.brink.core.Finding;
import dev.brink.core.EventType;
import dev.brink.core.event.MethodPhase;
import dev.brink.core.event.PhaseEnd;
import dev.brink.core.event.StepStart;
import dev.brink.core.FindingSet;
import dev.brink.core.Json;
import dev.brink.core.event.StepVerdictEvent;
import dev.brink.core.summary.CapacityResult;
import dev.brink.core.summary.CapacityStep;
import dev.brink.core.summary.ConfirmResult;
import dev.brink.core.summary.RunSummary;
import dev.brink.core.summary.SoakResult;
import dev.brink.core.verdict.LimitedBy;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Rebuilds summary.json from events.jsonl when a run was killed before the method wrote it: each phase from
 * its {@code phase-end} result, or for the capacity search, from the {@code step-verdict} results it got to;
 * findings from {@code finding} events. The result is always {@code interrupted}. An event whose result does
 * not parse is skipped: a killed run may have cut it, and the raw file is still there for a person.
 */
final class SummaryRecovery {
    private static final Pattern PLAN_NAME = Pattern.compile("(?m)^name:\\s*['\"]?([^'\"#\\n]+?)['\"]?\\s*(#.*)?$");

    private SummaryRecovery() {
    }

    static RunSummary recover(List<JsonNode> events, List<Columns> series, String planYaml) {
        CapacityResult capacity = null;
        ConfirmResult confirm = null;
        SoakResult soak = null;
        List<CapacityStep> steps = new ArrayList<>();
        FindingSet findings = new FindingSet(); // the live run merged a finding found again the same way
        long first = Long.MAX_VALUE;
        long last = Long.MIN_VALUE;
        String running = null; // the last step started: where a SIGKILL caught the run (or just after it)
        for (JsonNode e : events) {
            long t = e.path("epoch_ms").asLong(0);
            if (t > 0) {
                first = Math.min(first, t);
                last = Math.max(last, t);
            }
            String type = e.path("type").asText();
            switch (type) {
                case EventType.STEP_START -> running = StepStart.read(e).step();
                case EventType.PHASE_END -> {
                    PhaseEnd end = parse(e, PhaseEnd.class, null); // a phase word not of the method: left out, as a bad result is
                    if (end == null || end.phase() == null || end.result() == null || !end.result().isObject()) {
                        break;
                    }
                    switch (end.phase()) {
                        case CAPACITY -> capacity = valid(parse(end.result(), CapacityResult.class, null), capacity);
                        case CONFIRM -> confirm = valid(parse(end.result(), ConfirmResult.class, null), confirm);
                        case SOAK -> soak = valid(parse(end.result(), SoakResult.class, null), soak);
                        case STAGES -> {
                        }
                    }
                }
                case EventType.STEP_VERDICT -> {
                    StepVerdictEvent v = parse(e, StepVerdictEvent.class, null); // an unreadable line: left out, as a bad result is
                    if (v != null && v.phase() == MethodPhase.CAPACITY && v.result() != null && v.result().verdict() != null) {
                        steps.add(v.result());
                    }
                }
                case EventType.FINDING -> {
                    Finding f = parse(e.get("finding"), Finding.class, null);
                    if (f != null) {
                        findings.add(f);
                    }
                }
                default -> {
                }
            }
        }
        for (Columns c : series) {
            if (c.firstEpochMs() != Columns.NO_TIME) {
                first = Math.min(first, c.firstEpochMs());
                last = Math.max(last, c.lastEpochMs());
            }
        }
        if (capacity == null && !steps.isEmpty()) {
            capacity = fromSteps(steps);
        }
        String started = first == Long.MAX_VALUE ? null : Instant.ofEpochMilli(first).toString();
        double duration = first == Long.MAX_VALUE || last < first ? 0 : (last - first) / 1000.0;
        return new RunSummary(null, planName(planYaml), started, duration, true, capacity, confirm, soak, findings.all(), running);
    }

    /**
     * The capacity search as far as it got, from a run that never wrote the search's end: the best good step, the
     * lowest bad one and the rule that broke it. A search that had no degraded step did not reach its max: it was
     * cut short ({@code interrupted}), never "none".
     */
    static CapacityResult fromSteps(List<CapacityStep> steps) {
        CapacityStep best = null;
        CapacityStep firstBad = null;
        boolean generator = false;
        for (CapacityStep s : steps) {
            switch (s.verdict()) {
                case OK -> {
                    if (best == null || s.multiplier() > best.multiplier()) best = s;
                }
                case DEGRADED -> {
                    if (firstBad == null || s.multiplier() < firstBad.multiplier()) firstBad = s;
                }
                case GENERATOR_BOUND -> generator = true;
                case TARGET_DIED -> {
                    // the step measured a dead port: no verdict
                }
            }
        }
        LimitedBy limitedBy = generator ? LimitedBy.GENERATOR : firstBad == null ? LimitedBy.INTERRUPTED : limitedBy(firstBad);
        // as the method names it: the operation the first bad step's first rule blamed
        String operation = firstBad == null || generator || firstBad.rules().isEmpty() || firstBad.rules().get(0).operation() == null
                ? null : firstBad.rules().get(0).operation().name();
        return new CapacityResult(best == null ? 0 : best.multiplier(), best == null ? 0 : best.targetRps(), limitedBy,
                firstBad == null ? -1 : firstBad.multiplier(), steps, operation);
    }

    /** The first rule the step broke; a step from a run directory that recorded no rules cannot say. */
    private static LimitedBy limitedBy(CapacityStep degraded) {
        return degraded.rules().isEmpty() ? LimitedBy.UNKNOWN : degraded.rules().get(0).rule().limitedBy();
    }

    static String planName(String yaml) {
        if (yaml == null) {
            return null;
        }
        Matcher m = PLAN_NAME.matcher(yaml);
        return m.find() ? m.group(1).trim() : null;
    }

    private static <T> T valid(T parsed, T otherwise) {
        return parsed != null && problem(parsed) == null ? parsed : otherwise;
    }

    /**
     * What a phase result lacks that the report needs (the records accept nulls; JSON from a file may have them),
     * or null when it is complete.
     */
    static String problem(Object result) {
        if (result instanceof CapacityResult c) {
            if (c.limitedBy() == null) return "capacity.limited_by is missing";
            for (CapacityStep st : c.steps()) {
                if (st == null || st.verdict() == null) return "a capacity step has no verdict";
            }
        } else if (result instanceof ConfirmResult c) {
            if (c.verdict() == null) return "confirm.verdict is missing";
        } else if (result instanceof SoakResult s) {
            if (s.verdict() == null) return "soak.verdict is missing";
        } else if (result instanceof RunSummary s) {
            for (Object phase : new Object[] {s.capacity(), s.confirm(), s.soak()}) {
                String p = phase == null ? null : problem(phase);
                if (p != null) return p;
            }
            for (Finding f : s.findings()) {
                if (f == null) return "a finding is null";
            }
        }
        return null;
    }

    private static <T> T parse(JsonNode node, Class<T> type, T otherwise) {
        if (node == null || !node.isObject()) {
            return otherwise;
        }
        try {
            return Json.MAPPER.treeToValue(node, type);
        } catch (Exception e) { // a record's own validation (IllegalArgumentException) as well as JSON shape
            return otherwise;
        }
    }
}
