package dev.brink.load.plan.bind;

import static dev.brink.load.plan.PlanValues.bool;
import static dev.brink.load.plan.PlanValues.duration;
import static dev.brink.load.plan.PlanValues.fields;
import static dev.brink.load.plan.PlanValues.fmt;
import static dev.brink.load.plan.PlanValues.integer;
import static dev.brink.load.plan.PlanValues.number;
import static dev.brink.load.plan.PlanValues.req;
import static dev.brink.load.plan.PlanValues.string;

import dev.brink.core.Addresses;
import dev.brink.core.BrinkUserException;
import dev.brink.core.InputFiles;
import dev.brink.core.InputKind;
import dev.brink.core.Sizes;
import dev.brink.core.gate.Gate;
import dev.brink.load.engine.CsvFeeder;
import dev.brink.load.engine.Template;
import dev.brink.load.http.HttpWords;
import dev.brink.load.plan.Plan;
import dev.brink.load.plan.PlanNode;
import dev.brink.load.plan.ThinkTime;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;
import java.util.regex.Pattern;

/** Turns {@link PlanNode}s into a validated {@link Plan}; every error names file:line:column. */
public final class PlanBinder {
    private static final Pattern METHOD = HttpWords.METHOD;
    static final double MAX_RPS = 1e7;
    /** The highest multiplier of the profile a phase may ask for; {@link #checkPeakRate} bounds the rate it makes. */
    static final long MAX_MULTIPLIER = 1_000_000;
    static final Pattern TOKEN = HttpWords.TOKEN;

    private PlanBinder() {
    }

    public static Plan bind(PlanNode root, Path baseDir, UnaryOperator<String> env) throws BrinkUserException {
        boolean tcp = PlanTcpBinder.isTcp(root);
        Map<String, PlanNode> f = tcp ? fields(root, "plan", PlanTcpBinder.ROOT_KEYS)
                : fields(root, "plan", "name", "target", "users", "profile", "flows", "slo", "phases", "data", "fail_on");
        String name = string(req(root, f, "name", "plan"), "name");
        if (name.isBlank()) throw f.get("name").error("name", "a non-empty plan name");
        PlanNode targetNode = req(root, f, "target", "plan");
        boolean grpc = targetNode.fields() != null && targetNode.fields().containsKey("grpc");
        Plan.Data data = f.containsKey("data") ? data(f.get("data"), baseDir) : null;
        List<String> columns = data == null ? List.of() : data.columns();
        Plan.Target target = tcp ? PlanTcpBinder.target(targetNode, root, columns)
                : grpc ? PlanGrpcBinder.target(targetNode, baseDir) : PlanHttpBinder.target(targetNode, baseDir);
        Plan.Users users = f.containsKey("users") ? PlanFlowBinder.users(f.get("users"), grpc) : null;

        List<Plan.Operation> ops = new ArrayList<>();
        List<Plan.Flow> flows = List.of();
        PlanNode prof;
        if (f.containsKey("flows")) {
            prof = f.get("flows");
            if (f.containsKey("profile")) throw f.get("profile").error("profile", "either profile or flows, not both");
            if (grpc) throw prof.error("flows", "flows only for an HTTP target");
            flows = PlanFlowBinder.flows(prof, users != null, columns, env, ops, baseDir);
        } else {
            prof = req(root, f, "profile", "plan");
            if (prof.items() == null || prof.items().isEmpty()) throw prof.error("profile", "a list of operations");
            Set<String> names = new HashSet<>();
            for (int i = 0; i < prof.items().size(); i++) {
                Plan.Operation op = tcp ? PlanTcpBinder.operation(prof.items().get(i), "profile[" + i + "]")
                        : grpc ? PlanGrpcBinder.operation(prof.items().get(i), "profile[" + i + "]", columns, env)
                        : operation(prof.items().get(i), "profile[" + i + "]", columns, env, null, users != null, Set.of(), baseDir);
                if (!names.add(op.name())) {
                    throw prof.items().get(i).error("profile[" + i + "].name", "a name not used by another operation");
                }
                ops.add(op);
            }
        }
        if (ops.stream().mapToDouble(Plan.Operation::rps).sum() <= 0) {
            throw prof.error(f.containsKey("flows") ? "flows" : "profile",
                    "at least one " + (f.containsKey("flows") ? "flow" : "operation") + " with " + (users != null ? "weight" : "rps") + " > 0");
        }
        Plan.Slo slo = f.containsKey("slo") ? slo(f.get("slo")) : null;
        Plan.Phases phases = f.containsKey("phases") ? phases(f.get("phases"), users != null) : null;
        if (phases != null && users == null) checkPeakRate(f.get("phases"), phases, ops.stream().mapToDouble(Plan.Operation::rps).sum());
        if (phases != null && phases.stages() != null && users != null && phases.stages().peak() > Plan.Users.MAX) {
            throw f.get("phases").error("phases.stages", "at most " + Plan.Users.MAX + " users");
        }
        if (phases != null && users != null) PlanFlowBinder.checkPeakUsers(f.get("phases"), phases, users);
        Plan.FailOn failOn = f.containsKey("fail_on") ? failOn(f.get("fail_on")) : Plan.FailOn.NEVER;
        return new Plan(name, target, ops, slo, phases, data, failOn, users, flows);
    }

    /**
     * {@code target.jvm}: exactly one of pid, jmx, launch, and optionally {@code app_packages} (the application's
     * Java packages, for the findings that name its code; without it they come from the JVM's main class); null when
     * absent. Shared by HTTP and gRPC targets.
     */
    static Plan.Jvm jvm(PlanNode j) throws BrinkUserException {
        Plan.Jvm jvm = null;
        if (j != null && !j.isNull()) {
            Map<String, PlanNode> jf = new java.util.LinkedHashMap<>(fields(j, "target.jvm", "pid", "jmx", "launch", "app_packages",
                    "start_timeout"));
            List<String> packages = appPackages(jf.remove("app_packages"));
            if (jf.containsKey("start_timeout") && !jf.containsKey("launch")) {
                throw jf.get("start_timeout").error("target.jvm.start_timeout", "start_timeout beside launch (a target Brink starts)");
            }
            if (jf.size() - (jf.containsKey("start_timeout") ? 1 : 0) != 1) throw j.error("target.jvm", "exactly one of pid, jmx, launch");
            if (jf.containsKey("pid")) {
                jvm = new Plan.Jvm(integer(jf.get("pid"), "target.jvm.pid", 1, Long.MAX_VALUE), null, null);
            } else if (jf.containsKey("jmx")) {
                String jmx = string(jf.get("jmx"), "target.jvm.jmx");
                try {
                    Addresses.hostPort(jmx, "target.jvm.jmx");
                } catch (BrinkUserException e) {
                    throw jf.get("jmx").error("target.jvm.jmx", Addresses.EXPECTED_HOST_PORT);
                }
                jvm = new Plan.Jvm(null, jmx, null);
            } else {
                PlanNode l = jf.get("launch");
                if (l.items() == null || l.items().isEmpty()) throw l.error("target.jvm.launch", "a command as a list of strings");
                List<String> cmd = new ArrayList<>();
                for (PlanNode a : l.items()) cmd.add(string(a, "target.jvm.launch"));
                Duration start = null;
                if (jf.containsKey("start_timeout")) {
                    start = duration(jf.get("start_timeout"), "target.jvm.start_timeout");
                    if (start.isZero()) throw jf.get("start_timeout").error("target.jvm.start_timeout", "a duration > 0, like 3m");
                }
                jvm = new Plan.Jvm(null, null, cmd, List.of(), start);
            }
            jvm = new Plan.Jvm(jvm.pid(), jvm.jmx(), jvm.launch(), packages, jvm.startTimeout());
        }
        return jvm;
    }

    /** {@code target.jvm.app_packages}: Java package names ("com.acme.shop"); empty when absent. */
    private static List<String> appPackages(PlanNode n) throws BrinkUserException {
        List<String> out = new ArrayList<>();
        if (n == null || n.isNull()) return out;
        if (n.items() == null) throw n.error("target.jvm.app_packages", "a list of Java package names such as [com.acme.shop]");
        for (PlanNode p : n.items()) {
            String name = string(p, "target.jvm.app_packages");
            if (!dev.brink.core.AppPackages.isPackageName(name)) {
                throw p.error("target.jvm.app_packages", "a Java package name such as com.acme.shop");
            }
            out.add(name);
        }
        return out;
    }

    /**
     * One operation of the profile, or one step of a flow. {@code flowRate} is the flow's rate for a step (which
     * then has neither rps nor weight of its own), null for a profile operation: {@code rps:} in an open model,
     * {@code weight:} (default 1) with {@code users:}. {@code session}: the values earlier steps of the flow
     * extract, the only ones its templates may use. {@code baseDir}: where a multipart file's path starts.
     */
    static Plan.Operation operation(PlanNode n, String path, List<String> columns, UnaryOperator<String> env,
                                    Double flowRate, boolean closed, Set<String> session, Path baseDir) throws BrinkUserException {
        String rateKey = flowRate != null ? null : closed ? "weight" : "rps";
        Map<String, PlanNode> f = rateKey == null ? fields(n, path, "name", "request", "check", "extract", "think")
                : fields(n, path, "name", rateKey, "request", "check", "extract", "think");
        String name = string(req(n, f, "name", path), path + ".name");
        if (!TOKEN.matcher(name).matches()) throw f.get("name").error(path + ".name", "letters, digits, '-', '_' or '.'");
        double rps = flowRate != null ? flowRate : closed ? (f.containsKey("weight") ? number(f.get("weight"), path + ".weight", 0, 1e6) : 1)
                : number(req(n, f, "rps", path), path + ".rps", 0, MAX_RPS);
        PlanNode r = req(n, f, "request", path);
        Map<String, PlanNode> rf = fields(r, path + ".request", "method", "path", "headers", "body", "form", "json", "multipart",
                "follow_redirects");
        String method = rf.containsKey("method") ? string(rf.get("method"), path + ".request.method").toUpperCase() : "GET";
        if (!METHOD.matcher(method).matches()) {
            throw rf.get("method").error(path + ".request.method", "one of GET, POST, PUT, DELETE, PATCH, OPTIONS");
        }
        PlanNode pathNode = req(r, rf, "path", path + ".request");
        String p = string(pathNode, path + ".request.path");
        if (!p.startsWith("/")) throw pathNode.error(path + ".request.path", "a path starting with '/'");
        template(pathNode, p, path + ".request.path", columns, env, Template.Field.PATH, session);
        List<Plan.Header> headers = new ArrayList<>();
        PlanNode h = rf.get("headers");
        if (h != null && !h.isNull()) {
            if (h.fields() == null) throw h.error(path + ".request.headers", "a mapping of header name to value");
            for (Map.Entry<String, PlanNode> e : h.fields().entrySet()) {
                String hp = path + ".request.headers." + e.getKey();
                if (!TOKEN.matcher(e.getKey()).matches()) throw e.getValue().error(hp, "a valid header name");
                PlanNode v = e.getValue();
                boolean secret = false;
                if (v.fields() != null) {
                    Map<String, PlanNode> vf = fields(v, hp, "value", "secret");
                    secret = bool(req(v, vf, "secret", hp), hp + ".secret");
                    v = req(v, vf, "value", hp);
                }
                if (!v.isScalar() || v.text() == null) throw v.error(hp, "a text value");
                String value = v.text();
                // a header value may be a secret: errors name the header, never echo the value
                int bad = Template.Field.HEADER.firstForbidden(value);
                if (bad >= 0) {
                    throw new BrinkUserException(v.where() + ": " + hp + ": expected a value on one line, without CR, LF "
                            + "or NUL, got one at character " + (bad + 1) + " (value not shown)");
                }
                template(v, value, hp, columns, env, Template.Field.HEADER, session);
                headers.add(new Plan.Header(e.getKey(), value, secret));
            }
        }
        String body = null;
        PlanBodyBinder.onlyOneBody(rf, path + ".request");
        Map<String, String> form = rf.containsKey("form") ? PlanFlowBinder.form(rf, path + ".request", columns, env, session, headers) : null;
        Object json = rf.containsKey("json") ? PlanBodyBinder.json(rf.get("json"), path + ".request.json", columns, env, session, headers) : null;
        List<Plan.Request.Part> multipart = rf.containsKey("multipart")
                ? PlanBodyBinder.multipart(rf.get("multipart"), path + ".request.multipart", columns, env, session, headers, baseDir) : null;
        int follow = rf.containsKey("follow_redirects") ? PlanBodyBinder.followRedirects(rf.get("follow_redirects"), path + ".request.follow_redirects") : 0;
        if (rf.containsKey("body") && !rf.get("body").isNull()) {
            body = string(rf.get("body"), path + ".request.body");
            template(rf.get("body"), body, path + ".request.body", columns, env, Template.Field.BODY, session);
        }
        Plan.Check check = Plan.Check.DEFAULT;
        PlanNode c = f.get("check");
        if (c != null && !c.isNull()) {
            Map<String, PlanNode> cf = fields(c, path + ".check", "status", "body", "body_regex", "header", "json");
            check = cf.containsKey("status") ? PlanFlowBinder.statusCheck(cf.get("status"), path + ".check.status") : Plan.Check.DEFAULT;
            List<Plan.Check.Content> content = PlanFlowBinder.contentChecks(cf, path + ".check");
            if (content.isEmpty() && !cf.containsKey("status")) throw c.error(path + ".check", "at least one of status, body, body_regex, header, json");
            check = new Plan.Check(check.status(), check.accepted(), content);
        }
        List<Plan.Extract> extract = f.containsKey("extract") ? PlanFlowBinder.extracts(f.get("extract"), path + ".extract") : List.of();
        ThinkTime think = null;
        if (f.containsKey("think")) {
            // an open model's next step goes out when the previous one answered: there is no user to think
            if (!closed) throw f.get("think").error(path + ".think", "no think time in an open model (think needs users:)");
            think = PlanFlowBinder.think(f.get("think"), path + ".think");
        }
        return new Plan.Operation(name, rps, new Plan.Request(method, p, headers, body, form, json, multipart, follow), check, extract, think);
    }

    static void template(PlanNode n, String text, String path, List<String> columns, UnaryOperator<String> env,
                                 Template.Field field) throws BrinkUserException {
        template(n, text, path, columns, env, field, Set.of());
    }

    static void template(PlanNode n, String text, String path, List<String> columns, UnaryOperator<String> env,
                         Template.Field field, Set<String> session) throws BrinkUserException {
        try {
            Template.compile(text, columns, env, field, session);
        } catch (Template.Invalid e) {
            // the column is the node's start; a quoted scalar starts one character earlier than its text
            throw new BrinkUserException(n.file() + ":" + n.line() + ":" + (n.column() + e.offset) + ": " + path
                    + ": expected " + e.getMessage());
        }
    }

    private static Plan.Slo slo(PlanNode n) throws BrinkUserException {
        Map<String, PlanNode> f = fields(n, "slo", "error_rate", "p99_ms");
        double er = number(req(n, f, "error_rate", "slo"), "slo.error_rate", 0, 1);
        double p99 = number(req(n, f, "p99_ms", "slo"), "slo.p99_ms", 0.001, 3.6e6);
        return new Plan.Slo(er, p99);
    }

    private static Plan.Phases phases(PlanNode n, boolean users) throws BrinkUserException {
        Map<String, PlanNode> f = fields(n, "phases", "capacity", "confirm", "soak", "stages");
        Plan.Capacity cap = null;
        Plan.Confirm confirm = null;
        Plan.Soak soak = null;
        if (f.containsKey("capacity")) {
            PlanNode c = f.get("capacity");
            Map<String, PlanNode> cf = fields(c, "phases.capacity", "start", "step", "max", "step_duration", "warmup", "refine");
            // the search steps whole multipliers of the profile (N = 1, 2, 3 …): a fractional one is the plan's error here,
            // at its place, not a surprise once the target is launched
            double start = cf.containsKey("start") ? integer(cf.get("start"), "phases.capacity.start", 1, MAX_MULTIPLIER) : 1;
            double step = cf.containsKey("step") ? integer(cf.get("step"), "phases.capacity.step", 1, MAX_MULTIPLIER) : 1;
            double max = cf.containsKey("max") ? integer(cf.get("max"), "phases.capacity.max", 1, MAX_MULTIPLIER) : 100;
            if (max < start) throw (cf.containsKey("max") ? cf.get("max") : c).error("phases.capacity.max", "a value >= start (" + start + ")");
            Duration sd = cf.containsKey("step_duration") ? duration(cf.get("step_duration"), "phases.capacity.step_duration") : Duration.ofSeconds(30);
            Duration wu = cf.containsKey("warmup") ? duration(cf.get("warmup"), "phases.capacity.warmup") : Duration.ZERO;
            boolean refine = !cf.containsKey("refine") || bool(cf.get("refine"), "phases.capacity.refine");
            if (sd.isZero()) throw cf.get("step_duration").error("phases.capacity.step_duration", "a duration > 0");
            cap = new Plan.Capacity(start, step, max, sd, wu, refine);
        }
        if (f.containsKey("confirm")) {
            PlanNode c = f.get("confirm");
            Map<String, PlanNode> cf = fields(c, "phases.confirm", "ramp", "hold", "multiplier");
            confirm = new Plan.Confirm(
                    cf.containsKey("ramp") ? duration(cf.get("ramp"), "phases.confirm.ramp") : Duration.ZERO,
                    duration(req(c, cf, "hold", "phases.confirm"), "phases.confirm.hold"),
                    // the confirmation holds one of the search's multipliers: a whole one (1.4 is not rounded to 1 behind the user's back)
                    cf.containsKey("multiplier") ? (double) integer(cf.get("multiplier"), "phases.confirm.multiplier", 1, MAX_MULTIPLIER) : null);
        }
        if (f.containsKey("soak")) {
            PlanNode s = f.get("soak");
            Map<String, PlanNode> sf = fields(s, "phases.soak", "multiplier", "hold", "small_heap", "probes");
            double m = sf.containsKey("multiplier") ? number(sf.get("multiplier"), "phases.soak.multiplier", 0.001, 1e6) : 1;
            Long heap = null;
            if (sf.containsKey("small_heap")) {
                try {
                    heap = Sizes.parse(string(sf.get("small_heap"), "phases.soak.small_heap"));
                } catch (BrinkUserException | RuntimeException e) {
                    throw sf.get("small_heap").error("phases.soak.small_heap", "a size like 64m or 1g");
                }
            }
            int probes = sf.containsKey("probes") ? (int) integer(sf.get("probes"), "phases.soak.probes", 0, 100) : Plan.Soak.DEFAULT_PROBES;
            soak = new Plan.Soak(m, duration(req(s, sf, "hold", "phases.soak"), "phases.soak.hold"), heap, probes);
        }
        Plan.Stages stages = f.containsKey("stages") ? stages(f.get("stages"), users) : null;
        return new Plan.Phases(cap, confirm, soak, stages);
    }

    /**
     * {@code phases.stages}: a load shape, as one text ({@code "ramp 100->1000 over 20s, hold 1000 for 1m"}) or a list of
     * stages; req/s, or users in a plan with {@code users:}. Each stage's error is at its own place.
     */
    private static Plan.Stages stages(PlanNode n, boolean users) throws BrinkUserException {
        List<PlanNode> parts = n.items() != null ? n.items() : List.of(n);
        List<Plan.Stage> all = new ArrayList<>();
        for (PlanNode part : parts) {
            String text = string(part, "phases.stages");
            try {
                all.addAll(dev.brink.load.plan.StagesText.parse(text, users).stages());
            } catch (dev.brink.load.plan.StagesText.Invalid e) {
                throw new BrinkUserException(part.file() + ":" + part.line() + ":" + (part.column() + e.offset) + ": phases.stages: '"
                        + e.stage + "': expected " + e.getMessage());
            }
        }
        if (all.isEmpty()) throw n.error("phases.stages", dev.brink.load.plan.StagesText.EXPECTED);
        return new Plan.Stages(users, all);
    }

    /**
     * The highest rate any phase asks for (multiplier × the profile's rps) is at most {@value #MAX_RPS}: far beyond
     * what one generator sends, and low enough that the schedule's arithmetic (requests due = rate × elapsed
     * nanoseconds) stays exact.
     */
    private static void checkPeakRate(PlanNode phasesNode, Plan.Phases p, double profileRps) throws BrinkUserException {
        double peak = Math.max(p.capacity() == null ? 0 : p.capacity().max(),
                Math.max(p.confirm() == null || p.confirm().multiplier() == null ? 0 : p.confirm().multiplier(),
                        p.soak() == null ? 0 : p.soak().multiplier()));
        if (peak * profileRps > MAX_RPS) {
            throw new BrinkUserException(phasesNode.where() + ": phases: expected a highest multiplier × the profile's "
                    + fmt(profileRps) + " req/s of at most " + fmt(MAX_RPS) + " req/s, got " + fmt(peak) + " × = "
                    + fmt(peak * profileRps) + " req/s");
        }
    }

    /**
     * {@code fail_on}: a mapping of verdict conditions ({@code capacity_below}, {@code confirm}, {@code soak},
     * {@code findings}) and threshold expressions ({@code thresholds: "p99>200ms,errors>1%"}), or the expressions alone
     * as its value ({@code fail_on: "p99>200ms"}).
     */
    private static Plan.FailOn failOn(PlanNode n) throws BrinkUserException {
        if (n.isScalar()) {
            return new Plan.FailOn(null, false, false, null, thresholds(n, "fail_on"));
        }
        Map<String, PlanNode> f = fields(n, "fail_on", "capacity_below", "confirm", "soak", "findings", "thresholds");
        Double below = f.containsKey("capacity_below") ? number(f.get("capacity_below"), "fail_on.capacity_below", 0.001, 1e6) : null;
        boolean confirm = f.containsKey("confirm") && oneOf(f.get("confirm"), "fail_on.confirm", "degraded");
        boolean soak = f.containsKey("soak") && oneOf(f.get("soak"), "fail_on.soak", "leak");
        String findings = null;
        if (f.containsKey("findings")) {
            findings = string(f.get("findings"), "fail_on.findings");
            if (!List.of("critical", "warning", "info").contains(findings)) {
                throw f.get("findings").error("fail_on.findings", "critical, warning or info");
            }
        }
        Gate thresholds = f.containsKey("thresholds") ? thresholds(f.get("thresholds"), "fail_on.thresholds") : Gate.NONE;
        return new Plan.FailOn(below, confirm, soak, findings, thresholds);
    }

    /** Threshold expressions, each term's error at its own column. */
    private static Gate thresholds(PlanNode n, String path) throws BrinkUserException {
        String text = string(n, path);
        try {
            Gate g = Gate.parse(text);
            if (g.isEmpty()) throw n.error(path, Gate.EXPECTED);
            return g;
        } catch (Gate.Invalid e) {
            // the column is the node's start (a quoted scalar's opening quote: one before its text)
            throw new BrinkUserException(n.file() + ":" + n.line() + ":" + (n.column() + e.offset) + ": " + path + ": '"
                    + e.term + "': expected " + e.getMessage());
        }
    }

    private static boolean oneOf(PlanNode n, String field, String only) throws BrinkUserException {
        if (!string(n, field).equals(only)) throw n.error(field, only);
        return true;
    }

    private static Plan.Data data(PlanNode n, Path baseDir) throws BrinkUserException {
        Map<String, PlanNode> f = fields(n, "data", "csv", "order", "secret");
        PlanNode csvNode = req(n, f, "csv", "data");
        Path csv = baseDir.resolve(string(csvNode, "data.csv")).normalize();
        try {
            InputFiles.checkRegular(csv, InputKind.CSV);
        } catch (BrinkUserException e) {
            throw new BrinkUserException(csvNode.where() + ": data.csv: " + e.getMessage());
        }
        boolean random = false;
        if (f.containsKey("order")) {
            String order = string(f.get("order"), "data.order");
            if (!order.equals("sequential") && !order.equals("random")) throw f.get("order").error("data.order", "sequential or random");
            random = order.equals("random");
        }
        List<String> columns = CsvFeeder.header(csv);
        Set<String> secret = new HashSet<>();
        PlanNode s = f.get("secret");
        if (s != null && !s.isNull()) {
            if (s.items() == null) throw s.error("data.secret", "a list of column names");
            for (PlanNode c : s.items()) {
                String col = string(c, "data.secret");
                if (!columns.contains(col)) throw c.error("data.secret", "a CSV column, one of " + columns);
                secret.add(col);
            }
        }
        return new Plan.Data(csv, random, columns, secret);
    }
}
