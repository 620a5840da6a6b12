package dev.brink.cli;

import dev.brink.core.Addresses;
import dev.brink.core.BrinkUserException;
import dev.brink.core.Durations;
import dev.brink.load.LoadEngine;
import dev.brink.load.LoadOptions;
import dev.brink.load.Plan;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code brink grpc}: a one-line gRPC load test (ghz style) on Brink's load engine; the same output as {@code brink http}. */
@Command(name = "grpc", mixinStandardHelpOptions = true,
        description = {"A one-line gRPC load test of a unary or server-streaming method, plaintext HTTP/2: an open model "
                + "(--rate, latency from each call's intended send time) or a closed model (--users).",
            "Descriptors come from --proto (parsed in-process, no protoc needed), --protoset, or else the server's "
                + "reflection service. Errors are counted by gRPC status, like grpc-UNAVAILABLE.",
            // picocli interpolates ${...} in help text: $${ prints a literal ${
            "The JSON message may use $${seq}, $${random.int(a,b)}, $${random.string(n)}, $${random.decimal(a,b)}, "
                + "$${random.uuid} and $${env.NAME} (never printed)."})
final class GrpcCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "HOST:PORT", description = "The gRPC server.")
    String address;

    @Option(names = "--call", paramLabel = "pkg.Service/Method", required = true, description = "The method to call.")
    String call;

    @Option(names = "--proto", paramLabel = "FILE", description = "A .proto file defining the service.")
    Path proto;

    @Option(names = "--import-path", paramLabel = "DIR", description = "Where the .proto's imports are; repeatable.")
    List<Path> importPaths = new ArrayList<>();

    @Option(names = "--protoset", paramLabel = "FILE", description = "A descriptor set (protoc --include_imports --descriptor_set_out).")
    Path protoset;

    @Option(names = {"-d", "--data"}, paramLabel = "JSON|@FILE", description = "The request message as JSON, or @file (default: {}).")
    String data;

    @Option(names = {"-m", "--metadata"}, paramLabel = "'k: v'", description = "A metadata header; repeatable (authorization and $${env.…} values are never printed).")
    List<String> metadata = new ArrayList<>();

    @Mixin
    OneLineLoadOptions load;

    @Option(names = "--connections", paramLabel = "C", defaultValue = "1", description = "HTTP/2 connections shared by all calls (policy shared; default: ${DEFAULT-VALUE}).")
    int connections;

    @Option(names = "--connection-policy", paramLabel = "P", defaultValue = "shared",
            description = "shared (default), per-user (a connection per concurrent caller) or per-call (a new connection per call).")
    String policy;

    @Option(names = "--concurrency", paramLabel = "N", description = "Calls in flight at most (default: 1000, or N with --users).")
    Integer concurrency;

    @Option(names = "--deadline", paramLabel = "T", description = "Each call's gRPC deadline (default: none; --timeout still applies).")
    String deadline;

    @Override
    public Integer call() throws Exception {
        Duration d = load.duration();
        Duration t = load.timeout();
        Duration dl = deadline == null ? null : OneLineLoad.positive("--deadline", deadline);
        // one validator for every address Brink takes (a port of 99999 is one line and exit 2, as in brink http)
        if (!address.matches("[^:/\\s]+:\\d{1,5}")) throw new BrinkUserException("bad address '" + address + "': expected host:port");
        Addresses.hostPort(address, "address");
        OneLineLoad.checkModel(load.rate(), load.users());
        if (!Plan.Grpc.POLICIES.contains(policy)) {
            throw new BrinkUserException("bad --connection-policy " + policy + ": expected shared, per-user or per-call");
        }
        if (connections < 1 || connections > 10_000) throw new BrinkUserException("bad --connections " + connections + ": expected 1..10000");
        if (proto != null && protoset != null) throw new BrinkUserException("--proto and --protoset: expected one of them");
        int slots = concurrency != null ? concurrency : load.users() != null ? load.users() : 1000;
        if (slots < 1 || slots > 60_000) throw new BrinkUserException("bad --concurrency " + slots + ": expected 1..60000");
        URI target = URI.create("grpc://" + address);
        Plan plan = new Plan("grpc", new Plan.Target(target, null,
                new Plan.Grpc(proto, importPaths, protoset, connections, policy, dl)),
                List.of(new Plan.Operation("call", load.rate() != null ? load.rate() : 1,
                        new Plan.Request("POST", call, metadata(), message()), Plan.Check.DEFAULT)), null, null, null);
        LoadOptions opts = load.options(slots, t); // --shard and --start-at checked before any connection
        LoadEngine.checkReachable(target, Duration.ofSeconds(5));
        String m = load.rate() != null ? String.format(Locale.ROOT, "open model, %s calls/s", load.rate())
                : "closed model, " + load.users() + " callers";
        OneLineLoad.run(load.spec, "grpc", plan, opts, load.users(), d, load.out, load.json,
                "grpc://" + address + "/" + call,
                transport -> "brink grpc " + address + " " + call + " — " + m + " for " + Durations.format(d) + ", "
                        + policy + " connections, up to " + slots + " calls in flight (" + transport + ")");
        return BrinkMain.EXIT_OK;
    }

    private List<Plan.Header> metadata() throws BrinkUserException {
        List<Plan.Header> hs = new ArrayList<>();
        for (String h : metadata) {
            int colon = h.indexOf(':');
            if (colon < 1 || !h.substring(0, colon).trim().matches("[0-9a-zA-Z_.-]+")) {
                throw new BrinkUserException("bad --metadata '" + (colon < 1 ? h : h.substring(0, colon)) + "…': expected 'key: value'");
            }
            hs.add(new Plan.Header(h.substring(0, colon).trim(), h.substring(colon + 1).trim(), false));
        }
        return hs;
    }

    private String message() throws BrinkUserException {
        if (data == null || !data.startsWith("@")) return data;
        try {
            return Files.readString(Path.of(data.substring(1)), StandardCharsets.UTF_8);
        } catch (IOException | RuntimeException e) {
            throw new BrinkUserException("cannot read --data file " + data.substring(1) + ": " + e.getMessage());
        }
    }
}
