package dev.brink.load.plan.bind;

import static dev.brink.load.plan.PlanValues.fields;
import static dev.brink.load.plan.PlanValues.number;
import static dev.brink.load.plan.PlanValues.req;
import static dev.brink.load.plan.PlanValues.string;

import dev.brink.core.Addresses;
import dev.brink.core.BrinkUserException;
import dev.brink.load.plan.Plan;
import dev.brink.load.plan.PlanNode;
import dev.brink.load.tcp.TcpPlanParser;
import dev.brink.load.tcp.TcpSpec;
import java.net.URI;
import java.util.List;
import java.util.Map;

/**
 * The raw-TCP parts of a plan: {@code target: {tcp: "host:port", jvm: …}}, the sections {@code variables},
 * {@code packets}, {@code session} and {@code response} (compiled by {@link TcpPlanParser}), and operations
 * that are only a name and a rate (each request is the next packet of some device's session). Errors name
 * file:line:column, as {@link PlanBinder}'s do.
 */
final class PlanTcpBinder {
    static final String[] ROOT_KEYS = {"name", "target", "profile", "slo", "phases", "data", "fail_on",
            "variables", "packets", "session", "response"};

    private PlanTcpBinder() {
    }

    static boolean isTcp(PlanNode root) {
        if (root.fields() == null) return false;
        PlanNode t = root.fields().get("target");
        return t != null && t.fields() != null && t.fields().containsKey("tcp");
    }

    static Plan.Target target(PlanNode n, PlanNode root, List<String> columns) throws BrinkUserException {
        Map<String, PlanNode> f = fields(n, "target", "tcp", "jvm");
        PlanNode addr = f.get("tcp");
        String hostPort = string(addr, "target.tcp");
        try {
            Addresses.hostPort(hostPort, "target.tcp");
        } catch (BrinkUserException e) {
            throw addr.error("target.tcp", Addresses.EXPECTED_HOST_PORT);
        }
        TcpSpec spec = TcpPlanParser.parse(root, columns);
        // target.jvm as for HTTP and gRPC: the platform behind the port is a JVM Brink can watch, launch and relaunch
        return new Plan.Target(URI.create("tcp://" + hostPort), PlanBinder.jvm(f.get("jvm")), null, spec);
    }

    static Plan.Operation operation(PlanNode n, String path) throws BrinkUserException {
        Map<String, PlanNode> f = fields(n, path, "name", "rps");
        String name = string(req(n, f, "name", path), path + ".name");
        if (!name.matches("[A-Za-z0-9._-]+")) throw f.get("name").error(path + ".name", "letters, digits, '-', '_' or '.'");
        double rps = number(req(n, f, "rps", path), path + ".rps", 0, PlanBinder.MAX_RPS);
        // the request of a TCP operation is the session's next packet; Plan.Request only names it for plan.yaml
        return new Plan.Operation(name, rps, new Plan.Request("TCP", "session", List.of(), null), Plan.Check.DEFAULT);
    }
}
