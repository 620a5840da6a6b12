package dev.brink.method;

import dev.brink.core.EvidenceFiles;
import dev.brink.core.verdict.StepVerdictKind;
import dev.brink.core.AppPackages;
import dev.brink.core.BrinkUserException;
import dev.brink.core.Finding;
import dev.brink.core.FindingKind;
import dev.brink.core.JsonlReader;
import dev.brink.core.RunDirectory;
import dev.brink.core.StepWindows;
import dev.brink.core.detail.Detail;
import dev.brink.core.detail.ExceptionsDetail;
import dev.brink.core.detail.GcPressureDetail;
import dev.brink.core.detail.Stepped;
import dev.brink.core.summary.CapacityResult;
import dev.brink.core.summary.CapacityStep;
import dev.brink.jfr.JfrAnalyzer;
import dev.brink.jfr.JfrFilter;
import dev.brink.jfr.JfrReport;
import dev.brink.jfr.JfrStepComparison;
import dev.brink.jfr.StackFolder;
import dev.brink.core.EvidenceFiles;
import dev.brink.core.evidence.FoldedStacks;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

/**
 * With {@code --jfr}: cuts the run's recording by the capacity steps' windows (step-start to step-end in
 * events.jsonl) and compares the first degraded step with the last good one ({@link JfrStepComparison}), so the
 * methods and locks whose cost grew faster than the load are named in the findings with the recording as evidence,
 * followed by the broken step's own hot-method and lock-contention findings. When no step degraded, the highest
 * step measured is read alone.
 * Runs after the target stopped, when the recording is on disk.
 */
final class JfrStepFindings {
    /** A measured capacity step's name in events.jsonl ("capacity-x8"), not its warm-up ("capacity-x8-warmup"). */
    /** At a hundred samples a path with a tenth of them has the ten a hot-method finding needs (HotPaths). */
    static final int FEW_SAMPLES = 100;
    private static final java.util.regex.Pattern MEASURED_STEP = java.util.regex.Pattern.compile("capacity-x\\d+");
    private JfrStepFindings() {
    }

    static List<Finding> of(RunDirectory run, CapacityResult capacity, PrintWriter console) {
        return of(run, capacity, AppPackages.UNKNOWN, console);
    }

    /** As above, with the application's packages the plan names ({@link AppPackages#UNKNOWN}: from the recording). */
    static List<Finding> of(RunDirectory run, CapacityResult capacity, AppPackages app, PrintWriter console) {
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
            // No step degraded: the search ended generator-bound, host-saturated, at its maximum or cut short. The
            // busiest step measured still shows where the target's CPU went and where its threads queued, whatever
            // stopped the search (the shares are the target's own), so it is read alone, named for what it was.
            bad = busiestMeasured(capacity);
            if (bad == null) {
                return List.of();
            }
        }
        try {
            Map<String, Instant[]> windows = windows(run.file(RunDirectory.EVENTS));
            // the first step may already break: then there is nothing to compare with, only the step itself to read
            Instant[] gw = good == null ? null : windows.get("capacity-x" + good.multiplier());
            Instant[] bw = windows.get("capacity-x" + bad.multiplier());
            if (bw == null || bw[1] == null || gw != null && gw[1] == null) {
                return List.of();
            }
            if (gw == null) {
                // Nothing to compare with: the step is read alone, and with the search's steps before it. A step of a
                // few seconds at a low rate on a busy machine holds a few dozen samples, too few for a share; the steps
                // before it ran the same requests on the same code, so they add samples of the same costs (their
                // shares, not their level, are what the findings say). Not the generator's warm-up: a cold target
                // spends it compiling and loading classes, which is not where its CPU goes under load.
                // Nor a step's own warm-up ("capacity-x8-warmup"): the queue a saturated lock builds there while the load
                // engine settles is answered by rejections on threads that never reach the masking, and its seconds of
                // samples, mostly that, outweighed the step's own in a run that then named the lock alone.
                // A step measured twice (host-saturated or generator-bound, then retried) counts from its first
                // measurement: the same load on the same code, and on a machine that starves the target, the samples
                // a share needs (HotPaths: ≥ 10 of a path) come from every second it was measured.
                bw = new Instant[] {windows.entrySet().stream().filter(w -> MEASURED_STEP.matcher(w.getKey()).matches())
                        .map(w -> w.getValue()[2]).min(Instant::compareTo).orElse(bw[0]), bw[1]};
            }
            for (Path rec : recordings(run)) {
                JfrReport g;
                JfrReport b;
                try {
                    g = gw == null ? null : JfrAnalyzer.analyze(rec, JfrFilter.between(gw[0], gw[1]), app);
                    b = JfrAnalyzer.analyze(rec, JfrFilter.between(bw[0], bw[1]), app);
                } catch (BrinkUserException e) {
                    // one unreadable file (an empty recording a killed run left in the directory) is not all of them
                    console.println("  jfr: " + e.getMessage());
                    continue;
                }
                if (b.executionSamples() > 0 && (g == null || g.executionSamples() > 0)) {
                    if (b.executionSamples() < FEW_SAMPLES) {
                        // say it rather than fall silent: a target starved of CPU leaves JFR a few samples a second
                        console.println("  jfr: " + b.executionSamples() + " execution samples in the window read, fewer than "
                                + FEW_SAMPLES + ": a method below a fifth of them may not reach the 10 samples a hot-method finding needs");
                    }
                    String evidence = run.root().toAbsolutePath().relativize(rec.toAbsolutePath()).toString();
                    String at = bad.multiplier() + " × profile" + (bad.verdict() == StepVerdictKind.DEGRADED ? ""
                            : " (the highest step measured, " + bad.verdict().json() + ")")
                            + (g == null ? " and the steps before it" : "");
                    List<Finding> out = new ArrayList<>(g == null ? List.of()
                            : JfrStepComparison.compare(g, good.multiplier(), b, bad.multiplier(), evidence, at));
                    addOwn(b, at, evidence, bad.achievedRps(), out);
                    writeFolded(run, rec, JfrFilter.between(bw[0], bw[1]), bad.multiplier(), console);
                    if (gw != null) {
                        // the last good step's too: report.html diffs the two (what grew faster than the load)
                        writeFolded(run, rec, JfrFilter.between(gw[0], gw[1]), good.multiplier(), console);
                    }
                    return out;
                }
            }
        } catch (BrinkUserException | IOException e) {
            console.println("  jfr: " + e.getMessage());
        }
        return List.of();
    }

    /**
     * The findings of the short recording the evidence step took at {@code multiplier} × profile (no {@code --jfr}):
     * that step's own hot methods and contended locks. Empty, with a line on the console, when the file cannot be
     * read here (a remote target writes it on its own host).
     */
    static List<Finding> ofWindow(RunDirectory run, Path recording, int multiplier, PrintWriter console) {
        return ofWindow(run, recording, multiplier, AppPackages.UNKNOWN, console);
    }

    /** As above, with the application's packages the plan names. */
    static List<Finding> ofWindow(RunDirectory run, Path recording, int multiplier, AppPackages app, PrintWriter console) {
        if (!Files.isRegularFile(recording)) {
            console.println("  jfr: " + recording + " is not on this machine: the evidence step's profile is not analysed");
            return List.of();
        }
        try {
            JfrReport r = JfrAnalyzer.analyze(recording, JfrFilter.ALL, app);
            List<Finding> out = new ArrayList<>();
            addOwn(r, multiplier + " × profile", run.root().toAbsolutePath().relativize(recording.toAbsolutePath()).toString(),
                    Double.NaN, out);
            writeFolded(run, recording, JfrFilter.ALL, multiplier, console);
            return out;
        } catch (BrinkUserException e) {
            console.println("  jfr: " + e.getMessage());
            return List.of();
        }
    }

    /** The window's execution samples as folded stacks in evidence/, for the report's flame graph of the step. */
    private static void writeFolded(RunDirectory run, Path recording, JfrFilter window, int multiplier, PrintWriter console) {
        try {
            FoldedStacks stacks = StackFolder.fold(recording, window);
            if (stacks.total() > 0) {
                stacks.write(run.evidence().resolve(EvidenceFiles.foldedStacks(multiplier)));
            }
        } catch (BrinkUserException | IOException e) {
            console.println("  jfr: no flame graph of the step: " + e.getMessage());
        }
    }

    /**
     * The step's own findings, those {@code out} has not named already, marked with the step: hot methods and locks,
     * allocation and exception sites, and the collections a cause explains (System.gc() with its caller, metaspace).
     * Exceptions are also said per request of the step ({@code achievedRps}; NaN when the window's rate is unknown):
     * five exceptions a request is a code path that fails on every call, whatever the load.
     */
    private static void addOwn(JfrReport step, String at, String evidence, double achievedRps, List<Finding> out) {
        for (Finding f : step.findings()) {
            boolean named = out.stream().anyMatch(o -> o.kind() == f.kind() && o.subject().equals(f.subject()));
            boolean kept = switch (f.kind()) {
                case HOT_METHOD, LOCK_CONTENTION, EXCEPTIONS, ALLOCATION_HOTSPOT, METASPACE -> true;
                case GC_PRESSURE -> Detail.of(f, GcPressureDetail.class).cause() != null;
                default -> false;
            };
            if (named || !kept) {
                continue;
            }
            Detail d = ((Stepped) Detail.of(f)).inStep(at);
            String title = "at " + at + ", " + f.title();
            if (d instanceof ExceptionsDetail x && achievedRps > 0) {
                double perRequest = x.exceptionsPerSec() / achievedRps;
                d = x.withPerRequest(Math.round(perRequest * 100) / 100.0);
                title += String.format(Locale.ROOT, "; %.1f per request", perRequest);
            }
            out.add(new Finding(f.kind(), f.severity(), title, f.subject(), List.of(evidence), Detail.map(d)));
        }
    }

    /** The highest step the target answered in (a step it died in measured a closed port), or null. */
    private static CapacityStep busiestMeasured(CapacityResult capacity) {
        CapacityStep out = null;
        for (CapacityStep s : capacity.steps()) {
            if (s.verdict() != StepVerdictKind.TARGET_DIED && (out == null || s.multiplier() > out.multiplier())) {
                out = s;
            }
        }
        return out;
    }

    /**
     * Each step's last start and its end (a retried step keeps its second measurement, as the search does), and
     * its first start (index 2: the first measurement of a retried step).
     */
    static Map<String, Instant[]> windows(Path events) throws BrinkUserException {
        Map<String, Instant[]> out = new HashMap<>();
        StepWindows.of(JsonlReader.readAll(events)).forEach((step, w) -> out.put(step, new Instant[] {
            Instant.ofEpochMilli(w.startMs()), w.ended() ? Instant.ofEpochMilli(w.endMs()) : null, Instant.ofEpochMilli(w.firstStartMs())}));
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
