package dev.brink.junit;

import dev.brink.core.BrinkUserException;
import dev.brink.core.Finding;
import dev.brink.core.FindingKind;
import dev.brink.core.summary.RunSummary;
import dev.brink.core.verdict.ConfirmVerdict;
import dev.brink.core.verdict.SoakVerdictKind;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.opentest4j.AssertionFailedError;

/**
 * Assertions on a {@link RunSummary}, each failing with the run's diagnosis so the failure says why. Asserting on
 * a phase the run did not have fails: a capacity that was never measured is not "at least" anything.
 */
public final class RunSummaryAssert {
    private final RunSummary run;

    RunSummaryAssert(RunSummary run) {
        this.run = Objects.requireNonNull(run, "run");
    }

    /** The capacity search held at least this multiplier of the profile. */
    public RunSummaryAssert capacityAtLeast(int multiplier) {
        return metric(SummaryMetric.CAPACITY_MAX_MULTIPLIER).isAtLeast(multiplier);
    }

    /** The capacity search held at least this many requests per second. */
    public RunSummaryAssert capacityRpsAtLeast(double rps) {
        return metric(SummaryMetric.CAPACITY_MAX_RPS).isAtLeast(rps);
    }

    /** A number of summary.json by its path ("capacity.max_rps", "confirm.p99_ms", …); an unknown path is a configuration error. */
    public MetricAssert metric(String path) {
        return metric(SummaryMetric.named(path));
    }

    public MetricAssert metric(SummaryMetric m) {
        if (!m.present(run)) {
            throw fail(m.path() + ": the run has no " + m.path().split("\\.")[0] + " phase");
        }
        return new MetricAssert(m, m.of(run));
    }

    public RunSummaryAssert hasNoFinding(FindingKind kind) {
        List<Finding> found = run.findings().stream().filter(f -> f.kind() == kind).toList();
        if (!found.isEmpty()) {
            throw fail("expected no " + kind.jsonName() + " finding, found " + found.size() + ": " + found.get(0).title());
        }
        return this;
    }

    /** By summary.json's name ("memory-leak"); a name that is no finding kind is a configuration error. */
    public RunSummaryAssert hasNoFinding(String kind) {
        return hasNoFinding(kind(kind));
    }

    public RunSummaryAssert hasFinding(FindingKind kind) {
        if (run.findings().stream().noneMatch(f -> f.kind() == kind)) {
            throw fail("expected a " + kind.jsonName() + " finding, found none");
        }
        return this;
    }

    public RunSummaryAssert hasFinding(String kind) {
        return hasFinding(kind(kind));
    }

    /** The confirmation ran and held. */
    public RunSummaryAssert confirmHolds() {
        if (run.confirm() == null || run.confirm().verdict() != ConfirmVerdict.HOLDS) {
            throw fail("expected the confirmation to hold, it " + (run.confirm() == null ? "did not run" : "is " + run.confirm().verdict().json()));
        }
        return this;
    }

    /** The soak ran and its heap-after-GC trend is stable. */
    public RunSummaryAssert soakStable() {
        if (run.soak() == null || run.soak().verdict() != SoakVerdictKind.STABLE) {
            throw fail("expected a stable soak, it " + (run.soak() == null ? "did not run" : "is " + run.soak().verdict().json()));
        }
        return this;
    }

    public RunSummaryAssert notInterrupted() {
        if (run.interrupted()) {
            throw fail("expected a whole run, it was cut short" + (run.interruptedIn() == null ? "" : " in " + run.interruptedIn()));
        }
        return this;
    }

    private static FindingKind kind(String name) {
        try {
            return FindingKinds.parse(name, "hasFinding/hasNoFinding");
        } catch (BrinkUserException e) {
            throw new ExtensionConfigurationException(e.getMessage(), e);
        }
    }

    private AssertionFailedError fail(String what) {
        return new AssertionFailedError(what + "\ndiagnosis:\n  " + String.join("\n  ", RunDiagnosis.lines(run)));
    }

    /** One number of the run. */
    public final class MetricAssert {
        private final SummaryMetric metric;
        private final double value;

        private MetricAssert(SummaryMetric metric, double value) {
            this.metric = metric;
            this.value = value;
        }

        public RunSummaryAssert isAtLeast(double min) {
            if (!(value >= min)) {
                throw fail(String.format(Locale.ROOT, "expected %s >= %s, was %s", metric.path(), min, value));
            }
            return RunSummaryAssert.this;
        }

        public RunSummaryAssert isAtMost(double max) {
            if (!(value <= max)) {
                throw fail(String.format(Locale.ROOT, "expected %s <= %s, was %s", metric.path(), max, value));
            }
            return RunSummaryAssert.this;
        }
    }
}
