package dev.brink.core.line;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.brink.core.verdict.GeneratorIssue;
import java.util.List;

/**
 * The load generator's own health over one interval (a generator.jsonl line). {@code processCpu} is the
 * share of all CPUs this JVM may use, {@code loopCpu} the share of one core used by the event loop that
 * sends every request (the generator's real budget); {@code lagP99Ms} how late the event loop took requests
 * from the open schedule vs their intended time (waiting for a connection afterwards is not in it); ports count local TCP sockets in the ephemeral range (whole host).
 * {@code reasons} is empty when the generator kept up; {@code issues} types them, one each in the same order (a kind
 * repeats when several shards of a merged second had it, each reason naming its shard).
 * {@code heapAfterGcBytes} is the generator's heap right after its last GC, {@code loadedClasses} its loaded
 * classes, {@code blockedThreads} its threads BLOCKED on a monitor when sampled (report 002's generator ended
 * blocked in {@code ClassLoader.loadClass}).
 *
 * <p>Part of the run-directory contract ({@link dev.brink.core.RunLines}): written by brink-load's generator monitor,
 * read back as this record by the shard merge. A line of an older run without a key reads as 0 or empty.
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record GeneratorHealth(long epochMs, double processCpu, double loopCpu, long gcPauseMs, double lagP99Ms,
                              int connections, int ephemeralPortsInUse, int ephemeralPortRange, int timeWait,
                              long dropped, List<String> reasons, long heapAfterGcBytes, int loadedClasses,
                              int blockedThreads, List<GeneratorIssue> issues) {
    public static final double CPU_LIMIT = 0.85;
    public static final double LAG_LIMIT_MS = 5;
    public static final double PORTS_LIMIT = 0.80;

    public GeneratorHealth {
        reasons = reasons == null ? List.of() : List.copyOf(reasons); // null: a line read back without the key
        issues = issues == null ? List.of() : List.copyOf(issues);
    }

    /** Without the JVM's own figures (heap after GC, classes, blocked threads) and without typed issues. */
    public GeneratorHealth(long epochMs, double processCpu, double loopCpu, long gcPauseMs, double lagP99Ms, int connections,
                           int ephemeralPortsInUse, int ephemeralPortRange, int timeWait, long dropped, List<String> reasons) {
        this(epochMs, processCpu, loopCpu, gcPauseMs, lagP99Ms, connections, ephemeralPortsInUse, ephemeralPortRange, timeWait,
                dropped, reasons, 0, 0, 0, List.of());
    }

    public boolean bound() {
        return !reasons.isEmpty();
    }
}
