package dev.brink.load;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.util.List;

/**
 * The load generator's own health over one interval (a generator.jsonl line). {@code processCpu} is the
 * share of all CPUs this JVM may use, {@code loopCpu} the share of one core used by the event loop that
 * sends every request (the generator's real budget); {@code lagP99Ms} how late the event loop took requests
 * from the open schedule vs their intended time (waiting for a connection afterwards is not in it); ports count local TCP sockets in the ephemeral range (whole host).
 * {@code reasons} is empty when the generator kept up.
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record GeneratorHealth(long epochMs, double processCpu, double loopCpu, long gcPauseMs, double lagP99Ms,
                              int connections, int ephemeralPortsInUse, int ephemeralPortRange, int timeWait,
                              long dropped, List<String> reasons) {
    public static final double CPU_LIMIT = 0.85;
    public static final double LAG_LIMIT_MS = 5;
    public static final double PORTS_LIMIT = 0.80;

    public GeneratorHealth {
        reasons = List.copyOf(reasons);
    }

    public boolean bound() {
        return !reasons.isEmpty();
    }
}
