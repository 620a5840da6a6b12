package dev.brink.load.engine;

import dev.brink.core.Finding;
import dev.brink.load.plan.Plan;
import java.util.List;

/**
 * What the method needs of whatever drives its load steps: one process's {@link dev.brink.load.LoadEngine}, or a
 * coordinator's {@code ShardedEngine} (brink-shard) that has N worker processes run each step and merges what they
 * measured. The phases (capacity search, confirmation, soak) and their judges see the same intervals and step
 * results either way.
 */
public interface StepDriver extends AutoCloseable {
    /** Runs one step and blocks until it is over; listeners get its intervals in order before this returns. */
    StepResult run(LoadStep step) throws InterruptedException;

    void addListener(IntervalListener listener);

    /** Ends the running step early (a dead target): any thread. */
    void endStep();

    /** The last step {@link #run} started, null before the first. */
    String lastStepStarted();

    Plan plan();

    /**
     * The last step's server-streaming timings, one line per streaming operation. A coordinator's workers send
     * counts and histograms only, so a sharded run has none (its streams are in each worker's streams.jsonl).
     */
    default List<dev.brink.core.evidence.StreamTimingLine> lastStreamTimings() {
        return List.of();
    }

    /** Findings about the load's own machinery (a worker that vanished), added to the run's. */
    default List<Finding> findings() {
        return List.of();
    }

    @Override
    void close();
}
