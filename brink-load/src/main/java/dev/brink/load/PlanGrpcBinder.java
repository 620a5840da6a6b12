package dev.brink.load;

import static dev.brink.load.PlanBinder.duration;
import static dev.brink.load.PlanBinder.fields;
import static dev.brink.load.PlanBinder.integer;
import static dev.brink.load.PlanBinder.number;
import static dev.brink.load.PlanBinder.req;
import static dev.brink.load.PlanBinder.string;
import static dev.brink.load.PlanBinder.template;

import dev.brink.core.BrinkUserException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * The gRPC parts of a plan: {@code target: {grpc: "host:port", proto: f.proto, import_paths: [..], protoset: …,
 * connections: N, connection_policy: shared|per-user|per-call, deadline: 2s, jvm: {pid|jmx|launch}}} and operations with
 * {@code call: pkg.Service/Method}, {@code message: '{json template}'} and {@code metadata: {k: v}}. Files are
 * relative to the plan's folder. Errors name file:line:column, as {@link PlanBinder}'s do.
 */
final class PlanGrpcBinder {
    private PlanGrpcBinder() {
    }

    static Plan.Target target(PlanNode n, Path baseDir) throws BrinkUserException {
        Map<String, PlanNode> f = fields(n, "target", "grpc", "proto", "import_paths", "protoset", "connections",
                "connection_policy", "deadline", "jvm");
        PlanNode addr = f.get("grpc");
        String hostPort = string(addr, "target.grpc");
        if (!hostPort.matches("[^:/\\s]+:\\d{1,5}")) throw addr.error("target.grpc", "host:port");
        Path proto = f.containsKey("proto") ? file(f.get("proto"), "target.proto", baseDir) : null;
        Path protoset = f.containsKey("protoset") ? file(f.get("protoset"), "target.protoset", baseDir) : null;
        if (proto != null && protoset != null) throw f.get("protoset").error("target.protoset", "proto or protoset, not both");
        List<Path> imports = new ArrayList<>();
        PlanNode ip = f.get("import_paths");
        if (ip != null && !ip.isNull()) {
            if (ip.items() == null) throw ip.error("target.import_paths", "a list of folders");
            for (PlanNode i : ip.items()) imports.add(baseDir.resolve(string(i, "target.import_paths")));
        }
        int channels = f.containsKey("connections") ? (int) integer(f.get("connections"), "target.connections", 1, 10_000) : 1;
        String policy = "shared";
        if (f.containsKey("connection_policy")) {
            policy = string(f.get("connection_policy"), "target.connection_policy");
            if (!Plan.Grpc.POLICIES.contains(policy)) {
                throw f.get("connection_policy").error("target.connection_policy", "shared, per-user or per-call");
            }
        }
        Duration deadline = f.containsKey("deadline") ? duration(f.get("deadline"), "target.deadline") : null;
        return new Plan.Target(URI.create("grpc://" + hostPort), PlanBinder.jvm(f.get("jvm")),
                new Plan.Grpc(proto, imports, protoset, channels, policy, deadline));
    }

    private static Path file(PlanNode n, String path, Path baseDir) throws BrinkUserException {
        Path p = baseDir.resolve(string(n, path));
        if (!Files.isRegularFile(p)) throw n.error(path, "an existing file (" + p + " is not one)");
        return p;
    }

    static Plan.Operation operation(PlanNode n, String path, List<String> columns, UnaryOperator<String> env)
            throws BrinkUserException {
        Map<String, PlanNode> f = fields(n, path, "name", "rps", "call", "message", "metadata");
        String name = string(req(n, f, "name", path), path + ".name");
        if (!name.matches("[!#$%&'*+.^_`|~0-9A-Za-z-]+")) throw f.get("name").error(path + ".name", "letters, digits, '-', '_' or '.'");
        double rps = number(req(n, f, "rps", path), path + ".rps", 0, 1e7);
        PlanNode c = req(n, f, "call", path);
        String call = string(c, path + ".call");
        if (!call.matches("[A-Za-z_][\\w.]*/[A-Za-z_]\\w*")) throw c.error(path + ".call", "pkg.Service/Method");
        String message = null;
        if (f.containsKey("message") && !f.get("message").isNull()) {
            message = string(f.get("message"), path + ".message");
            template(f.get("message"), message, path + ".message", columns, env, Template.Field.BODY);
        }
        List<Plan.Header> metadata = new ArrayList<>();
        PlanNode m = f.get("metadata");
        if (m != null && !m.isNull()) {
            if (m.fields() == null) throw m.error(path + ".metadata", "a mapping of key to value");
            for (Map.Entry<String, PlanNode> e : m.fields().entrySet()) {
                String mp = path + ".metadata." + e.getKey();
                if (!e.getKey().matches("[0-9a-z_.-]+") || e.getKey().endsWith("-bin")) {
                    throw e.getValue().error(mp, "a lower-case text metadata key");
                }
                String value = string(e.getValue(), mp);
                if (value.indexOf('\r') >= 0 || value.indexOf('\n') >= 0) throw e.getValue().error(mp, "a value on one line");
                template(e.getValue(), value, mp, columns, env, Template.Field.HEADER);
                metadata.add(new Plan.Header(e.getKey(), value, false));
            }
        }
        return new Plan.Operation(name, rps, new Plan.Request("POST", call, metadata, message), Plan.Check.DEFAULT);
    }
}
