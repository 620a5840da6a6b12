package dev.brink.shard;

import dev.brink.load.LoadEngine;
import dev.brink.load.engine.LoadStep;
import dev.brink.load.engine.ShardInterval;
import java.util.List;

/**
 * The coordinator's side of the workers: it hands each step to all N and passes on what they send back. Implemented
 * by the control API's server ({@code dev.brink.shard.coordinator.ControlServer}); {@link ShardedEngine} merges.
 */
public interface StepDispatch {
    /** How many workers there are (N of {@code --shard I/N}). */
    int workers();

    /** Tells every worker to run {@code step} as step number {@code seq}, beginning at {@code startAtMs} (epoch ms). */
    void start(long seq, LoadStep step, long startAtMs);

    /** Asks the workers to end step {@code seq} at their next second, as {@link LoadEngine#endStep} does. */
    void endStep(long seq);

    /** The next report of any worker about step {@code seq}, or null after {@code timeoutMs}. */
    Report poll(long seq, long timeoutMs) throws InterruptedException;

    /**
     * The workers that have not finished step {@code seq} and are gone: no word for the control API's silence limit,
     * or (workers the coordinator started itself) their process ended. Each with why, in words.
     */
    List<Lost> lost(long seq);

    /**
     * Some intervals of one worker's step, in order; {@code durationS} is set on its last report (how long its step
     * ran), null before.
     */
    record Report(int shard, long seq, List<ShardInterval> intervals, Double durationS) {
        public Report {
            intervals = List.copyOf(intervals);
        }
    }

    /** A worker that vanished: its index and what the coordinator saw. */
    record Lost(int shard, String why) {
    }
}
