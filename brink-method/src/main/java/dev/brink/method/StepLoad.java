package dev.brink.method;

import dev.brink.core.summary.HeldLoad;
import dev.brink.load.engine.LoadStep;
import dev.brink.core.line.Percentiles;
import dev.brink.load.engine.StepResult;
import java.util.Locale;

/**
 * The load column of a step's console line. An open step says its target rate; a closed step says its users: it has
 * no target rate, and "target 0.0" beside what its users achieved reads as a step that asked for nothing.
 */
final class StepLoad {
    private StepLoad() {
    }

    /** A closed step's users, 0 for an open step (summary.json's {@code users}). */
    static int users(LoadStep.Workload workload) {
        return workload instanceof LoadStep.Workload.Closed c ? c.users() : 0;
    }

    /** "target    120.0" or "users        16", the same width so the columns after it stay aligned. */
    static String column(LoadStep.Workload workload, double targetRps) {
        return workload instanceof LoadStep.Workload.Closed c
                ? String.format(Locale.ROOT, "users  %8d", c.users())
                : String.format(Locale.ROOT, "target %8.1f", targetRps);
    }

    /** What a held step measured, as summary.json records it (the confirmation hold, the soak). */
    static HeldLoad held(StepResult r) {
        Percentiles p = r.corrected();
        return new HeldLoad(users(r.workload()), r.targetRps(), r.achievedRps(), r.ok() + r.errorCount(), r.errors(),
                p.count() == 0 ? null : new HeldLoad.Latency(p.p50Ms(), p.p90Ms(), p.p99Ms(), p.p999Ms(), p.maxMs()));
    }

    /** What {@code multiplier} × the plan's profile asks for: "120.0 req/s", or "36 users" in a closed model. */
    static String planned(dev.brink.load.plan.Plan plan, double multiplier) {
        LoadStep.Workload w = LoadStep.of(plan, "planned", multiplier, java.time.Duration.ofSeconds(1)).workload();
        return w instanceof LoadStep.Workload.Closed c ? (c.users() == 1 ? "1 user" : c.users() + " users")
                : String.format(Locale.ROOT, "%.1f req/s", multiplier * plan.totalRps());
    }
}
