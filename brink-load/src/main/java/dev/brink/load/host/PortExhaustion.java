package dev.brink.load.host;


import dev.brink.core.Finding;
import dev.brink.core.FindingKind;
import dev.brink.core.RunDirectory;
import dev.brink.core.Severity;
import dev.brink.core.detail.Detail;
import dev.brink.core.detail.PortExhaustionDetail;
import dev.brink.core.detail.PortSide;
import dev.brink.load.engine.ErrorKind;
import dev.brink.core.line.GeneratorHealth;
import dev.brink.load.engine.IntervalListener;
import dev.brink.core.line.IntervalStats;
import dev.brink.load.plan.Plan;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Finds port exhaustion (field report 004) on either side of the connection, step by step, as an engine listener.
 * Each new TCP connection takes a local port from {@code ip_local_port_range} on the side that connects, and the
 * side that closes first keeps that port in TIME_WAIT for 60 s; a generator that opens a connection per call
 * (JMeter's gRPC plugin in the report, Brink's {@code per-call}) therefore holds rate × (call time + 60 s) ports
 * and runs out well below the rate it was asked for. The two sides show it differently:
 * <ul>
 *   <li><b>generator</b>: connect() fails with EADDRNOTAVAIL ({@code connect-no-local-port}): the kernel found no
 *       free local port. That alone is proof. Near it — {@value GeneratorHealth#PORTS_LIMIT} of the range in use in
 *       some second — refused or timed-out connects are the same shortage seen early (the kernel's port search
 *       walks a nearly full range on every connect), so that is a warning.</li>
 *   <li><b>target</b> (only when it is on this host: the counters are the network namespace's): connects arriving
 *       faster than the service accepts them overflow its listen queue; the kernel drops the handshake
 *       (TcpExt ListenOverflows / ListenDrops in /proc/net/netstat) and the client retries its SYN after 1 s, 3 s,
 *       … until its connect times out. The counters are the whole namespace's, so another process's overflow must
 *       not be blamed on the target: the finding needs Brink's own connects to have timed out in the same step
 *       (a refused connect is a port nobody listens on, such as a dead target's).</li>
 * </ul>
 * At most one finding per side: the first step where it was seen. Called on the engine's reporting thread only.
 */
public final class PortExhaustion implements IntervalListener {
    private static final Path NETSTAT = Path.of("/proc/net/netstat");
    private static final Path PORT_RANGE_FILE = Path.of("/proc/sys/net/ipv4/ip_local_port_range");
    private static final Path TW_REUSE = Path.of("/proc/sys/net/ipv4/tcp_tw_reuse");
    private static final String NO_PORT = ErrorKind.CONNECT_NO_LOCAL_PORT.label;
    private static final String REFUSED = ErrorKind.CONNECT_REFUSED.label;
    private static final String TIMEOUT = ErrorKind.CONNECT_TIMEOUT.label;

    private final boolean targetLocal;
    private final String policy;
    private final String range;
    private long[] lastListen;
    private StepCounts step;
    private Finding generator;
    private Finding target;

    /**
     * @param targetLocal the target listens on this host (loopback or one of its addresses): its listen queue is
     *                    in this network namespace's counters
     * @param policy      how the load opens connections: a gRPC connection policy (shared, per-user, per-call) or
     *                    keep-alive (HTTP/1.1)
     */
    public PortExhaustion(boolean targetLocal, String policy) {
        this.targetLocal = targetLocal;
        this.policy = policy;
        String[] r = ProcFiles.read(PORT_RANGE_FILE).trim().split("\\s+");
        this.range = r.length == 2 ? r[0] + "-" + r[1] : "?";
        this.lastListen = ProcFiles.listenQueue(ProcFiles.read(NETSTAT));
    }

    /**
     * For a plan's target: local when it is loopback or one of this host's addresses; the policy is the gRPC
     * connection policy, an HTTP target's {@code per-call}, or keep-alive.
     */
    public static PortExhaustion forTarget(Plan.Target target) {
        String policy = target.grpc() != null ? target.grpc().policy()
                : target.http() != null && target.http().perCall() ? "per-call" : "keep-alive";
        return new PortExhaustion(isLocal(target.baseUrl().getHost()), policy);
    }

    private static boolean isLocal(String host) {
        try {
            java.net.InetAddress a = java.net.InetAddress.getByName(host);
            return a.isLoopbackAddress() || java.net.NetworkInterface.getByInetAddress(a) != null;
        } catch (java.io.IOException e) {
            return false;
        }
    }

    @Override
    public void onInterval(IntervalStats interval, GeneratorHealth health) {
        long[] listen = targetLocal ? ProcFiles.listenQueue(ProcFiles.read(NETSTAT)) : new long[] {-1, -1};
        if (step == null || !step.name.equals(interval.step())) {
            judge(step);
            step = new StepCounts(interval.step());
        }
        step.add(interval.errors(), health, delta(listen[0], lastListen[0]), delta(listen[1], lastListen[1]));
        lastListen = listen;
    }

    /** The findings so far, the step running now included: generator side first. */
    public List<Finding> findings() {
        judge(step);
        List<Finding> out = new ArrayList<>();
        if (generator != null) out.add(generator);
        if (target != null) out.add(target);
        return out;
    }

    private static long delta(long now, long before) {
        return now < 0 || before < 0 ? 0 : Math.max(0, now - before);
    }

    private void judge(StepCounts s) {
        if (s == null) {
            return;
        }
        long failedConnects = s.refused + s.timeout;
        boolean nearFull = s.rangeSize > 0 && s.ports >= GeneratorHealth.PORTS_LIMIT * s.rangeSize;
        if (generator == null && (s.noPort > 0 || nearFull && failedConnects > 0)) {
            generator = generatorFinding(s);
        }
        // a dropped handshake makes the client retry its SYN until its connect times out; a refused connect is a port
        // nobody listens on (a dead target), which another process's overflow in the same second must not explain
        if (target == null && targetLocal && s.overflows + s.drops > 0 && s.timeout > 0) {
            target = targetFinding(s);
        }
    }

    private Finding generatorFinding(StepCounts s) {
        PortExhaustionDetail c = counts(s, PortSide.GENERATOR);
        PortExhaustionDetail d = c.withAdvice(reuse() + "; or give the generator's host more ports: sysctl net.ipv4.ip_local_port_range=\"10000 65535\""
                + " (now " + range + ") and net.ipv4.tcp_tw_reuse=1 (now " + c.tcpTwReuse()
                + "), which lets a new outgoing connection take a port still in TIME_WAIT");
        String what = s.noPort > 0
                ? String.format("the load generator ran out of ephemeral ports in %s: %d connects failed with EADDRNOTAVAIL", s.name, s.noPort)
                : String.format("the load generator nearly ran out of ephemeral ports in %s: %d connects refused or timed out", s.name,
                s.refused + s.timeout);
        String title = String.format("%s; %d of %d local ports (%s) in use, %d in TIME_WAIT; connection policy %s",
                what, s.ports, s.rangeSize, range, s.timeWait, policy);
        return new Finding(FindingKind.PORT_EXHAUSTION, s.noPort > 0 ? Severity.CRITICAL : Severity.WARNING, title,
                "ephemeral ports of the load generator", List.of(RunDirectory.GENERATOR, RunDirectory.LOAD), Detail.map(d));
    }

    private Finding targetFinding(StepCounts s) {
        PortExhaustionDetail d = counts(s, PortSide.TARGET).withAdvice("let the service accept faster or queue more: a larger listen backlog (the server's backlog"
                + " option, capped by sysctl net.core.somaxconn) and net.ipv4.tcp_max_syn_backlog; and fewer new connections: "
                + reuse());
        String title = String.format("the target's listen queue overflowed in %s: %d overflows, %d dropped handshakes"
                        + " (TcpExt ListenOverflows/ListenDrops), %d connects timed out; connection policy %s",
                s.name, s.overflows, s.drops, s.timeout, policy);
        return new Finding(FindingKind.PORT_EXHAUSTION, Severity.CRITICAL, title, "listen queue of the target",
                List.of(RunDirectory.LOAD), Detail.map(d));
    }

    private String reuse() {
        return switch (policy) {
            case "per-call" -> "reuse connections: connection_policy shared (keep-alive connections, or a few HTTP/2 connections,"
                    + " carry every call) instead of per-call, whose every call opens a connection that holds a local port,"
                    + " then 60 s of TIME_WAIT";
            case "per-user" -> "reuse connections: connection_policy shared (a few HTTP/2 channels carry every call) instead of"
                    + " one per user";
            default -> "keep connections open across calls (a server that closes them after each answer makes every call a"
                    + " new connection)";
        };
    }

    private PortExhaustionDetail counts(StepCounts s, PortSide side) {
        String reuse = ProcFiles.read(TW_REUSE).trim();
        return new PortExhaustionDetail(side, s.name, s.ports, range, s.rangeSize, s.timeWait, s.noPort, s.refused, s.timeout,
                s.overflows, s.drops, policy, reuse.matches("\\d+") ? Integer.parseInt(reuse) : -1, null);
    }

    /** One step's connect errors, its worst second's socket counts and its listen-queue counters' growth. */
    private static final class StepCounts {
        final String name;
        long noPort;
        long refused;
        long timeout;
        int ports;
        int rangeSize;
        int timeWait;
        long overflows;
        long drops;

        StepCounts(String name) {
            this.name = name;
        }

        void add(Map<String, Long> errors, GeneratorHealth h, long overflowsDelta, long dropsDelta) {
            noPort += errors.getOrDefault(NO_PORT, 0L);
            refused += errors.getOrDefault(REFUSED, 0L);
            timeout += errors.getOrDefault(TIMEOUT, 0L);
            if (h != null) {
                ports = Math.max(ports, h.ephemeralPortsInUse());
                rangeSize = Math.max(rangeSize, h.ephemeralPortRange());
                timeWait = Math.max(timeWait, h.timeWait());
            }
            overflows += overflowsDelta;
            drops += dropsDelta;
        }
    }
}
