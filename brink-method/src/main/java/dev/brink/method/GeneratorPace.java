package dev.brink.method;

import dev.brink.load.engine.LoadStep.Workload;
import java.time.Duration;

/**
 * What "the generator could not keep up" means for a step's workload, in the words its verdict uses. Only the
 * wording depends on it: whether the generator was bound is judged the same way for every workload (StepThirds).
 *
 * <p>An open model has a send schedule (request i at i / rate), so a generator that is late against it is behind its
 * own schedule. A closed model whose users think or are paced has timers too: a generator that cannot honour them is
 * behind its users' pace. A closed loop with neither sends the next request the moment an answer comes back; it has
 * no schedule to fall behind. When its CPU, its event loop's lag or its collector is the limit, the generator, not
 * the target, set the throughput: it was the bottleneck, and "behind its own schedule" read as a timing fault it never
 * had (a one-liner `--users 32` against a local server said so in every second).
 */
enum GeneratorPace {
    SCHEDULE("behind its own schedule", "kept its schedule", "the load generator fell behind"),
    USERS_PACE("behind its users' think time and pacing", "kept its users' pace", "the load generator fell behind"),
    OWN_LIMIT("at its own limit", "kept up with the target", "the load generator was the bottleneck");

    /** "… in 3 of 16 s". */
    final String bound;
    /** The statement when it was not bound. */
    final String keptUp;
    /** The generator-bound finding's opening. */
    final String finding;

    GeneratorPace(String bound, String keptUp, String finding) {
        this.bound = bound;
        this.keptUp = keptUp;
        this.finding = finding;
    }

    static GeneratorPace of(Workload w) {
        if (w instanceof Workload.Closed c) {
            return paced(c.think(), c.pacing()) ? USERS_PACE : OWN_LIMIT;
        }
        if (w instanceof Workload.ClosedStages c) {
            return paced(c.thinkTime().mean(), c.pacing()) ? USERS_PACE : OWN_LIMIT;
        }
        return SCHEDULE; // Open, Stages
    }

    private static boolean paced(Duration think, Duration pacing) {
        return think.compareTo(Duration.ZERO) > 0 || pacing.compareTo(Duration.ZERO) > 0;
    }
}
