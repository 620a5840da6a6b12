package dev.brink.load.tcp;

import dev.brink.load.plan.Plan;
import dev.brink.load.plan.PlanNode;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A raw-TCP plan compiled: the per-session variables, the lifecycle of a session (login, N data packets,
 * logout) and what comes back. Immutable and shared by every session; the mutable part is {@link Session}.
 *
 * <p>Lifecycle: one session is one connection (one device). Its first packet is {@code login} (if any), then
 * {@code dataPackets} data packets (0: until the run ends), then {@code logout}, after which the connection
 * closes and the next request opens a new session. Before every packet but the first, every variable moves
 * by one {@code interval}.
 */
public final class TcpSpec implements Plan.TcpPackets {
    final Variable[] variables;
    final Packet login;
    final Packet data;
    final Packet logout;
    final long dataPackets;
    final double intervalSeconds;
    final Response response;
    private final Map<String, PlanNode> sections;

    TcpSpec(Variable[] variables, Packet login, Packet data, Packet logout, long dataPackets, double intervalSeconds,
            Response response, Map<String, PlanNode> sections) {
        this.sections = Collections.unmodifiableMap(new LinkedHashMap<>(sections));
        this.variables = variables;
        this.login = login;
        this.data = data;
        this.logout = logout;
        this.dataPackets = dataPackets;
        this.intervalSeconds = intervalSeconds;
        this.response = response;
    }

    @Override
    public Map<String, PlanNode> sections() {
        return sections;
    }

    /** Compiled from sections that say the same, wherever they were read from. */
    @Override
    public boolean equals(Object o) {
        return o instanceof TcpSpec t && values(sections).equals(values(t.sections));
    }

    @Override
    public int hashCode() {
        return values(sections).hashCode();
    }

    private static Map<String, Object> values(Map<String, PlanNode> s) {
        Map<String, Object> m = new LinkedHashMap<>();
        s.forEach((k, v) -> m.put(k, v.value()));
        return m;
    }

    /** The compiled packets of {@code plan}'s tcp:// target, null for any other target. */
    public static TcpSpec of(Plan plan) {
        return (TcpSpec) plan.target().tcp();
    }

    public List<Variable> variables() {
        return List.of(variables);
    }

    public Response response() {
        return response;
    }

    /** The largest packet on the wire: the size of the arrays a sender keeps. */
    public int maxWireSize() {
        int m = data.maxWireSize();
        if (login != null) m = Math.max(m, login.maxWireSize());
        if (logout != null) m = Math.max(m, logout.maxWireSize());
        return m;
    }

    /** Starts session number {@code number} at {@code epochMs} bound to CSV {@code row} (may be null). */
    public void start(Session s, long number, long epochMs, byte[][] row, long seed) {
        s.sent = 0;
        s.number = number;
        s.startEpochMs = epochMs;
        s.row = row;
        s.seed(seed);
        for (Variable v : variables) v.start(s);
    }

    /** The packet {@code s} sends next, its variables moved for it; null when the session is over. */
    public Packet next(Session s) {
        long k = s.sent;
        long head = login == null ? 0 : 1;
        Packet p;
        if (k < head) {
            p = login;
        } else if (dataPackets == 0 || k < head + dataPackets) {
            p = data;
        } else if (logout != null && k == head + dataPackets) {
            p = logout;
        } else {
            return null;
        }
        if (k > 0) {
            for (Variable v : variables) v.advance(s, intervalSeconds);
        }
        s.sent = k + 1;
        return p;
    }

    /** True when {@code s} has sent its last packet: the connection is done after this response. */
    public boolean ended(Session s) {
        if (dataPackets == 0) return false;
        long total = (login == null ? 0 : 1) + dataPackets + (logout == null ? 0 : 1);
        return s.sent >= total;
    }
}
