package dev.brink.report;

import dev.brink.compare.StepFigures;
import dev.brink.core.BrinkUserException;
import dev.brink.core.EvidenceFiles;
import dev.brink.core.RunDirectory;
import dev.brink.core.StepNames;
import dev.brink.core.StepWindows;
import dev.brink.core.evidence.FoldedStacks;
import dev.brink.core.summary.CapacityResult;
import dev.brink.core.summary.CapacityStep;
import dev.brink.core.verdict.StepVerdictKind;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Where the capacity search broke, read from the run directory: every capacity step's figures (as {@code brink
 * compare} reads them), and the last good and the first bad step side by side — their latency, the target's CPU and
 * GC per request, its threads by state, and their JFR folded stacks when both were recorded ({@code --jfr}, the
 * masking demo). The last good step is the highest step that held below the first degraded one, the step brink-jfr's
 * comparison reads too.
 *
 * @param steps   each capacity step measured ("capacity-x8"), by achieved rate order of the run
 * @param good    the last good step, null when no step degraded or none held before it
 * @param bad     the first degraded step, null when none degraded
 * @param problem why the figures could not be read (a corrupt latency.hlog), else null
 */
record Knee(Map<String, StepFigures> steps, CapacityStep good, CapacityStep bad, StepWindows.Window goodWindow,
            StepWindows.Window badWindow, FoldedStacks goodStacks, FoldedStacks badStacks, String problem) {
    /** Threads by state, as jvm.jsonl counts them, in the order shown. */
    static final String[] THREAD_STATES = {"runnable", "blocked", "waiting", "timed_waiting"};

    static Knee of(RunData run) {
        CapacityResult c = run.summary().capacity();
        if (c == null || c.steps().isEmpty()) {
            return null;
        }
        Map<String, StepFigures> steps = new LinkedHashMap<>();
        String problem = null;
        try {
            StepFigures.read(run.dir()).forEach((name, f) -> {
                if (name.startsWith(CAPACITY)) {
                    steps.put(name, f);
                }
            });
        } catch (BrinkUserException e) {
            problem = e.getMessage();
        }
        CapacityStep bad = null;
        for (CapacityStep s : c.steps()) {
            if (bad == null && s.verdict() == StepVerdictKind.DEGRADED) {
                bad = s;
            }
        }
        CapacityStep good = null;
        for (CapacityStep s : c.steps()) {
            if (bad != null && s.verdict() == StepVerdictKind.OK && s.multiplier() < bad.multiplier()
                    && (good == null || s.multiplier() > good.multiplier())) {
                good = s;
            }
        }
        Map<String, StepWindows.Window> windows = StepWindows.of(run.events());
        StepWindows.Window gw = good == null ? null : windows.get(CAPACITY + good.multiplier());
        StepWindows.Window bw = bad == null ? null : windows.get(CAPACITY + bad.multiplier());
        FoldedStacks gs = good == null ? null : stacks(run.dir(), good.multiplier());
        FoldedStacks bs = bad == null ? null : stacks(run.dir(), bad.multiplier());
        return new Knee(steps, good, bad, gw, bw, gs, bs, problem);
    }

    static final String CAPACITY = StepNames.CAPACITY_PREFIX;

    boolean sideBySide() {
        return good != null && bad != null;
    }

    /** The differential flame graph's data, when both steps' stacks and windows are there. */
    StackDiff diff() {
        if (!sideBySide() || goodStacks == null || badStacks == null || goodWindow == null || badWindow == null
                || !goodWindow.ended() || !badWindow.ended() || !(good.achievedRps() > 0)) {
            return null;
        }
        return new StackDiff(goodStacks, goodWindow.seconds(), badStacks, badWindow.seconds(), bad.achievedRps() / good.achievedRps());
    }

    /** The mean count of threads in each state over a step's window, NaN where jvm.jsonl has no sample in it. */
    static double[] threads(RunData run, StepWindows.Window w) {
        double[] out = new double[THREAD_STATES.length];
        for (int s = 0; s < out.length; s++) {
            double sum = 0;
            int n = 0;
            Columns jvm = run.jvm();
            for (int r = 0; w != null && w.ended() && r < jvm.rows(); r++) {
                long t = jvm.epochMs(r);
                double v = jvm.value("/threads/" + THREAD_STATES[s], r);
                if (t > w.startMs() && t <= w.endMs() && !Double.isNaN(v)) { // a sample at the start is the step before's
                    sum += v;
                    n++;
                }
            }
            out[s] = n == 0 ? Double.NaN : sum / n;
        }
        return out;
    }

    private static FoldedStacks stacks(Path dir, int multiplier) {
        Path f = dir.resolve(RunDirectory.EVIDENCE).resolve(EvidenceFiles.foldedStacks(multiplier));
        if (!Files.isRegularFile(f)) {
            return null;
        }
        try {
            return FoldedStacks.read(f);
        } catch (BrinkUserException e) {
            return null; // the flame graph section says what is wrong with the file
        }
    }
}
