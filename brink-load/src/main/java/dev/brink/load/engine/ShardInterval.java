package dev.brink.load.engine;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.brink.core.line.GeneratorHealth;
import dev.brink.core.line.IntervalStats;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One worker's interval as it travels to the coordinator: counts, errors by kind and both latency histograms of each
 * operation (in plan order, {@link HistogramCodec} text), the schedule's target rates, the engine's gauges and the
 * worker's generator health. Times are the coordinator's epoch ms (the worker corrects its clock by the offset it
 * measured when it joined). The coordinator adds the N workers' intervals of the same second, histograms included,
 * so the merged run's percentiles are those of the union of recorded values.
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record ShardInterval(long startMs, long endMs, double intervalS, double targetRps, int inFlight, int waiting,
                            int connections, GeneratorHealth generator, List<Op> ops) {
    public ShardInterval {
        ops = List.copyOf(ops);
    }

    /** One operation's part of the interval. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record Op(double targetRps, long sent, long ok, long dropped, Map<String, Long> errors, String corrected,
                     String uncorrected) {
        public Op {
            errors = Map.copyOf(errors);
        }
    }

    /** The engine's interval, encoded (reporting thread; the counters are read, not changed). */
    public static ShardInterval of(long startMs, long endMs, IntervalStats stats, GeneratorHealth health, String[] names, Counters[] ops) {
        List<Op> list = new ArrayList<>(ops.length);
        for (int i = 0; i < ops.length; i++) {
            Counters c = ops[i];
            IntervalStats.Op o = stats.ops().get(names[i]);
            list.add(new Op(o == null ? 0 : o.targetRps(), c.sent, c.ok, c.dropped, c.errorMap(), HistogramCodec.encode(c.corrected),
                    HistogramCodec.encode(c.uncorrected)));
        }
        return new ShardInterval(startMs, endMs, stats.intervalS(), stats.targetRps(), stats.inFlight(), stats.waiting(),
                stats.connections(), health, list);
    }

    /**
     * Checks what a worker sent before the coordinator adds it: {@code operations} operations, counts ≥ 0, error
     * words Brink writes, histograms of Brink's range, times in order.
     * @throws IllegalArgumentException in words
     */
    public void check(int operations) {
        if (ops.size() != operations) throw new IllegalArgumentException("expected " + operations + " operations, got " + ops.size());
        if (generator == null) throw new IllegalArgumentException("expected generator health");
        if (endMs < startMs || startMs < 0) throw new IllegalArgumentException("interval ends before it starts");
        if (!(intervalS >= 0 && intervalS < 1e6) || !(targetRps >= 0 && targetRps < 1e12) || inFlight < 0 || waiting < 0 || connections < 0) {
            throw new IllegalArgumentException("interval figures out of range");
        }
        Counters scratch = new Counters();
        for (Op o : ops) {
            if (o == null || !(o.targetRps() >= 0 && o.targetRps() < 1e12)) throw new IllegalArgumentException("bad operation");
            scratch.add(o);
        }
    }
}
