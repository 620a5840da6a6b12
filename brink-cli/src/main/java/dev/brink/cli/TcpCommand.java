package dev.brink.cli;

import dev.brink.core.Addresses;
import dev.brink.core.BrinkUserException;
import dev.brink.load.LoadEngine;
import dev.brink.load.engine.LoadOptions;
import dev.brink.load.plan.Plan;
import dev.brink.load.plan.bind.PlanReader;
import dev.brink.load.tcp.TcpPlanParser;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code brink tcp}: a one-line raw-TCP load test of binary packets, on Brink's load engine. */
@Command(name = "tcp", mixinStandardHelpOptions = true,
        description = {"A one-line raw-TCP load test: each connection is a device's session (login, data packets, "
                + "logout) described by a plan's packet templates (DESIGN.md, Raw TCP plans), or one constant packet.",
            "Open model (--rate: packets per second, latency from each packet's intended send time) or closed (--users).",
            "Prints a line per second, then the same summary as brink http (--json: the same JSON shape)."})
final class TcpCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "HOST:PORT", description = "Where to connect (the plan's target is replaced).")
    String target;

    @ArgGroup(exclusive = true, multiplicity = "1")
    Source source;

    static final class Source {
        @Option(names = "--plan", paramLabel = "FILE", required = true, description = "A plan with target: {tcp: ...}, packets and a session.")
        Path plan;

        @Option(names = "--packet", paramLabel = "HEX", required = true, description = "One constant packet in hex, like '7E 01 00 7E', sent again and again.")
        String packet;
    }

    @Option(names = "--framing", paramLabel = "RULE", defaultValue = "none",
            description = "With --packet: none (fire-and-forget, the default), fixed:N or delimiter:HEX.")
    String framing;

    @Mixin
    OneLineLoadOptions load;

    @Option(names = "--connections", paramLabel = "C", description = "Sessions (connections) at most (default: 64, or N with --users).")
    Integer connections;

    @Override
    public Integer call() throws Exception {
        Duration d = load.duration();
        Duration t = load.timeout();
        Addresses.hostPort(target, "HOST:PORT");
        OneLineLoad.checkModel(load.rate(), load.users());
        int conns = connections != null ? connections : load.users() != null ? load.users() : 64;
        if (conns < 1 || conns > 60_000) throw new BrinkUserException("bad --connections " + conns + ": expected 1..60000");
        double rps = load.rate() != null ? load.rate() : 1;
        Plan plan = source.plan != null ? fromPlan(rps) : fromPacket(rps);
        URI base = URI.create("tcp://" + target);
        LoadOptions opts = load.options(conns, t); // --shard and --start-at checked before any connection
        LoadEngine.checkReachable(base, Duration.ofSeconds(5));
        return OneLineLoad.run(load, "tcp", plan, opts, d, target,
                transport -> "brink tcp " + target + ": " + (load.rate() != null ? load.rate() + " packets/s" : load.users() + " users")
                        + " for " + dev.brink.core.Durations.format(d) + ", " + conns + " sessions at most (" + transport + ")");
    }

    private Plan fromPlan(double rps) throws BrinkUserException {
        if (!framing.equals("none")) throw new BrinkUserException("--framing is for --packet; a plan has its response section");
        Plan p = PlanReader.load(source.plan);
        if (p.target().tcp() == null) {
            throw new BrinkUserException(source.plan + ": expected a plan with target: {tcp: \"host:port\"}");
        }
        return withRate(p.name(), p.target().tcp(), rps);
    }

    /** One constant packet as a plan, written as plan text so it is checked by the same parser. */
    private Plan fromPacket(double rps) throws BrinkUserException {
        String hex = source.packet.trim();
        byte[] bytes = TcpPlanParser.parseHex(hex);
        if (bytes == null || bytes.length == 0) {
            throw new BrinkUserException("bad --packet: expected bytes in hex, like '7E 01 00 7E'");
        }
        if (bytes.length > TcpPlanParser.MAX_PACKET) {
            throw new BrinkUserException("bad --packet: " + bytes.length + " bytes, expected at most " + TcpPlanParser.MAX_PACKET);
        }
        String response;
        if (framing.equals("none")) {
            response = "none";
        } else if (framing.matches("fixed:[0-9]{1,5}")) {
            response = "{fixed: " + framing.substring(6) + "}";
        } else if (framing.matches("delimiter:[0-9A-Fa-f]{2}")) {
            response = "{delimiter: {byte: \"" + framing.substring(10) + "\"}}";
        } else {
            throw new BrinkUserException("bad --framing '" + framing + "': expected none, fixed:N or delimiter:HEX (one byte)");
        }
        // the bytes as a folded block of 64-byte lines: a plan's lines are bounded, a packet is up to MAX_PACKET bytes
        StringBuilder folded = new StringBuilder();
        String digits = java.util.HexFormat.of().formatHex(bytes);
        for (int i = 0; i < digits.length(); i += 128) {
            folded.append("        ").append(digits, i, Math.min(digits.length(), i + 128)).append('\n');
        }
        String yaml = "name: tcp\ntarget: {tcp: \"" + target + "\"}\nprofile: [{name: tcp, rps: 1}]\n"
                + "packets:\n  packet:\n    - hex: >-\n" + folded + "response: {framing: " + response + "}\n";
        Plan p = PlanReader.parse(yaml, "--packet", Path.of("."), k -> null);
        return withRate("tcp", p.target().tcp(), rps);
    }

    private Plan withRate(String name, Plan.TcpPackets spec, double rps) {
        return new Plan(name, new Plan.Target(URI.create("tcp://" + target), null, null, spec),
                List.of(new Plan.Operation("tcp", rps, new Plan.Request("TCP", "session", List.of(), null), Plan.Check.DEFAULT)),
                null, null, null);
    }
}
