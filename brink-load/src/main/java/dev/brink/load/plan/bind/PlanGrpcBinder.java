package dev.brink.load.plan.bind;

import static dev.brink.load.plan.PlanValues.duration;
import static dev.brink.load.plan.PlanValues.fields;
import static dev.brink.load.plan.PlanValues.integer;
import static dev.brink.load.plan.PlanValues.number;
import static dev.brink.load.plan.PlanValues.req;
import static dev.brink.load.plan.PlanValues.string;
import static dev.brink.load.plan.bind.PlanBinder.template;

import dev.brink.core.BrinkUserException;
import dev.brink.load.engine.Template;
import dev.brink.load.grpc.GrpcProtocols;
import dev.brink.load.plan.Plan;
import dev.brink.load.plan.PlanNode;
import dev.brink.load.plan.PlanValues;
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
 * connections: N, connection_policy: shared|per-user|per-call, deadline: 2s, tls: true, ca_cert: ca.pem, insecure: true,
 * authority: name, jvm: {pid|jmx|launch}}} and operations with {@code call: pkg.Service/Method},
 * {@code message: '{json template}'} and {@code metadata: {k: v, k2-bin: base64, k3: {value: v, secret: true}}}. Files are
 * relative to the plan's folder. Errors name file:line:column, as {@link PlanBinder}'s do.
 */
final class PlanGrpcBinder {
    private PlanGrpcBinder() {
    }

    static Plan.Target target(PlanNode n, Path baseDir) throws BrinkUserException {
        Map<String, PlanNode> f = fields(n, "target", "grpc", "proto", "import_paths", "protoset", "connections",
                "connection_policy", "deadline", "tls", "ca_cert", "insecure", "authority", "jvm");
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
        // ca_cert or insecure mean TLS; tls: true alone trusts the JVM's own store
        boolean tls = f.containsKey("tls") && PlanValues.bool(f.get("tls"), "target.tls");
        Path ca = f.containsKey("ca_cert") ? file(f.get("ca_cert"), "target.ca_cert", baseDir) : null;
        boolean insecure = f.containsKey("insecure") && PlanValues.bool(f.get("insecure"), "target.insecure");
        if (ca != null && insecure) throw f.get("insecure").error("target.insecure", "ca_cert or insecure, not both");
        if (f.containsKey("tls") && !tls && (ca != null || insecure)) {
            throw f.get("tls").error("target.tls", "true with ca_cert or insecure");
        }
        String authority = null;
        if (f.containsKey("authority")) {
            authority = string(f.get("authority"), "target.authority");
            if (!authority.matches("[^\\s/@]+")) throw f.get("authority").error("target.authority", "a host name, or host:port");
        }
        return new Plan.Target(URI.create("grpc://" + hostPort), PlanBinder.jvm(f.get("jvm")),
                new Plan.Grpc(proto, imports, protoset, channels, policy, deadline,
                        tls || ca != null || insecure ? new Plan.Tls(ca, insecure) : null, authority));
    }

    /** A file the plan names at {@code n}, relative to the plan's folder, which must exist (gRPC and HTTPS targets). */
    static Path file(PlanNode n, String path, Path baseDir) throws BrinkUserException {
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
                if (!e.getKey().matches("[0-9a-z_.-]+") || e.getKey().startsWith("grpc-")) {
                    throw e.getValue().error(mp, "a lower-case metadata key not starting with grpc-");
                }
                PlanNode v = e.getValue();
                boolean secret = false;
                if (v.fields() != null) { // {value: …, secret: true}, as for HTTP headers
                    Map<String, PlanNode> vf = fields(v, mp, "value", "secret");
                    secret = PlanValues.bool(req(v, vf, "secret", mp), mp + ".secret");
                    v = req(v, vf, "value", mp);
                }
                String value = string(v, mp);
                // the value may be secret: errors name the key, never echo the value
                if (value.indexOf('\r') >= 0 || value.indexOf('\n') >= 0) {
                    throw new BrinkUserException(v.where() + ": " + mp + ": expected a value on one line (value not shown)");
                }
                template(v, value, mp, columns, env, Template.Field.HEADER);
                // a secret is checked when the run opens: read back from a run's plan.yaml it is "***"
                if (e.getKey().endsWith("-bin") && !secret && !value.contains("${") && GrpcProtocols.base64(value) == null) {
                    throw new BrinkUserException(v.where() + ": " + mp + ": expected a base64 value for a -bin key (value not shown)");
                }
                metadata.add(new Plan.Header(e.getKey(), value, secret));
            }
        }
        return new Plan.Operation(name, rps, new Plan.Request("POST", call, metadata, message), Plan.Check.DEFAULT);
    }
}
