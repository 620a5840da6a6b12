package dev.brink.cli;

import dev.brink.core.Addresses;
import dev.brink.core.BrinkUserException;
import dev.brink.core.Durations;
import dev.brink.core.InputFiles;
import dev.brink.core.InputKind;
import dev.brink.core.UserText;
import dev.brink.load.LoadEngine;
import dev.brink.load.engine.LoadOptions;
import dev.brink.load.plan.Plan;
import java.net.URI;
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
        description = {"A one-line gRPC load test of a unary or server-streaming method, over plaintext HTTP/2 or TLS: an open "
                + "model (--rate, latency from each call's intended send time) or a closed model (--users). Each message "
                + "of a server stream is timed too (time to each message, gaps between messages).",
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

    @Option(names = "--proto", paramLabel = "FILE", description = "A .proto file defining the service (proto2, proto3 or edition 2023).")
    Path proto;

    @Option(names = "--import-path", paramLabel = "DIR", description = "Where the .proto's imports are; repeatable.")
    List<Path> importPaths = new ArrayList<>();

    @Option(names = "--protoset", paramLabel = "FILE", description = "A descriptor set (protoc --include_imports --descriptor_set_out).")
    Path protoset;

    @Option(names = {"-d", "--data"}, paramLabel = "JSON|@FILE", description = "The request message as JSON, or @file (default: {}).")
    String data;

    @Option(names = {"-m", "--metadata"}, paramLabel = "'k: v'", description = "A metadata header; repeatable. A key ending "
            + "in -bin takes a base64 value, sent as binary. Authorization and $${env.…} values are never printed.")
    List<String> metadata = new ArrayList<>();

    @Option(names = "--secret-metadata", paramLabel = "'k: v'", description = "A metadata header whose value is never printed; repeatable.")
    List<String> secretMetadata = new ArrayList<>();

    @Option(names = "--tls", description = "TLS, trusting the JVM's default trust store.")
    boolean tls;

    @Option(names = "--cacert", paramLabel = "FILE", description = "TLS, trusting the CA certificate(s) in this PEM file.")
    Path caCert;

    @Option(names = "--insecure", description = "TLS without verifying the server's certificate (a warning says so).")
    boolean insecure;

    @Option(names = "--authority", paramLabel = "NAME", description = "The :authority of every call, and with TLS the name "
            + "the server's certificate must carry (default: HOST:PORT).")
    String authority;

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
        if (caCert != null && insecure) throw new BrinkUserException("--cacert and --insecure: expected one of them");
        if (authority != null && !authority.matches("[^\\s/@]+")) {
            throw new BrinkUserException("bad --authority '" + authority + "': expected a host name, or host:port");
        }
        Plan.Tls tlsSettings = tls || caCert != null || insecure ? new Plan.Tls(caCert, insecure) : null;
        int slots = concurrency != null ? concurrency : load.users() != null ? load.users() : 1000;
        if (slots < 1 || slots > 60_000) throw new BrinkUserException("bad --concurrency " + slots + ": expected 1..60000");
        URI target = URI.create("grpc://" + address);
        Plan plan = new Plan("grpc", new Plan.Target(target, null,
                new Plan.Grpc(proto, importPaths, protoset, connections, policy, dl, tlsSettings, authority)),
                List.of(new Plan.Operation("call", load.rate() != null ? load.rate() : 1,
                        new Plan.Request("POST", call, metadata(), message()), Plan.Check.DEFAULT)), null, null, null);
        LoadOptions opts = load.options(slots, t); // --shard and --start-at checked before any connection
        LoadEngine.checkReachable(target, Duration.ofSeconds(5));
        if (insecure) {
            // stderr, so --json output stays one document
            load.spec.commandLine().getErr().println("warning: --insecure: the server's TLS certificate is not verified; "
                    + "anyone on the path could answer for " + address);
        }
        String m = load.rate() != null ? String.format(Locale.ROOT, "open model, %s calls/s", load.rate())
                : "closed model, " + load.users() + " callers";
        return OneLineLoad.run(load, "grpc", plan, opts, d,
                "grpc://" + address + "/" + call,
                transport -> "brink grpc " + address + " " + call + " — " + m + " for " + Durations.format(d) + ", "
                        + policy + " connections" + (tlsSettings == null ? "" : insecure ? ", TLS unverified" : ", TLS")
                        + ", up to " + slots + " calls in flight (" + transport + ")");
    }

    private List<Plan.Header> metadata() throws BrinkUserException {
        List<Plan.Header> hs = new ArrayList<>();
        for (String h : metadata) hs.add(header(h, "--metadata", false));
        for (String h : secretMetadata) hs.add(header(h, "--secret-metadata", true));
        return hs;
    }

    /** One 'key: value'; a message names the key, never the value (it may be a token). */
    private static Plan.Header header(String h, String option, boolean secret) throws BrinkUserException {
        int colon = h.indexOf(':');
        String key = colon < 1 ? "" : h.substring(0, colon).trim();
        if (!key.matches("[0-9a-zA-Z_.-]+")) {
            throw new BrinkUserException("bad " + option + (key.isEmpty() ? "" : " '" + key + "…'")
                    + ": expected 'key: value' (value not shown)");
        }
        String value = h.substring(colon + 1).trim();
        try {
            return new Plan.Header(key, value, secret);
        } catch (IllegalArgumentException e) {
            throw new BrinkUserException("bad " + option + " '" + key + "': expected a value on one line (value not shown)");
        }
    }

    private String message() throws BrinkUserException {
        if (data == null || !data.startsWith("@")) return data;
        try {
            return InputFiles.readUtf8(Path.of(data.substring(1)), InputKind.GRPC_MESSAGE);
        } catch (java.nio.file.InvalidPathException e) {
            throw new BrinkUserException("bad --data file name '" + UserText.quote(data.substring(1)) + "'");
        }
    }
}
