package dev.brink.load.plan.bind;

import static dev.brink.load.plan.PlanValues.duration;
import static dev.brink.load.plan.PlanValues.fields;
import static dev.brink.load.plan.PlanValues.integer;
import static dev.brink.load.plan.PlanValues.number;
import static dev.brink.load.plan.PlanValues.req;
import static dev.brink.load.plan.PlanValues.string;

import dev.brink.core.BrinkUserException;
import dev.brink.load.engine.Template;
import dev.brink.load.plan.Plan;
import dev.brink.load.plan.PlanNode;
import dev.brink.load.plan.PlanValues;
import dev.brink.load.plan.ThinkTime;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * The plan keys of user sessions: {@code users:} (closed model, think time, pacing), {@code flows:} (ordered
 * steps per user, weighted) and each step's {@code extract:}. Same shape as {@link PlanBinder}: every error
 * names file:line:column, the YAML path and what was expected.
 */
final class PlanFlowBinder {
    /** A session value name: what follows {@code session.} in a template. */
    static final Pattern VARIABLE = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
    /** A flow holds at most this many steps: a user flow is a handful of pages, not a script. */
    static final int MAX_STEPS = 64;

    private PlanFlowBinder() {
    }

    /** {@code users: 20} or {@code users: {count: 20, think: 1s..3s, pacing: 10s}}. */
    static Plan.Users users(PlanNode n, boolean grpc) throws BrinkUserException {
        String range = "an integer from 1 to " + Plan.Users.MAX;
        if (n.isScalar()) return new Plan.Users((int) integer(n, "users", 1, Plan.Users.MAX), ThinkTime.NONE, Duration.ZERO);
        Map<String, PlanNode> f = fields(n, "users", "count", "think", "pacing");
        int count = (int) integer(req(n, f, "count", "users"), "users.count", 1, Plan.Users.MAX);
        ThinkTime think = f.containsKey("think") ? think(f.get("think"), "users.think") : ThinkTime.NONE;
        Duration pacing = f.containsKey("pacing") ? duration(f.get("pacing"), "users.pacing") : Duration.ZERO;
        if (grpc && (!think.equals(ThinkTime.NONE) || !pacing.isZero())) {
            throw n.error("users", range + " (think and pacing need an HTTP target)");
        }
        return new Plan.Users(count, think, pacing);
    }

    /** {@code 1s} (constant), {@code 1s..3s} (uniform) or {@code exp(2s)} (exponential with that mean). */
    static ThinkTime think(PlanNode n, String path) throws BrinkUserException {
        String expected = "a think time: 1s (constant), 500ms..2s (uniform) or exp(1s) (exponential with that mean)";
        String t = n.isScalar() && n.text() != null ? n.text().trim() : null;
        if (t == null) throw n.error(path, expected);
        try {
            if (t.startsWith("exp(") && t.endsWith(")")) {
                return ThinkTime.exponential(dev.brink.core.Durations.parse(t.substring(4, t.length() - 1)));
            }
            int dots = t.indexOf("..");
            if (dots >= 0) {
                Duration lo = dev.brink.core.Durations.parse(t.substring(0, dots));
                Duration hi = dev.brink.core.Durations.parse(t.substring(dots + 2));
                if (hi.compareTo(lo) < 0) throw n.error(path, "a range min..max with min <= max");
                return ThinkTime.uniform(lo, hi);
            }
            return ThinkTime.constant(dev.brink.core.Durations.parse(t));
        } catch (BrinkUserException e) {
            if (e.getMessage().startsWith(n.where())) throw e;
            throw n.error(path, expected);
        }
    }

    /**
     * The flows; their steps are appended to {@code ops} (the plan's profile, in flow order), each step's rate
     * being its flow's: every flow started sends each of its steps once.
     */
    static List<Plan.Flow> flows(PlanNode n, boolean closed, List<String> columns, UnaryOperator<String> env,
                                 List<Plan.Operation> ops, java.nio.file.Path baseDir) throws BrinkUserException {
        if (n.items() == null || n.items().isEmpty()) throw n.error("flows", "a list of flows");
        List<Plan.Flow> flows = new ArrayList<>();
        Set<String> flowNames = new HashSet<>();
        Set<String> opNames = new HashSet<>();
        String rateKey = closed ? "weight" : "rps";
        for (int i = 0; i < n.items().size(); i++) {
            PlanNode fn = n.items().get(i);
            String path = "flows[" + i + "]";
            Map<String, PlanNode> f = fields(fn, path, "name", rateKey, "steps");
            String name = string(req(fn, f, "name", path), path + ".name");
            if (!PlanBinder.TOKEN.matcher(name).matches()) throw f.get("name").error(path + ".name", "letters, digits, '-', '_' or '.'");
            if (!flowNames.add(name)) throw f.get("name").error(path + ".name", "a name not used by another flow");
            double rate = closed ? (f.containsKey("weight") ? number(f.get("weight"), path + ".weight", 0, 1e6) : 1)
                    : number(req(fn, f, "rps", path), path + ".rps", 0, PlanBinder.MAX_RPS);
            PlanNode stepsNode = req(fn, f, "steps", path);
            if (stepsNode.items() == null || stepsNode.items().isEmpty()) throw stepsNode.error(path + ".steps", "a list of steps");
            if (stepsNode.items().size() > MAX_STEPS) throw stepsNode.error(path + ".steps", "at most " + MAX_STEPS + " steps");
            List<Integer> steps = new ArrayList<>();
            Set<String> session = new LinkedHashSet<>(); // values extracted by the steps so far
            for (int s = 0; s < stepsNode.items().size(); s++) {
                PlanNode sn = stepsNode.items().get(s);
                String sp = path + ".steps[" + s + "]";
                Plan.Operation op = PlanBinder.operation(sn, sp, columns, env, rate, closed,
                        java.util.Collections.unmodifiableSet(new LinkedHashSet<>(session)), baseDir);
                if (!opNames.add(op.name())) throw sn.error(sp + ".name", "a name not used by another step (names label the results)");
                for (Plan.Extract e : op.extract()) session.add(e.name());
                steps.add(ops.size());
                ops.add(op);
            }
            flows.add(new Plan.Flow(name, rate, steps));
        }
        return flows;
    }

    /**
     * {@code extract: {ownerId: {json: "$.id"}, csrf: {form_field: _csrf}}}: each value names exactly one source.
     * Patterns and JSON paths are compiled here, so a bad one is a plan error, not a failure per request.
     */
    static List<Plan.Extract> extracts(PlanNode n, String path) throws BrinkUserException {
        if (n.fields() == null || n.fields().isEmpty()) throw n.error(path, "a mapping of session value name to its source");
        List<Plan.Extract> out = new ArrayList<>();
        String[] keys = new String[Plan.Extract.Source.values().length];
        for (int i = 0; i < keys.length; i++) keys[i] = Plan.Extract.Source.values()[i].key;
        for (Map.Entry<String, PlanNode> e : n.fields().entrySet()) {
            String vp = path + "." + e.getKey();
            PlanNode v = e.getValue();
            if (!VARIABLE.matcher(e.getKey()).matches()) throw v.error(vp, "a session value name (letters, digits, '_')");
            Map<String, PlanNode> f = fields(v, vp, keys);
            if (f.size() != 1) throw v.error(vp, "exactly one of " + String.join(", ", keys));
            Map.Entry<String, PlanNode> only = f.entrySet().iterator().next();
            Plan.Extract.Source source = null;
            for (Plan.Extract.Source s : Plan.Extract.Source.values()) if (s.key.equals(only.getKey())) source = s;
            PlanNode exprNode = only.getValue();
            String expr = string(exprNode, vp + "." + only.getKey());
            String problem = switch (source) {
                case REGEX -> regexProblem(expr);
                case JSON -> dev.brink.load.flow.JsonPath.problem(expr);
                case HEADER, COOKIE, FORM_FIELD -> expr.isBlank() || expr.chars().anyMatch(c -> c <= ' ') ? "a name without spaces" : null;
            };
            if (problem != null) throw exprNode.error(vp + "." + only.getKey(), problem);
            out.add(new Plan.Extract(e.getKey(), source, source == Plan.Extract.Source.HEADER ? expr.toLowerCase(Locale.ROOT) : expr));
        }
        return out;
    }

    private static String syntaxProblem(String expr) {
        try {
            Pattern.compile(expr);
            return null;
        } catch (PatternSyntaxException e) {
            return "a valid regular expression (" + e.getDescription() + " at index " + e.getIndex() + ")";
        }
    }

    static String regexProblem(String expr) {
        try {
            int groups = Pattern.compile(expr).matcher("").groupCount();
            return groups > 1 ? "a regular expression with at most one group (its value is extracted), got " + groups : null;
        } catch (PatternSyntaxException e) {
            return "a valid regular expression (" + e.getDescription() + " at index " + e.getIndex() + ")";
        }
    }

    /**
     * {@code form: {name: value, …}} on a request: an URL-encoded body (not with {@code body:}); a Content-Type
     * header is added to {@code headers} unless the request has one.
     */
    static Map<String, String> form(Map<String, PlanNode> request, String path, List<String> columns, UnaryOperator<String> env,
                                    Set<String> session, List<Plan.Header> headers) throws BrinkUserException {
        PlanNode n = request.get("form");
        if (n.fields() == null || n.fields().isEmpty()) throw n.error(path + ".form", "a mapping of form field name to value");
        Map<String, String> form = new java.util.LinkedHashMap<>();
        for (Map.Entry<String, PlanNode> e : n.fields().entrySet()) {
            String fp = path + ".form." + e.getKey();
            String value = string(e.getValue(), fp);
            PlanBinder.template(e.getValue(), value, fp, columns, env, Template.Field.FORM, session);
            form.put(e.getKey(), value);
        }
        if (headers.stream().noneMatch(h -> h.name().equalsIgnoreCase("content-type"))) {
            headers.add(new Plan.Header("Content-Type", "application/x-www-form-urlencoded", false));
        }
        return form;
    }

    /**
     * {@code body: "text"} (the body holds it), {@code body_regex: "…"} (a match somewhere in the body),
     * {@code header: {Name: regex}} (the header is there and its whole value matches), {@code json: {"$.path":
     * regex}} (the value is there and matches).
     */
    static List<Plan.Check.Content> contentChecks(Map<String, PlanNode> cf, String path) throws BrinkUserException {
        List<Plan.Check.Content> out = new ArrayList<>();
        if (cf.containsKey("body")) {
            out.add(new Plan.Check.Content(Plan.Extract.Source.REGEX, Pattern.quote(string(cf.get("body"), path + ".body")), null));
        }
        if (cf.containsKey("body_regex")) {
            String re = string(cf.get("body_regex"), path + ".body_regex");
            String problem = syntaxProblem(re);
            if (problem != null) throw cf.get("body_regex").error(path + ".body_regex", problem);
            out.add(new Plan.Check.Content(Plan.Extract.Source.REGEX, re, null));
        }
        for (String key : List.of("header", "json")) {
            PlanNode n = cf.get(key);
            if (n == null) continue;
            if (n.fields() == null || n.fields().isEmpty()) throw n.error(path + "." + key, "a mapping of " + key + " to a regular expression its value matches");
            for (Map.Entry<String, PlanNode> e : n.fields().entrySet()) {
                String ep = path + "." + key + "." + e.getKey();
                String re = string(e.getValue(), ep);
                String problem = syntaxProblem(re);
                if (problem == null && key.equals("json")) {
                    String pp = dev.brink.load.flow.JsonPath.problem(e.getKey());
                    if (pp != null) throw e.getValue().error(ep, pp.replace("expected ", "") + " as the key");
                }
                if (problem != null) throw e.getValue().error(ep, problem);
                out.add(new Plan.Check.Content(key.equals("json") ? Plan.Extract.Source.JSON : Plan.Extract.Source.HEADER,
                        key.equals("json") ? e.getKey() : e.getKey().toLowerCase(Locale.ROOT), re));
            }
        }
        return out;
    }

    /** {@code 201}, {@code 200-299}, or a list of either: {@code [200, 302]}. */
    static Plan.Check statusCheck(PlanNode n, String path) throws BrinkUserException {
        if (n.isScalar() && n.text() != null && !n.text().contains("-")) return new Plan.Check((int) integer(n, path, 100, 599));
        java.util.SortedSet<Integer> accepted = new java.util.TreeSet<>();
        for (PlanNode item : n.items() != null ? n.items() : List.of(n)) {
            String expected = "a status from 100 to 599, a range like 200-299, or a list of them";
            if (!item.isScalar() || item.text() == null) throw item.error(path, expected);
            String t = item.text().trim();
            int dash = t.indexOf('-');
            try {
                int lo = Integer.parseInt((dash < 0 ? t : t.substring(0, dash)).trim());
                int hi = dash < 0 ? lo : Integer.parseInt(t.substring(dash + 1).trim());
                if (lo < 100 || hi > 599 || lo > hi) throw item.error(path, expected);
                for (int s = lo; s <= hi; s++) accepted.add(s);
            } catch (NumberFormatException e) {
                throw item.error(path, expected);
            }
        }
        if (accepted.isEmpty()) throw n.error(path, "at least one status");
        return new Plan.Check(0, accepted);
    }

    /** A closed model's users × the highest multiplier stay within what one generator keeps ({@link Plan.Users#MAX}). */
    static void checkPeakUsers(PlanNode phasesNode, Plan.Phases p, Plan.Users users) throws BrinkUserException {
        double peak = Math.max(p.capacity() == null ? 0 : p.capacity().max(),
                Math.max(p.confirm() == null || p.confirm().multiplier() == null ? 0 : p.confirm().multiplier(),
                        p.soak() == null ? 0 : p.soak().multiplier()));
        if (Math.round(peak * users.count()) > Plan.Users.MAX) {
            throw new BrinkUserException(phasesNode.where() + ": phases: expected a highest multiplier × " + users.count()
                    + " users of at most " + Plan.Users.MAX + " users, got " + PlanValues.fmt(peak) + " × = "
                    + Math.round(peak * users.count()));
        }
    }
}
