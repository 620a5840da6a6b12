package dev.brink.method;

import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.brink.core.BrinkUserException;
import dev.brink.core.Durations;
import dev.brink.core.OutputFiles;
import dev.brink.load.plan.Plan;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** plan.yaml in the run directory: the plan as run, in the user's own format, secret values as "***". */
final class PlanWriter {
    private PlanWriter() {
    }

    /** An HTTP target's keys the plan binder reads back (PlanHttpBinder), only where they differ from the defaults. */
    private static void http(Plan.Http h, Map<String, Object> target) {
        if (h == null) return;
        if (h.http2()) target.put("http2", true);
        if (h.allowHttp1()) target.put("allow_http1", true);
        if (h.connections() != 1) target.put("connections", h.connections());
        if (h.perCall()) target.put("connection_policy", h.policy());
        Plan.Tls t = h.tls();
        if (t == null) return;
        if (t.caCert() != null) target.put("ca_cert", t.caCert().toString());
        if (t.insecure()) target.put("insecure", true);
        if (t.clientCert() != null) { // the files' names only: the key itself never leaves its file
            target.put("client_cert", t.clientCert().toString());
            target.put("client_key", t.clientKey().toString());
        }
    }

    static void write(Plan plan, Path file) throws BrinkUserException {
        Plan p = plan.redacted();
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("name", p.name());
        Map<String, Object> target = new LinkedHashMap<>();
        Plan.Grpc grpc = p.target().grpc();
        if (grpc == null) {
            target.put("base_url", p.target().baseUrl().toString());
            http(p.target().http(), target);
        } else {
            target.put("grpc", p.target().baseUrl().getAuthority());
            if (grpc.proto() != null) target.put("proto", grpc.proto().toString());
            if (!grpc.importPaths().isEmpty()) target.put("import_paths", grpc.importPaths().stream().map(Path::toString).toList());
            if (grpc.protoset() != null) target.put("protoset", grpc.protoset().toString());
            target.put("connections", grpc.channels());
            target.put("connection_policy", grpc.policy());
            if (grpc.deadline() != null) target.put("deadline", d(grpc.deadline()));
            if (grpc.tls() != null) {
                target.put("tls", true);
                if (grpc.tls().caCert() != null) target.put("ca_cert", grpc.tls().caCert().toString());
                if (grpc.tls().insecure()) target.put("insecure", true);
            }
            if (grpc.authority() != null) target.put("authority", grpc.authority());
        }
        if (p.target().jvm() != null) {
            Map<String, Object> jvm = new LinkedHashMap<>();
            if (p.target().jvm().pid() != null) jvm.put("pid", p.target().jvm().pid());
            if (p.target().jvm().jmx() != null) jvm.put("jmx", p.target().jvm().jmx());
            if (p.target().jvm().launch() != null) jvm.put("launch", p.target().jvm().launch());
            if (!p.target().jvm().appPackages().isEmpty()) jvm.put("app_packages", p.target().jvm().appPackages());
            if (p.target().jvm().startTimeout() != null) jvm.put("start_timeout", dev.brink.core.Durations.format(p.target().jvm().startTimeout()));
            target.put("jvm", jvm);
        }
        root.put("target", target);
        if (p.users() != null) {
            root.put("users", ordered("count", p.users().count(), "think", p.users().think().toString(),
                    "pacing", dev.brink.load.plan.ThinkTime.exact(p.users().pacing())));
        }
        Plan plan0 = p;
        if (p.flows().isEmpty()) {
            root.put("profile", p.profile().stream().map(grpc == null ? o -> operation(o, plan0.closedModel() ? "weight" : "rps")
                    : PlanWriter::call).toList());
        } else {
            root.put("flows", p.flows().stream().map(f -> {
                Map<String, Object> m = ordered("name", f.name(), plan0.closedModel() ? "weight" : "rps", f.rate());
                m.put("steps", f.steps().stream().map(i -> operation(plan0.profile().get(i), null)).toList());
                return m;
            }).toList());
        }
        if (p.slo() != null) {
            root.put("slo", ordered("error_rate", p.slo().errorRate(), "p99_ms", p.slo().p99Ms()));
        }
        Map<String, Object> phases = new LinkedHashMap<>();
        Plan.Phases none = new Plan.Phases(null, null, null);
        if (p.phases() == null) {
            p = new Plan(p.name(), p.target(), p.profile(), p.slo(), none, p.data(), p.failOn(), p.users(), p.flows());
        }
        if (p.phases().capacity() != null) {
            Plan.Capacity c = p.phases().capacity();
            phases.put("capacity", ordered("start", c.start(), "step", c.step(), "max", c.max(),
                    "step_duration", d(c.stepDuration()), "warmup", d(c.warmup()), "refine", c.refine()));
        }
        if (p.phases().confirm() != null) {
            Plan.Confirm c = p.phases().confirm();
            phases.put("confirm", ordered("ramp", d(c.ramp()), "hold", d(c.hold()), "multiplier", c.multiplier()));
        }
        if (p.phases().soak() != null) {
            Plan.Soak s = p.phases().soak();
            phases.put("soak", ordered("multiplier", s.multiplier(), "hold", d(s.hold()),
                    "small_heap", s.smallHeapBytes() == null ? null : SoakPhase.xmx(s.smallHeapBytes()), "probes", s.probes()));
        }
        if (p.phases() != null && p.phases().stages() != null) phases.put("stages", p.phases().stages().text());
        root.put("phases", phases);
        Plan.FailOn f = p.failOn();
        if (!f.equals(Plan.FailOn.NEVER)) {
            root.put("fail_on", ordered("capacity_below", f.capacityBelow(), "confirm", f.confirmDegraded() ? "degraded" : null,
                    "soak", f.soakLeak() ? "leak" : null, "findings", f.findings(),
                    "thresholds", f.thresholds().isEmpty() ? null : f.thresholds().text()));
        }
        OutputFiles.write(file, out -> new YAMLMapper().writeValue(out, root));
    }

    /** {@code rateKey}: "rps", "weight", or null for a flow's step (its rate is the flow's). */
    private static Map<String, Object> operation(Plan.Operation o, String rateKey) {
        Map<String, Object> request = new LinkedHashMap<>();
        request.put("method", o.request().method());
        request.put("path", o.request().path());
        if (!o.request().headers().isEmpty()) {
            Map<String, Object> headers = new LinkedHashMap<>();
            o.request().headers().forEach(h -> headers.put(h.name(), h.value()));
            request.put("headers", headers);
        }
        if (o.request().form() != null) request.put("form", o.request().form());
        else if (o.request().json() != null) request.put("json", o.request().json());
        else if (o.request().multipart() != null) {
            Map<String, Object> parts = new LinkedHashMap<>();
            for (Plan.Request.Part part : o.request().multipart()) {
                parts.put(part.name(), part.file() == null ? part.value()
                        : ordered("file", part.file().toString(), "content_type", part.contentType(), "filename", part.filename()));
            }
            request.put("multipart", parts);
        } else if (o.request().body() != null) request.put("body", o.request().body());
        if (o.request().followRedirects() > 0) request.put("follow_redirects", o.request().followRedirects());
        Map<String, Object> op = ordered("name", o.name());
        if (rateKey != null) op.put(rateKey, o.rps());
        op.put("request", request);
        if (o.think() != null) op.put("think", o.think().toString());
        Map<String, Object> check = new LinkedHashMap<>();
        if (!o.check().accepted().isEmpty()) check.put("status", List.copyOf(o.check().accepted()));
        else if (o.check().status() != 0) check.put("status", o.check().status());
        for (Plan.Check.Content c : o.check().content()) {
            switch (c.from()) {
                case REGEX -> check.put("body_regex", c.expression()); // a body substring is kept as its quoted pattern
                case HEADER, JSON -> {
                    @SuppressWarnings("unchecked")
                    Map<String, Object> m = (Map<String, Object>) check.computeIfAbsent(c.from() == Plan.Extract.Source.HEADER ? "header" : "json",
                            k -> new LinkedHashMap<String, Object>());
                    m.put(c.expression(), c.matches());
                }
                default -> { }
            }
        }
        if (!check.isEmpty()) op.put("check", check);
        if (!o.extract().isEmpty()) {
            Map<String, Object> extract = new LinkedHashMap<>();
            o.extract().forEach(e -> extract.put(e.name(), Map.of(e.from().key, e.expression())));
            op.put("extract", extract);
        }
        return op;
    }

    /** A gRPC operation: path is the method, headers the metadata, body the JSON message (see Plan.Target). */
    private static Map<String, Object> call(Plan.Operation o) {
        Map<String, Object> op = ordered("name", o.name(), "rps", o.rps(), "call", o.request().path());
        if (o.request().body() != null) op.put("message", o.request().body());
        if (!o.request().headers().isEmpty()) {
            Map<String, Object> metadata = new LinkedHashMap<>();
            // a secret stays marked secret: read back, "***" is not sent as if it were the value
            o.request().headers().forEach(h -> metadata.put(h.name(), h.secret() ? ordered("value", h.value(), "secret", true) : h.value()));
            op.put("metadata", metadata);
        }
        return op;
    }

    private static String d(Duration d) {
        return d == null ? null : Durations.format(d);
    }

    private static Map<String, Object> ordered(Object... kv) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            if (kv[i + 1] != null) m.put((String) kv[i], kv[i + 1]);
        }
        return m;
    }

}
