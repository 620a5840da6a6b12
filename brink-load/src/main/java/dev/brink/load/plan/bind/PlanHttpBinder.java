package dev.brink.load.plan.bind;

import static dev.brink.load.plan.PlanValues.bool;
import static dev.brink.load.plan.PlanValues.fields;
import static dev.brink.load.plan.PlanValues.integer;
import static dev.brink.load.plan.PlanValues.req;
import static dev.brink.load.plan.PlanValues.string;

import dev.brink.core.Addresses;
import dev.brink.core.BrinkUserException;
import dev.brink.load.plan.Plan;
import dev.brink.load.plan.PlanNode;
import java.net.URI;
import java.nio.file.Path;
import java.util.Map;

/**
 * An HTTP target: {@code target: {base_url: https://host:port/prefix, http2: true, allow_http1: true,
 * connections: N, connection_policy: shared|per-call, ca_cert: ca.pem, insecure: true, client_cert: c.pem,
 * client_key: k.pem, jvm: {pid|jmx|launch}}}. TLS keys only with an https:// base URL; files relative to the plan's
 * folder. Errors name file:line:column, as {@link PlanBinder}'s do.
 */
final class PlanHttpBinder {
    private PlanHttpBinder() {
    }

    static Plan.Target target(PlanNode n, Path baseDir) throws BrinkUserException {
        Map<String, PlanNode> f = fields(n, "target", "base_url", "http2", "allow_http1", "connections", "connection_policy",
                "ca_cert", "insecure", "client_cert", "client_key", "jvm");
        PlanNode urlNode = req(n, f, "base_url", "target");
        String url = string(urlNode, "target.base_url");
        URI uri;
        try {
            uri = Addresses.httpUrl(url, "target.base_url");
        } catch (BrinkUserException e) {
            throw urlNode.error("target.base_url", Addresses.EXPECTED_URL);
        }
        boolean https = "https".equalsIgnoreCase(uri.getScheme());
        for (String k : new String[] {"ca_cert", "insecure", "client_cert", "client_key"}) {
            if (f.containsKey(k) && !https) throw f.get(k).error("target." + k, "an https:// base_url for a TLS setting");
        }
        boolean http2 = f.containsKey("http2") && bool(f.get("http2"), "target.http2");
        boolean allow = f.containsKey("allow_http1") && bool(f.get("allow_http1"), "target.allow_http1");
        if (allow && !http2) throw f.get("allow_http1").error("target.allow_http1", "http2: true beside it (a fallback from HTTP/2)");
        if (allow && !https) throw f.get("allow_http1").error("target.allow_http1", "an https:// base_url (h2c has no fallback)");
        int connections = f.containsKey("connections") ? (int) integer(f.get("connections"), "target.connections", 1, 10_000) : 1;
        String policy = "shared";
        if (f.containsKey("connection_policy")) {
            policy = string(f.get("connection_policy"), "target.connection_policy");
            if (!Plan.Http.POLICIES.contains(policy)) throw f.get("connection_policy").error("target.connection_policy", "shared or per-call");
        }
        Plan.Tls tls = null;
        if (https) {
            Path ca = f.containsKey("ca_cert") ? PlanGrpcBinder.file(f.get("ca_cert"), "target.ca_cert", baseDir) : null;
            boolean insecure = f.containsKey("insecure") && bool(f.get("insecure"), "target.insecure");
            if (ca != null && insecure) throw f.get("insecure").error("target.insecure", "ca_cert or insecure, not both");
            Path cert = f.containsKey("client_cert") ? PlanGrpcBinder.file(f.get("client_cert"), "target.client_cert", baseDir) : null;
            Path key = f.containsKey("client_key") ? PlanGrpcBinder.file(f.get("client_key"), "target.client_key", baseDir) : null;
            if ((cert == null) != (key == null)) {
                throw n.error("target", "client_cert and client_key together (a client certificate needs its key)");
            }
            if (ca != null || insecure || cert != null) tls = new Plan.Tls(ca, insecure, cert, key);
        }
        return new Plan.Target(uri, PlanBinder.jvm(f.get("jvm")), null, null, new Plan.Http(http2, allow, tls, policy, connections));
    }
}
