package dev.brink.report;

import dev.brink.core.EventType;
import dev.brink.core.event.MethodPhase;
import dev.brink.core.event.PhaseEnd;
import dev.brink.core.event.PhaseStart;
import dev.brink.core.event.StepEnd;
import dev.brink.core.event.StepStart;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What events.jsonl says about time, for the charts: load steps and method phases as bands
 * [start s, end s, name], and single moments (evidence taken, target died or relaunched) as marks [t s, label].
 * A step or phase a killed run never ended runs to the run's last record.
 */
final class Timeline {
    private Timeline() {
    }

    static Map<String, Object> of(RunData run) {
        double lastT = run.lastEpochMs() / 1000.0;
        List<Object[]> steps = new ArrayList<>();
        List<Object[]> phases = new ArrayList<>();
        List<Object[]> marks = new ArrayList<>();
        Map<String, Double> openSteps = new LinkedHashMap<>();
        Map<String, Double> openPhases = new LinkedHashMap<>();
        for (JsonNode e : run.events()) {
            String type = e.path("type").asText();
            double t = e.path("epoch_ms").asDouble() / 1000.0;
            switch (type) {
                case EventType.STEP_START -> openSteps.put(StepStart.read(e).step(), t);
                case EventType.STEP_END -> close(openSteps, StepEnd.read(e).step(), t, steps);
                case EventType.PHASE_START -> openPhases.put(word(PhaseStart.read(e).phase()), t);
                case EventType.PHASE_END -> close(openPhases, word(PhaseEnd.read(e).phase()), t, phases);
                case EventType.TARGET_DIED -> marks.add(new Object[] {t, "target died"});
                case EventType.TARGET_RELAUNCHED -> marks.add(new Object[] {t, "relaunched" + (e.hasNonNull("heap") ? " -Xmx" + e.path("heap").asText() : "")});
                case EventType.EVIDENCE -> marks.add(new Object[] {t, e.path("kind").asText("evidence")});
                default -> {
                }
            }
        }
        for (Map.Entry<String, Double> o : openSteps.entrySet()) {
            steps.add(new Object[] {o.getValue(), Math.max(o.getValue(), lastT), o.getKey() + " (cut)"});
        }
        for (Map.Entry<String, Double> o : openPhases.entrySet()) {
            phases.add(new Object[] {o.getValue(), Math.max(o.getValue(), lastT), o.getKey() + " (cut)"});
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("bands", steps);
        m.put("phases", phases);
        m.put("marks", marks);
        return m;
    }

    /** A phase's word; "?" for a phase event without one (a hand-made or cut line). */
    private static String word(MethodPhase phase) {
        return phase == null ? "?" : phase.json();
    }

    private static void close(Map<String, Double> open, String name, double t, List<Object[]> out) {
        Double start = open.remove(name);
        if (start != null) {
            out.add(new Object[] {start, t, name});
        }
    }
}
