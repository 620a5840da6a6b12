package dev.brink.method;

import com.fasterxml.jackson.databind.JsonNode;
import dev.brink.core.BrinkUserException;
import dev.brink.core.Finding;
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
 * methods and locks whose cost grew faster than the load are named in the findings with the recording as evidence.
 * Runs after the target stopped, when the recording is on disk.
 */
final class JfrStepFindings {
    private JfrStepFindings() {
    }

    static List<Finding> of(RunDirectory run, CapacityResult capacity, PrintWriter console) {
        CapacityStep bad = null;
        CapacityStep good = null;
        for (CapacityStep s : capacity.steps()) {
            if (bad == null && "degraded".equals(s.verdict())) {
                bad = s;
            }
        }
        for (CapacityStep s : capacity.steps()) {
            if (bad != null && "ok".equals(s.verdict()) && s.multiplier() < bad.multiplier()
                    && (good == null || s.multiplier() > good.multiplier())) {
                good = s;
            }
        }
        if (bad == null || good == null) {
            return List.of();
        }
        try {
            Map<String, Instant[]> windows = windows(run.file(RunDirectory.EVENTS));
            Instant[] gw = windows.get("capacity-x" + good.multiplier());
            Instant[] bw = windows.get("capacity-x" + bad.multiplier());
            if (gw == null || bw == null || gw[1] == null || bw[1] == null) {
                return List.of();
            }
            for (Path rec : recordings(run)) {
                JfrReport g = JfrAnalyzer.analyze(rec, JfrFilter.between(gw[0], gw[1]));
                JfrReport b = JfrAnalyzer.analyze(rec, JfrFilter.between(bw[0], bw[1]));
                if (g.executionSamples() > 0 && b.executionSamples() > 0) {
                    return JfrStepComparison.compare(g, good.multiplier(), b, bad.multiplier(),
                            run.root().toAbsolutePath().relativize(rec.toAbsolutePath()).toString(), bad.multiplier() + " × profile");
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
            if (type.equals("step-start")) {
                out.put(step, new Instant[] {at, null});
            } else if (type.equals("step-end") && out.containsKey(step)) {
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
            List<Path> out = new ArrayList<>(s.filter(p -> p.getFileName().toString().endsWith(".jfr")).sorted().toList());
            return out;
        }
    }
}
