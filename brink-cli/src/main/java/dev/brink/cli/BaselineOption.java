package dev.brink.cli;

import dev.brink.core.ExitCode;
import dev.brink.compare.Baseline;
import dev.brink.compare.CompareText;
import dev.brink.compare.RunComparison;
import dev.brink.core.BrinkUserException;
import dev.brink.load.plan.Plan;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code brink run --baseline DIR}: the run compared with a stored baseline at its end, the comparison printed and
 * written beside the report (compare.html, compare.md, compare-junit.xml, compare.json), and the exit code 3 when the
 * comparison's gate fails (a regression, a lower capacity, new findings when the plan's fail_on has findings).
 */
final class BaselineOption {
    private BaselineOption() {
    }

    /** The baseline, checked before any load is sent; null without one. */
    static Path check(Path dir) throws BrinkUserException {
        return dir == null ? null : Baseline.check(dir);
    }

    /** Compares and prints; returns {@code code} raised to the gate's exit code when the comparison's gate fails. */
    static int compare(Path baseline, Path run, Plan plan, int code, PrintWriter console) throws BrinkUserException {
        if (baseline == null) {
            return code;
        }
        RunComparison c = Baseline.compare(baseline, run, Baseline.conditions(plan.failOn().findings() != null));
        console.println();
        console.println("── compared with the baseline " + "─".repeat(30));
        CompareText.write(c, console);
        console.println("comparison: " + run.resolve(Baseline.HTML));
        List<String> failures = c.gateFailures();
        failures.forEach(f -> console.println("gate failed: baseline: " + f));
        console.flush();
        return failures.isEmpty() ? code : Math.max(code, ExitCode.GATE);
    }
}
