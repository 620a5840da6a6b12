package dev.brink.core.detail;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

/**
 * {@code port-exhaustion} (brink-load's PortExhaustion): one side, the step where it was first seen, the socket counts
 * and connect errors of that step.
 *
 * @param portsInUse         most local TCP sockets in the ephemeral range in any second of the step
 * @param portRange          ip_local_port_range as "low-high"
 * @param timeWait           most sockets in TIME_WAIT in any second of the step
 * @param connectNoLocalPort connects of the step that failed with EADDRNOTAVAIL
 * @param listenOverflows    TcpExt ListenOverflows of /proc/net/netstat over the step (a local target's listen queue)
 * @param connectionPolicy   the plan's gRPC connection policy (shared, per-user, per-call), or keep-alive for HTTP
 * @param tcpTwReuse         net.ipv4.tcp_tw_reuse as the generator's host has it (0, 1, 2), -1 unreadable
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record PortExhaustionDetail(PortSide side, String step, long portsInUse, String portRange, long portRangeSize, long timeWait,
                                   long connectNoLocalPort, long connectRefused, long connectTimeout, long listenOverflows,
                                   long listenDrops, String connectionPolicy, int tcpTwReuse, String advice) implements Detail {
    public PortExhaustionDetail {
        if (side == null) throw new IllegalArgumentException("side: expected generator or target");
        for (long v : new long[] {portsInUse, portRangeSize, timeWait, connectNoLocalPort, connectRefused, connectTimeout,
            listenOverflows, listenDrops}) {
            Ranges.atLeastZero("a socket count", v);
        }
        if (tcpTwReuse < -1 || tcpTwReuse > 2) throw new IllegalArgumentException("tcp_tw_reuse: expected -1..2, got " + tcpTwReuse);
    }

    public PortExhaustionDetail withAdvice(String text) {
        return new PortExhaustionDetail(side, step, portsInUse, portRange, portRangeSize, timeWait, connectNoLocalPort, connectRefused,
                connectTimeout, listenOverflows, listenDrops, connectionPolicy, tcpTwReuse, text);
    }
}
