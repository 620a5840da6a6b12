package dev.brink.load.plan;

import dev.brink.core.Durations;
import dev.brink.core.Sizes;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * A {@link Plan} as plan YAML: what a run directory's plan.yaml holds, the plan as run. Every key the binder reads is
 * written back, through the one YAML writer ({@link PlanYamlWriter}), so the file reads back as the same plan
 * ({@code PlanRoundTripTest} holds every example, test and imported plan to that): files as absolute paths (the run
 * directory is elsewhere than the plan), secret values as "***" and marked secret, a TCP target's sections as they
 * were written. A key at its default is left out where the binder's default is the model's.
 */
public final class PlanWriter {
    private PlanWriter() {
    }

    /** {@code plan}, its secrets redacted ({@link Plan#redacted()}), as YAML text. */
    public static String yaml(Plan plan) {
        Plan p = plan.redacted();
        PlanYamlWriter.Mapping root = PlanYamlWriter.document();
        root.put("name", p.name());
        target(root.map("target"), p.target());
        if (p.users() != null) {
            PlanYamlWriter.Mapping users = root.inline("users").put("count", p.users().count());
            if (!p.users().think().equals(ThinkTime.NONE)) users.put("think", p.users().think().toString());
            if (!p.users().pacing().isZero()) users.put("pacing", ThinkTime.exact(p.users().pacing()));
        }
        if (p.data() != null) data(root.map("data"), p.data());
        String rateKey = p.closedModel() ? "weight" : "rps";
        if (!p.flows().isEmpty()) {
            PlanYamlWriter.Sequence flows = root.list("flows");
            for (Plan.Flow f : p.flows()) {
                PlanYamlWriter.Mapping m = flows.map().put("name", f.name()).put(rateKey, f.rate());
                PlanYamlWriter.Sequence steps = m.list("steps");
                for (int i : f.steps()) operation(steps.map(), p.profile().get(i), null);
            }
        } else {
            PlanYamlWriter.Sequence profile = root.list("profile");
            for (Plan.Operation o : p.profile()) {
                PlanYamlWriter.Mapping m = profile.map();
                if (p.target().grpc() != null) call(m, o);
                else if (p.target().tcp() != null) m.put("name", o.name()).put("rps", o.rps());
                else operation(m, o, rateKey);
            }
        }
        if (p.target().tcp() != null) p.target().tcp().sections().forEach((k, v) -> root.put(k, PlanYamlWriter.node(v)));
        if (p.slo() != null) root.inline("slo").put("error_rate", p.slo().errorRate()).put("p99_ms", p.slo().p99Ms());
        if (p.phases() != null) phases(root.map("phases"), p.phases());
        failOn(root, p.failOn());
        return PlanYamlWriter.write(root);
    }

    private static void target(PlanYamlWriter.Mapping t, Plan.Target target) {
        Plan.Grpc grpc = target.grpc();
        if (grpc != null) {
            t.put("grpc", target.baseUrl().getAuthority());
            if (grpc.proto() != null) t.put("proto", path(grpc.proto()));
            if (!grpc.importPaths().isEmpty()) t.put("import_paths", paths(grpc.importPaths()));
            if (grpc.protoset() != null) t.put("protoset", path(grpc.protoset()));
            t.put("connections", grpc.channels()).put("connection_policy", grpc.policy());
            if (grpc.deadline() != null) t.put("deadline", Durations.format(grpc.deadline()));
            if (grpc.tls() != null) {
                t.put("tls", true);
                tls(t, grpc.tls());
            }
            if (grpc.authority() != null) t.put("authority", grpc.authority());
        } else if (target.tcp() != null) {
            t.put("tcp", target.baseUrl().getAuthority());
        } else {
            t.put("base_url", target.baseUrl().toString());
            http(t, target.http());
        }
        Plan.Jvm jvm = target.jvm();
        if (jvm == null) return;
        PlanYamlWriter.Mapping j = t.map("jvm");
        if (jvm.pid() != null) j.put("pid", jvm.pid());
        if (jvm.jmx() != null) j.put("jmx", jvm.jmx());
        if (jvm.launch() != null) j.put("launch", strings(jvm.launch()));
        if (!jvm.appPackages().isEmpty()) j.put("app_packages", strings(jvm.appPackages()));
        if (jvm.startTimeout() != null) j.put("start_timeout", Durations.format(jvm.startTimeout()));
    }

    /** An HTTP target's keys (PlanHttpBinder), only where they differ from the defaults. */
    private static void http(PlanYamlWriter.Mapping t, Plan.Http h) {
        if (h.http2()) t.put("http2", true);
        if (h.allowHttp1()) t.put("allow_http1", true);
        if (h.connections() != 1) t.put("connections", h.connections());
        if (h.perCall()) t.put("connection_policy", h.policy());
        if (h.tls() != null) tls(t, h.tls());
    }

    private static void tls(PlanYamlWriter.Mapping t, Plan.Tls tls) {
        if (tls.caCert() != null) t.put("ca_cert", path(tls.caCert()));
        if (tls.insecure()) t.put("insecure", true);
        if (tls.clientCert() != null) { // the files' names only: the key itself never leaves its file
            t.put("client_cert", path(tls.clientCert()));
            t.put("client_key", path(tls.clientKey()));
        }
    }

    private static void data(PlanYamlWriter.Mapping d, Plan.Data data) {
        d.put("csv", path(data.csv()));
        if (data.random()) d.put("order", "random");
        // the columns in the file's order, so the list is the same each time it is written
        List<String> secret = data.columns().stream().filter(data.secretColumns()::contains).toList();
        if (!secret.isEmpty()) d.put("secret", strings(secret));
    }

    /** {@code rateKey}: "rps", "weight", or null for a flow's step (its rate is the flow's). */
    private static void operation(PlanYamlWriter.Mapping op, Plan.Operation o, String rateKey) {
        op.put("name", o.name());
        if (rateKey != null) op.put(rateKey, o.rps());
        Plan.Request r = o.request();
        PlanYamlWriter.Mapping request = op.map("request").put("method", r.method()).put("path", r.path());
        if (!r.headers().isEmpty()) headers(request.map("headers"), r.headers());
        if (r.form() != null) {
            PlanYamlWriter.Mapping form = request.map("form");
            r.form().forEach(form::put);
        } else if (r.json() != null) {
            request.put("json", json(r.json()));
        } else if (r.multipart() != null) {
            PlanYamlWriter.Mapping parts = request.map("multipart");
            for (Plan.Request.Part part : r.multipart()) {
                if (part.file() == null) {
                    parts.put(part.name(), part.value());
                    continue;
                }
                PlanYamlWriter.Mapping f = parts.inline(part.name()).put("file", path(part.file()));
                if (part.contentType() != null) f.put("content_type", part.contentType());
                if (part.filename() != null) f.put("filename", part.filename());
            }
        } else if (r.body() != null) {
            request.put("body", r.body());
        }
        if (r.followRedirects() > 0) request.put("follow_redirects", r.followRedirects());
        if (o.think() != null) op.put("think", o.think().toString());
        check(op, o.check());
        if (!o.extract().isEmpty()) {
            PlanYamlWriter.Mapping extract = op.map("extract");
            o.extract().forEach(e -> extract.inline(e.name()).put(e.from().key, e.expression()));
        }
    }

    /** Headers or metadata; a secret one (its value "***" here) stays marked secret, so it is not sent as if "***" were it. */
    private static void headers(PlanYamlWriter.Mapping m, List<Plan.Header> headers) {
        for (Plan.Header h : headers) {
            if (h.secret()) m.inline(h.name()).put("value", h.value()).put("secret", true);
            else m.put(h.name(), h.value());
        }
    }

    private static void check(PlanYamlWriter.Mapping op, Plan.Check c) {
        PlanYamlWriter.Mapping check = PlanYamlWriter.mapping();
        if (!c.accepted().isEmpty()) {
            PlanYamlWriter.Sequence s = PlanYamlWriter.sequence();
            c.accepted().forEach(s::add);
            check.put("status", s);
        } else if (c.status() != 0) {
            check.put("status", c.status());
        }
        PlanYamlWriter.Mapping header = null;
        PlanYamlWriter.Mapping json = null;
        for (Plan.Check.Content content : c.content()) {
            switch (content.from()) {
                // a body substring was kept as its quoted pattern: it reads back as that pattern
                case REGEX -> check.put("body_regex", content.expression());
                case HEADER -> {
                    if (header == null) header = check.map("header");
                    header.put(content.expression(), content.matches());
                }
                case JSON -> {
                    if (json == null) json = check.map("json");
                    json.put(content.expression(), content.matches());
                }
                default -> throw new IllegalStateException("a check reads the body, a header or a JSON path, not " + content.from());
            }
        }
        if (!check.isEmpty()) op.put("check", check);
    }

    /** A gRPC operation: path is the method, headers the metadata, body the JSON message (see Plan.Target). */
    private static void call(PlanYamlWriter.Mapping op, Plan.Operation o) {
        op.put("name", o.name()).put("rps", o.rps()).put("call", o.request().path());
        if (o.request().body() != null) op.put("message", o.request().body());
        if (!o.request().headers().isEmpty()) headers(op.map("metadata"), o.request().headers());
    }

    private static void phases(PlanYamlWriter.Mapping m, Plan.Phases p) {
        if (p.capacity() != null) {
            Plan.Capacity c = p.capacity();
            m.inline("capacity").put("start", c.start()).put("step", c.step()).put("max", c.max())
                    .put("step_duration", Durations.format(c.stepDuration())).put("warmup", Durations.format(c.warmup()))
                    .put("refine", c.refine());
        }
        if (p.confirm() != null) {
            Plan.Confirm c = p.confirm();
            PlanYamlWriter.Mapping cm = m.inline("confirm").put("ramp", Durations.format(c.ramp())).put("hold", Durations.format(c.hold()));
            if (c.multiplier() != null) cm.put("multiplier", c.multiplier());
        }
        if (p.soak() != null) {
            Plan.Soak s = p.soak();
            PlanYamlWriter.Mapping sm = m.inline("soak").put("multiplier", s.multiplier()).put("hold", Durations.format(s.hold()));
            if (s.smallHeapBytes() != null) sm.put("small_heap", Sizes.exact(s.smallHeapBytes()));
            sm.put("probes", s.probes());
        }
        if (p.stages() != null) m.put("stages", p.stages().text());
    }

    private static void failOn(PlanYamlWriter.Mapping root, Plan.FailOn f) {
        if (f.equals(Plan.FailOn.NEVER)) return;
        PlanYamlWriter.Mapping m = root.map("fail_on");
        if (f.capacityBelow() != null) m.put("capacity_below", f.capacityBelow());
        if (f.confirmDegraded()) m.put("confirm", "degraded");
        if (f.soakLeak()) m.put("soak", "leak");
        if (f.findings() != null) m.put("findings", f.findings());
        if (!f.thresholds().isEmpty()) m.put("thresholds", f.thresholds().text());
    }

    /** A {@code json:} tree (maps, lists, text, numbers, booleans, null) as YAML values of the same types. */
    private static Object json(Object v) {
        if (v instanceof Map<?, ?> map) {
            PlanYamlWriter.Mapping m = PlanYamlWriter.inlineMapping();
            map.forEach((k, x) -> m.put((String) k, json(x)));
            return m;
        }
        if (v instanceof List<?> list) {
            PlanYamlWriter.Sequence s = PlanYamlWriter.sequence();
            list.forEach(x -> s.add(json(x)));
            return s;
        }
        return v;
    }

    private static String path(Path p) {
        return p.toAbsolutePath().normalize().toString();
    }

    private static PlanYamlWriter.Sequence paths(List<Path> ps) {
        PlanYamlWriter.Sequence s = PlanYamlWriter.sequence();
        ps.forEach(p -> s.add(path(p)));
        return s;
    }

    private static PlanYamlWriter.Sequence strings(List<String> values) {
        PlanYamlWriter.Sequence s = PlanYamlWriter.sequence();
        values.forEach(s::add);
        return s;
    }
}
