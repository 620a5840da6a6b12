package dev.brink.load.plan.jmx;

import dev.brink.load.plan.PlanYamlWriter;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The converted JMeter plan as plan YAML, through {@link PlanYamlWriter}. A JMeter plan runs as it is written: its
 * thread groups start their threads over the ramp-up and run for their duration. The plan says the same with users
 * and a confirmation phase (ramp, then hold at 1 × the users); what JMeter's plan does not say and Brink needs (an SLO
 * to judge the run by, a hold for a loop count) gets a default, and a comment beside it says so.
 */
final class JmxPlanWriter {
    /** Brink judges a run by an SLO; a JMeter plan states none (its assertions judge single samples). */
    static final double DEFAULT_ERROR_RATE = 0.01;
    static final long DEFAULT_P99_MS = 1000;

    record FlowOut(JmxElement group, JmxLoad load, List<JmxStep> steps, List<String> names, List<JmxDelay> before) {
    }

    record Pace(long ms, String origin) {
    }

    private JmxPlanWriter() {
    }

    static String write(String file, JmxValues values, List<FlowOut> flows, String origin, String csvFile, Pace pace,
                        JmxElement durationAssertion, boolean serialGroups, int leftOut) {
        int steps = flows.stream().mapToInt(f -> f.steps().size()).sum();
        PlanYamlWriter.Mapping doc = PlanYamlWriter.document();
        doc.comment("made by brink import jmx from " + file + ": " + steps + " samplers converted, " + leftOut
                + " elements left out (listed by the command)");
        doc.put("name", name(flows));
        if (!values.params.isEmpty()) {
            doc.comment("JMeter properties: set them with brink run PLAN --param NAME=VALUE, as -JNAME=VALUE sets them for JMeter");
            PlanYamlWriter.Mapping params = doc.map("params");
            for (Map.Entry<String, String> p : values.params.entrySet()) {
                params.put(p.getKey(), p.getValue(), "from " + values.paramOrigin.get(p.getKey()));
            }
        }
        doc.inline("target").put("base_url", origin);
        if (csvFile != null) doc.inline("data").put("csv", csvFile);
        users(doc, flows, pace, values);
        PlanYamlWriter.Sequence fs = doc.list("flows");
        Set<String> flowNames = new LinkedHashSet<>();
        for (FlowOut f : flows) flow(fs.map(), f, flowNames);
        slo(doc, durationAssertion, values);
        phases(doc, flows, serialGroups);
        return PlanYamlWriter.write(doc);
    }

    private static String name(List<FlowOut> flows) {
        return flows.size() == 1 ? slug(flows.get(0).group().testname(), "imported") : "imported";
    }

    private static void users(PlanYamlWriter.Mapping doc, List<FlowOut> flows, Pace pace, JmxValues values) {
        JmxLoad l = flows.get(0).load();
        String threads = l.threads().startsWith("${param.") ? l.users() + " threads by default (" + values.paramOrigin.get(
                l.threads().substring(8, l.threads().length() - 1)) + ")" : l.users() + " threads";
        PlanYamlWriter.Mapping u = doc.inline("users", flows.size() == 1
                ? "JMeter: thread group '" + flows.get(0).group().testname() + "', " + threads
                : "JMeter: the threads of " + flows.size() + " thread groups");
        if (flows.size() == 1 && flows.get(0).load().threads().startsWith("${")) u.put("count", flows.get(0).load().threads());
        else u.put("count", Math.min(dev.brink.load.plan.Plan.Users.MAX, flows.stream().mapToInt(f -> f.load().users()).sum()));
        if (pace != null) {
            u.put("pacing", pace.ms() + "ms");
            doc.comment("pacing: a user's flows start " + pace.ms() + "ms apart, from JMeter's " + pace.origin());
        }
    }

    private static void flow(PlanYamlWriter.Mapping m, FlowOut f, Set<String> taken) {
        String name = slug(f.group().testname(), "flow");
        for (int k = 2; !taken.add(name); k++) name = slug(f.group().testname(), "flow") + "-" + k;
        m.put("name", name);
        m.put("weight", f.load().users(), "its threads' share of the users");
        PlanYamlWriter.Sequence steps = m.list("steps");
        int n = f.steps().size();
        for (int i = 0; i < n; i++) {
            JmxStep s = f.steps().get(i);
            PlanYamlWriter.Mapping st = steps.map();
            st.put("name", f.names().get(i));
            PlanYamlWriter.Mapping r = st.map("request");
            r.put("method", s.method);
            r.put("path", s.path);
            if (!s.headers.isEmpty()) {
                PlanYamlWriter.Mapping h = r.inline("headers");
                s.headers.forEach(h::put);
            }
            if (s.form != null) {
                PlanYamlWriter.Mapping fm = r.inline("form");
                s.form.forEach(fm::put);
            } else if (s.body != null) {
                r.put("body", s.body);
            }
            if (s.followRedirects) r.put("follow_redirects", true, "JMeter follows redirects: the last answer is checked");
            check(st, s);
            // the timers JMeter runs before the next sampler are this step's think time (the first's, after the last step)
            JmxDelay next = f.before().get((i + 1) % n);
            if (next.maxMs() > 0) st.put("think", next.think(), i == n - 1 ? "the timers before the first sampler, on the next pass" : null);
            if (!s.extract.isEmpty()) {
                PlanYamlWriter.Mapping x = st.map("extract");
                s.extract.forEach((k, v) -> x.inline(k).put(v[0], v[1]));
            }
        }
    }

    private static void check(PlanYamlWriter.Mapping st, JmxStep s) {
        if (s.check.isEmpty()) return;
        PlanYamlWriter.Mapping c = st.inline("check");
        PlanYamlWriter.Mapping json = null;
        for (Map.Entry<String, String> e : s.check.entrySet()) {
            if (e.getKey().startsWith("json:")) {
                if (json == null) json = c.inline("json");
                json.put(e.getKey().substring(5), e.getValue());
            } else if (e.getKey().equals("status") && e.getValue().startsWith("[")) {
                c.put("status", list(e.getValue()));
            } else if (e.getKey().equals("status")) {
                c.put("status", Integer.parseInt(e.getValue()));
            } else {
                c.put(e.getKey(), e.getValue());
            }
        }
    }

    private static PlanYamlWriter.Sequence list(String codes) {
        PlanYamlWriter.Sequence seq = PlanYamlWriter.sequence();
        for (String c : codes.substring(1, codes.length() - 1).split(",\\s*")) seq.add(Integer.parseInt(c.trim()));
        return seq;
    }

    private static void slo(PlanYamlWriter.Mapping doc, JmxElement durationAssertion, JmxValues values) {
        long p99 = DEFAULT_P99_MS;
        String why = "a default: JMeter's plan states no SLO and Brink judges the run by one (set yours)";
        if (durationAssertion != null) {
            try {
                p99 = (long) JmxLoad.number(values, values.fixed(durationAssertion.prop("DurationAssertion.duration")));
                why = "p99 from JMeter's " + durationAssertion.named() + "; the error rate a default (set yours)";
            } catch (JmxValues.Unconvertible e) {
                // the assertion was listed when it was met; keep the default
            }
        }
        doc.inline("slo", why).put("error_rate", DEFAULT_ERROR_RATE).put("p99_ms", p99);
    }

    /** The thread groups' ramp-up and duration as a confirmation at 1 × the users: the load JMeter would put on. */
    private static void phases(PlanYamlWriter.Mapping doc, List<FlowOut> flows, boolean serialGroups) {
        PlanYamlWriter.Mapping c = doc.map("phases").inline("confirm", confirmComment(flows, serialGroups));
        JmxLoad one = flows.size() == 1 ? flows.get(0).load() : null;
        long ramp = flows.stream().mapToLong(f -> f.load().rampS()).max().orElse(0);
        c.put("ramp", one != null && one.ramp() != null && one.ramp().startsWith("${") ? one.ramp() + "s" : ramp + "s");
        long hold = flows.stream().mapToLong(f -> f.load().duration() == null ? 0 : f.load().durationS()).max().orElse(0);
        if (one != null && one.duration() != null && one.duration().startsWith("${")) c.put("hold", one.duration() + "s");
        else c.put("hold", hold > 0 ? hold + "s" : JmxLoad.DEFAULT_HOLD);
        c.put("multiplier", 1);
    }

    private static String confirmComment(List<FlowOut> flows, boolean serialGroups) {
        List<String> parts = new ArrayList<>();
        for (FlowOut f : flows) {
            JmxLoad l = f.load();
            String run = l.duration() != null ? "runs " + l.duration() + " s"
                    : l.loops() < 0 ? "loops forever, which Brink holds for " + JmxLoad.DEFAULT_HOLD + " by default"
                    : l.loops() + " loops per thread, which Brink does not count: held " + JmxLoad.DEFAULT_HOLD + " by default";
            parts.add("'" + f.group().testname() + "' ramps up over " + (l.ramp() == null ? "0" : l.ramp()) + " s and " + run);
        }
        return "JMeter: " + String.join("; ", parts) + (serialGroups ? "; its thread groups run one after another, here side by side" : "");
    }

    private static String slug(String raw, String fallback) {
        String s = raw.trim().replaceAll("[^A-Za-z0-9_.-]+", "-").replaceAll("^-+|-+$", "");
        return s.isEmpty() ? fallback : s;
    }
}
