package dev.brink.method;

import dev.brink.core.EventType;
import dev.brink.core.EvidenceFiles;
import dev.brink.core.verdict.StepVerdictKind;
import com.fasterxml.jackson.databind.JsonNode;
import dev.brink.core.BrinkUserException;
import dev.brink.core.Finding;
import dev.brink.core.FindingKind;
import dev.brink.core.JsonlReader;
import dev.brink.core.RunDirectory;
import dev.brink.core.summary.CapacityResult;
import dev.brink.core.summary.CapacityStep;
import dev.brink.jfr.JfrAnalyzer;
import dev.brink.jfr.JfrFilter;
import dev.brink.jfr.JfrReport;
import dev.brink.jfr.JfrStepComparison;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * With {@code --jfr}: cuts the run's recording by the capacity steps' windows (step-start to step-end in
 * events.jsonl) and compares the first degraded step with the last good one ({@link JfrStepComparison}), so the
 * methods and locks whose cost grew faster than the load are named in the findings with the recording as evidence,
 * followed by the broken step's own hot-method and lock-contention findings.
 * Runs after the target stopped, when the recording is on disk.
 */
final class JfrStepFindings {
    private JfrStepFindings() {
    }

    static List<Finding> of(RunDirectory run, CapacityResult capacity, PrintWriter console) {
        CapacityStep bad = null;
        CapacityStep good = null;
        for (CapacityStep s : capacity.steps()) {
            if (bad == null && s.verdict() == StepVerdictKind.DEGRADED) {
                bad = s;
            }
        }
        for (CapacityStep s : capacity.steps()) {
            if (bad != null && s.verdict() == StepVerdictKind.OK && s.multiplier() < bad.multiplier()
                    && (good == null || s.multiplier() > good.multiplier())) {
                good = s;
            }
        }
        if (bad == null) {
            return List.of();
        }
        try {
            Map<String, Instant[]> windows = windows(run.file(RunDirectory.EVENTS));
            // the first step may already break: then there is nothing to compare with, only the step itself to read
            Instant[] gw = good == null ? null : windows.get("capacity-x" + good.multiplier());
            Instant[] bw = windows.get("capacity-x" + bad.multiplier());
            if (bw == null || bw[1] == null || gw != null && gw[1] == null) {
                return List.of();
            }
            for (Path rec : recordings(run)) {
                JfrReport g = gw == null ? null : JfrAnalyzer.analyze(rec, JfrFilter.between(gw[0], gw[1]));
                JfrReport b = JfrAnalyzer.analyze(rec, JfrFilter.between(bw[0], bw[1]));
                if (b.executionSamples() > 0 && (g == null || g.executionSamples() > 0)) {
                    String evidence = run.root().toAbsolutePath().relativize(rec.toAbsolutePath()).toString();
                    String at = bad.multiplier() + " × profile";
                    List<Finding> out = new ArrayList<>(g == null ? List.of()
                            : JfrStepComparison.compare(g, good.multiplier(), b, bad.multiplier(), evidence, at));
                    // the broken step's own hot methods and locks, when the comparison has not named them already
                    for (Finding f : b.findings()) {
                        boolean named = out.stream().anyMatch(o -> o.kind() == f.kind() && o.subject().equals(f.subject()));
                        if (!named && (f.kind() == FindingKind.HOT_METHOD || f.kind() == FindingKind.LOCK_CONTENTION)) {
                            Map<String, Object> d = new java.util.LinkedHashMap<>(f.detail());
                            d.put("step", at);
                            out.add(new Finding(f.kind(), f.severity(), "at " + at + ", " + f.title(), f.subject(), List.of(evidence), d));
                        }
                    }
                    return out;
                }
            }
        } catch (BrinkUserException | IOException e) {
            console.println("  jfr: " + e.getMessage());
        }
        return List.of();
    }

    /** Each step's last start and its end (a retried step keeps its second measurement, as the search does). */
    static Map<String, Instant[]> windows(Path events) throws BrinkUserException {
        Map<String, Instant[]> out = new HashMap<>();
        for (JsonNode n : JsonlReader.readAll(events)) {
            String type = n.path("type").asText();
            String step = n.path("step").asText();
            Instant at = Instant.ofEpochMilli(n.path("epoch_ms").asLong());
            if (type.equals(EventType.STEP_START)) {
                out.put(step, new Instant[] {at, null});
            } else if (type.equals(EventType.STEP_END) && out.containsKey(step)) {
                out.get(step)[1] = at;
            }
        }
        return out;
    }

    private static List<Path> recordings(RunDirectory run) throws IOException {
        Path dir = run.file(RunDirectory.EVIDENCE);
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> s = Files.list(dir)) {
            List<Path> out = new ArrayList<>(s.filter(p -> p.getFileName().toString().endsWith(EvidenceFiles.JFR_SUFFIX)).sorted().toList());
            return out;
        }
    }
}
