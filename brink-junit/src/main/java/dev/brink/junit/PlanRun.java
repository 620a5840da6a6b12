package dev.brink.junit;

import dev.brink.compare.Baseline;
import dev.brink.compare.RunComparison;
import dev.brink.core.BrinkUserException;
import dev.brink.core.Finding;
import dev.brink.core.FindingKind;
import dev.brink.core.RunDirectory;
import dev.brink.core.summary.RunSummary;
import dev.brink.load.engine.LoadOptions;
import dev.brink.load.plan.Plan;
import dev.brink.load.plan.bind.PlanReader;
import dev.brink.method.FailOnGate;
import dev.brink.core.event.MethodPhase;
import dev.brink.method.MethodRunner;
import dev.brink.report.RunReport;
import java.io.PrintWriter;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * One run of a plan from inside a build: the plan's target replaced by the service the build or test started, the
 * phases chosen, the plan's {@code fail_on} (or a replacement) plus finding kinds that fail the gate. Knows nothing
 * of JUnit or Maven: {@link BrinkExtension} and the Maven plugin both drive it.
 *
 * <p>Every name (phase, finding kind, fail_on key) is checked in {@link #PlanRun} and {@link #withFailOnFindings},
 * before any load is sent, as a {@link BrinkUserException}.
 */
public final class PlanRun {
    private final Plan plan;
    private Set<MethodPhase> phases;
    private Set<FindingKind> failOnKinds = EnumSet.noneOf(FindingKind.class);
    private Path baseline;

    /** The plan file (read and checked now) and the phases to run (empty: every phase the plan has). */
    public PlanRun(Path planFile, String... phases) throws BrinkUserException {
        this(PlanReader.load(planFile), phases);
    }

    private PlanRun(Plan plan, String... phases) throws BrinkUserException {
        this.plan = plan;
        this.phases = phases.length == 0 ? null : MethodPhase.parse(String.join(",", phases));
    }

    /** A plan from text (a classpath resource); {@code name} stands for the file in error messages. */
    public static PlanRun ofText(String text, String name, String... phases) throws BrinkUserException {
        return new PlanRun(PlanReader.parse(text, name, Path.of("").toAbsolutePath(), System::getenv), phases);
    }

    /**
     * Replaces the plan's target: the load goes to {@code baseUrl}, and the JVM {@code pid} is watched when not null. The
     * plan's HTTP settings stay (HTTP/2, the connection policy, and its TLS trust while the URL stays https://), as do its
     * users and flows.
     */
    public PlanRun withTarget(URI baseUrl, Long pid) {
        Plan.Jvm jvm = pid != null ? new Plan.Jvm(pid, null, null) : null;
        Plan.Target target = plan.target().at(baseUrl, jvm);
        return replace(new Plan(plan.name(), target, plan.profile(), plan.slo(), plan.phases(), plan.data(), plan.failOn(),
                plan.users(), plan.flows()));
    }

    /** Replaces the plan's {@code fail_on} gate (a build's configuration wins over the plan's). */
    public PlanRun withFailOn(Plan.FailOn gate) {
        return replace(new Plan(plan.name(), plan.target(), plan.profile(), plan.slo(), plan.phases(), plan.data(), gate,
                plan.users(), plan.flows()));
    }

    /**
     * A {@code fail_on} gate from a build's configuration, with the plan's words: {@code confirm: degraded},
     * {@code soak: leak}, {@code findings: critical|warning|info}; any other word is an error naming the key.
     */
    public static Plan.FailOn failOn(Double capacityBelow, String confirm, String soak, String findings) throws BrinkUserException {
        return failOn(capacityBelow, confirm, soak, findings, null);
    }

    /** As {@link #failOn(Double, String, String, String)}, with threshold expressions ({@code p99>200ms,errors>1%}; null: none). */
    public static Plan.FailOn failOn(Double capacityBelow, String confirm, String soak, String findings, String thresholds)
            throws BrinkUserException {
        Plan.FailOn verdicts = verdicts(capacityBelow, confirm, soak, findings);
        dev.brink.core.gate.Gate g;
        try {
            g = dev.brink.core.gate.Gate.parse(thresholds);
        } catch (dev.brink.core.gate.Gate.Invalid e) {
            throw new BrinkUserException("failOn.thresholds: '" + e.term + "': expected " + e.getMessage());
        }
        return new Plan.FailOn(verdicts.capacityBelow(), verdicts.confirmDegraded(), verdicts.soakLeak(), verdicts.findings(), g);
    }

    private static Plan.FailOn verdicts(Double capacityBelow, String confirm, String soak, String findings) throws BrinkUserException {
        if (capacityBelow != null && !(capacityBelow > 0)) {
            throw new BrinkUserException("failOn.capacityBelow: expected a number > 0, got " + capacityBelow);
        }
        boolean c = word(confirm, "failOn.confirm", "degraded");
        boolean k = word(soak, "failOn.soak", "leak");
        if (findings != null && !List.of("critical", "warning", "info").contains(findings)) {
            throw new BrinkUserException("failOn.findings: '" + findings + "' is not a severity; expected critical, warning or info");
        }
        return new Plan.FailOn(capacityBelow, c, k, findings);
    }

    private static boolean word(String value, String key, String expected) throws BrinkUserException {
        if (value == null) {
            return false;
        }
        if (!value.equals(expected)) {
            throw new BrinkUserException(key + ": '" + value + "' is not a verdict it can fail on; expected " + expected);
        }
        return true;
    }

    /** Finding kinds (summary.json names) that fail the gate whatever their severity; an unknown name is an error. */
    public PlanRun withFailOnFindings(String[] kinds, String where) throws BrinkUserException {
        PlanRun r = replace(plan);
        r.failOnKinds = kinds.length == 0 ? EnumSet.noneOf(FindingKind.class) : EnumSet.copyOf(FindingKinds.parseAll(kinds, where));
        return r;
    }

    private PlanRun replace(Plan p) {
        PlanRun r;
        try {
            r = new PlanRun(p);
        } catch (BrinkUserException e) {
            throw new IllegalStateException(e); // no phases given: nothing to parse
        }
        r.phases = phases;
        r.failOnKinds = failOnKinds;
        r.baseline = baseline;
        return r;
    }

    /**
     * Compares the run with a stored baseline run directory at its end (checked now), writing the comparison beside the
     * report (compare.html); a regression, a lower capacity, and new findings when the plan's gate fails on findings
     * fail the gate ({@link Baseline#conditions}).
     */
    public PlanRun withBaseline(Path dir) throws BrinkUserException {
        PlanRun r = replace(plan);
        r.baseline = dir == null ? null : Baseline.check(dir);
        return r;
    }

    public Plan plan() {
        return plan;
    }

    /**
     * Runs the method into a new run directory under {@code parent}, writes the report and judges the gate.
     *
     * @param console where the method's progress goes (a build log, a test's output)
     */
    public Outcome run(Path parent, String runName, PrintWriter console) throws BrinkUserException {
        RunDirectory dir = RunDirectory.create(parent, runName);
        MethodRunner runner = new MethodRunner(plan, dir, LoadOptions.defaults(), console);
        RunSummary summary = phases == null ? runner.run() : runner.run(phases);
        RunReport.Outputs outputs = RunReport.write(dir.root());
        List<String> failures = new ArrayList<>(FailOnGate.failures(plan.failOn(), summary));
        for (Finding f : summary.findings()) {
            if (failOnKinds.contains(f.kind())) {
                failures.add("fail_on finding " + f.kind().jsonName() + ": " + f.title());
            }
        }
        Path comparison = null;
        if (baseline != null) {
            RunComparison c = Baseline.compare(baseline, dir.root(), Baseline.conditions(plan.failOn().findings() != null));
            c.gateFailures().forEach(l -> failures.add("baseline " + baseline + ": " + l));
            comparison = dir.root().resolve(Baseline.HTML);
        }
        console.flush();
        return new Outcome(plan.name(), summary, dir.root(), outputs.html(), List.copyOf(failures),
                FailOnGate.notJudged(plan.failOn(), summary), comparison);
    }

    /**
     * A finished run.
     *
     * @param gateFailures one line per gate condition met; empty when the run passed its gate
     * @param notJudged    one line per gate condition the run could not judge (FailOnGate.notJudged): the capacity
     *                     search measured the machine or the generator, not the service
     * @param comparison   the comparison with the baseline (compare.html), null without a baseline
     */
    public record Outcome(String planName, RunSummary summary, Path runDirectory, Path report, List<String> gateFailures,
                          List<String> notJudged, Path comparison) {
        public Outcome {
            gateFailures = List.copyOf(gateFailures);
            notJudged = List.copyOf(notJudged);
        }

        /** The gate passed: no condition met and every condition judged. */
        public boolean passed() {
            return gateFailures.isEmpty() && notJudged.isEmpty();
        }

        /** No condition was met, but some could not be judged: neither a pass nor a failure. */
        public boolean notJudgedOnly() {
            return gateFailures.isEmpty() && !notJudged.isEmpty();
        }

        /** The gate's lines, then the verdicts and findings, then where the report is. */
        public String failureMessage() {
            StringBuilder b = new StringBuilder("Brink: the gate of plan '" + planName + "' "
                    + (gateFailures.isEmpty() ? "could not be judged" : "failed"));
            gateFailures.forEach(l -> b.append("\n  ").append(l));
            notJudged.forEach(l -> b.append("\n  ").append(l));
            b.append("\ndiagnosis:");
            RunDiagnosis.lines(summary).forEach(l -> b.append("\n  ").append(l));
            b.append("\nreport: ").append(report);
            if (comparison != null) {
                b.append("\ncomparison with the baseline: ").append(comparison);
            }
            return b.toString();
        }
    }
}
