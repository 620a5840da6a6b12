package dev.brink.report;

import com.fasterxml.jackson.databind.JsonNode;
import dev.brink.core.EventType;
import dev.brink.core.event.Event;
import dev.brink.core.event.EvidenceEvent;
import dev.brink.core.event.MethodPhase;
import dev.brink.core.event.PhaseEnd;
import dev.brink.core.event.PhaseStart;
import dev.brink.core.event.StepEnd;
import dev.brink.core.event.StepStart;
import dev.brink.core.event.TargetRelaunched;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

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
                // a line whose values are not its record's (a damaged file) is left out of the timeline
                case EventType.STEP_START -> open(openSteps, Event.readIfValid(e, StepStart.class), StepStart::step, t);
                case EventType.STEP_END -> close(openSteps, Event.readIfValid(e, StepEnd.class), StepEnd::step, t, steps);
                case EventType.PHASE_START -> open(openPhases, Event.readIfValid(e, PhaseStart.class), p -> word(p.phase()), t);
                case EventType.PHASE_END -> close(openPhases, Event.readIfValid(e, PhaseEnd.class), p -> word(p.phase()), t, phases);
                case EventType.TARGET_DIED -> marks.add(new Object[] {t, "target died"});
                case EventType.TARGET_RELAUNCHED -> mark(marks, t, Event.readIfValid(e, TargetRelaunched.class), Timeline::relaunched);
                case EventType.EVIDENCE -> mark(marks, t, Event.readIfValid(e, EvidenceEvent.class), Timeline::evidence);
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

    private static String relaunched(TargetRelaunched r) {
        return r.heap() == null ? "relaunched" : "relaunched -Xmx" + r.heap();
    }

    /** The evidence's kind; "evidence" for an event without one (a hand-made or cut line). */
    private static String evidence(EvidenceEvent ev) {
        return ev.kind() == null ? "evidence" : ev.kind().json();
    }

    /** A phase's word; "?" for a phase event without one (a hand-made or cut line). */
    private static String word(MethodPhase phase) {
        return phase == null ? "?" : phase.json();
    }

    private static <E> void open(Map<String, Double> open, E event, Function<E, String> name, double t) {
        if (event != null) open.put(name.apply(event), t);
    }

    private static <E> void mark(List<Object[]> marks, double t, E event, Function<E, String> text) {
        if (event != null) marks.add(new Object[] {t, text.apply(event)});
    }

    private static <E> void close(Map<String, Double> open, E event, Function<E, String> name, double t, List<Object[]> out) {
        if (event == null) return;
        String named = name.apply(event);
        Double start = open.remove(named);
        if (start != null) {
            out.add(new Object[] {start, t, named});
        }
    }
}
