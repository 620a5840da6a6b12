package dev.brink.load.plan.jmx;

import dev.brink.core.BrinkUserException;
import dev.brink.load.plan.jmx.JmxReader.Node;
import dev.brink.load.plan.jmx.JmxValues.Unconvertible;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A plan from a JMeter test plan (.jmx as JMeter saves it), by JMeter's own rules: each enabled thread group is a flow
 * of a closed model (its threads its share of the users), its HTTP samplers the flow's steps in tree order (through
 * simple, transaction and loop controllers), and what applies to a sampler is what JMeter's scoping applies: every HTTP
 * Request Defaults, header manager, timer, extractor and assertion among the sampler's own children, its siblings
 * (before and after it) and its ancestors' siblings (JMeter user manual, "Scoping Rules"). Timers before a sampler
 * become the think time after the step before it; the thread groups' threads, ramp-up and duration become users and a
 * confirmation phase, with a default SLO, each default said in a comment of the plan. Every element not converted is
 * listed with its testname and why, never dropped silently; BeanShell, JSR223 and BSF elements are named as a
 * generator-leak risk.
 */
public final class JmxImport {
    /**
     * @param plan    the plan as YAML, or null when no sampler converted
     * @param steps   samplers converted
     * @param skipped every element left out, "Testclass 'testname': why"
     */
    public record Result(String plan, int steps, List<String> skipped) {
    }

    /** A thread group's flow: its load and its steps, each with the delay JMeter's timers put before it. */
    private static final class Flow {
        final JmxElement group;
        JmxLoad load;
        final List<JmxStep> steps = new ArrayList<>();
        final List<String> names = new ArrayList<>();
        final List<JmxDelay> before = new ArrayList<>();
        JmxDelay pending = JmxDelay.NONE;

        Flow(JmxElement group) {
            this.group = group;
        }
    }

    private final String file;
    private final JmxValues values = new JmxValues();
    private final List<Flow> flows = new ArrayList<>();
    /** Why each element left out was (first reason wins); elements converted for at least one sampler are in {@code used}. */
    private final Map<JmxElement, String> why = new LinkedHashMap<>();
    private final Set<JmxElement> used = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
    private final List<JmxElement> seen = new ArrayList<>();
    private final Set<String> stepNames = new LinkedHashSet<>();
    private final JmxVariables variables;
    private String origin;
    private Pacing pacing;
    private JmxElement durationAssertion;
    private boolean serialGroups;

    private JmxImport(String file, Path baseDir) {
        this.file = file;
        this.variables = new JmxVariables(values, baseDir, why, used, seen);
    }

    /** @param baseDir where the .jmx lies: a CSV data set's file is looked for there */
    public static Result convert(String xml, String file, Path baseDir) throws BrinkUserException {
        JmxImport j = new JmxImport(file, baseDir);
        List<Node> top = JmxReader.read(xml, file);
        for (Node n : top) {
            if (n.element().testclass().equals("TestPlan") && n.element().enabled()) j.testPlan(n);
            else j.leaveOut(n, n.element().testclass().equals("WorkBench") ? "JMeter's workbench, not part of the test" : "outside the test plan");
        }
        return j.result();
    }

    private void testPlan(Node plan) {
        JmxElement p = plan.element();
        seen.add(p);
        used.add(p);
        serialGroups = p.flag("TestPlan.serialize_threadgroups");
        for (JmxElement a : p.arguments("TestPlan.user_defined_variables")) values.define(a.prop("Argument.name"), a.rawProp("Argument.value"));
        variables.collect(plan.children());
        Deque<List<JmxElement>> scopes = new ArrayDeque<>();
        scopes.addLast(scopedOf(plan.children()));
        for (Node n : plan.children()) {
            if (disabledOrScoped(n)) continue;
            String c = n.element().testclass();
            if (c.equals("ThreadGroup")) {
                threadGroup(n, scopes);
            } else if (JmeterElements.threadGroup(c)) {
                leaveOut(n, c.equals("SetupThreadGroup") || c.equals("PostThreadGroup")
                        ? "setUp/tearDown thread groups run once around the test, not as load"
                        : "a thread group of another kind (its schedule is not JMeter's plain thread group: write it as phases)");
            } else if (c.equals("TestFragmentController")) {
                leaveOut(n, "a test fragment runs only where a module or include controller calls it");
            } else {
                leaveOut(n, "outside a thread group");
            }
        }
    }

    private void threadGroup(Node tg, Deque<List<JmxElement>> scopes) {
        Flow f = new Flow(tg.element());
        seen.add(tg.element());
        try {
            f.load = JmxLoad.of(tg.element(), values);
        } catch (Unconvertible u) {
            leaveOut(tg, "its load " + u.getMessage());
            return;
        }
        values.session.clear(); // a flow uses only what its own earlier steps extract
        container(tg.children(), scopes, f);
        if (f.steps.isEmpty()) {
            why.putIfAbsent(tg.element(), "no HTTP sampler in it converted");
            return;
        }
        used.add(tg.element());
        // the timers before the first sampler run again before it on each pass: after the last step of the flow
        f.before.set(0, f.before.get(0).plus(f.pending));
        flows.add(f);
    }

    /** The children of a thread group or controller: scoped elements apply to all of them, samplers become steps. */
    private void container(List<Node> children, Deque<List<JmxElement>> scopes, Flow flow) {
        scopes.addLast(scopedOf(children));
        for (Node n : children) {
            if (disabledOrScoped(n)) continue;
            JmxElement e = n.element();
            String c = e.testclass();
            if (JmeterElements.HTTP_SAMPLERS.contains(c)) {
                sampler(n, scopes, flow);
            } else if (c.equals("TestAction")) {
                pause(n, scopes, flow);
            } else if (JmeterElements.PASS_THROUGH.contains(c)) {
                used.add(e);
                seen.add(e);
                container(n.children(), scopes, flow);
            } else if (c.equals("LoopController")) {
                loop(n, scopes, flow);
            } else if (JmeterElements.controller(c)) {
                leaveOut(n, "a " + c + " (its condition or choice has no Brink counterpart: a flow runs its steps in order)");
            } else {
                leaveOut(n, JmeterElements.scripted(c) ? scriptRisk() : "a sampler of another protocol (Brink converts HTTP samplers)");
            }
        }
        scopes.removeLast();
    }

    /**
     * True for a node the walk passes by: a disabled one (listed, with what is under it) or one that applies by scope
     * (taken with the level it sits on, whatever its position among its siblings).
     */
    private boolean disabledOrScoped(Node n) {
        if (!n.element().enabled()) {
            leaveOut(n, "disabled in the plan");
            return true;
        }
        if (JmeterElements.scoped(n.element().testclass())) {
            seen.add(n.element());
            return true;
        }
        return false;
    }

    /** A loop controller inside a flow: its samplers as often as it loops, up to a few passes (more is a count Brink does not keep). */
    private void loop(Node n, Deque<List<JmxElement>> scopes, Flow flow) {
        JmxElement e = n.element();
        seen.add(e);
        long loops;
        try {
            loops = (long) JmxLoad.number(values, values.fixed(e.prop("LoopController.loops").isEmpty() ? "1" : e.prop("LoopController.loops")));
        } catch (Unconvertible u) {
            loops = -2;
        }
        int passes = loops >= 1 && loops <= 10 ? (int) loops : 1;
        if (passes != loops) why.put(e, "loops " + e.prop("LoopController.loops") + " (its samplers are converted once: Brink unrolls at most 10 passes)");
        else used.add(e);
        for (int k = 0; k < passes; k++) container(n.children(), scopes, flow);
    }

    /** A Flow Control Action: its pause and the timers under it delay the next sampler. */
    private void pause(Node n, Deque<List<JmxElement>> scopes, Flow flow) {
        JmxElement e = n.element();
        seen.add(e);
        List<JmxElement> scope = inScope(scopes, n.children());
        JmxDelay d = JmxDelay.ofTimers(scope, values, why, used);
        int action = JmxStep.intOr(e.prop("ActionProcessor.action"), 1);
        if (action == 1) { // pause
            try {
                long ms = (long) JmxLoad.number(values, values.fixed(e.prop("ActionProcessor.duration").isEmpty() ? "0" : e.prop("ActionProcessor.duration")));
                d = d.plus(new JmxDelay(ms, ms));
            } catch (Unconvertible u) {
                why.putIfAbsent(e, "its pause " + u.getMessage());
            }
            used.add(e);
        } else {
            why.putIfAbsent(e, "a flow-control action other than a pause (stop, restart): its timers are converted");
        }
        flow.pending = flow.pending.plus(d);
    }

    private void sampler(Node n, Deque<List<JmxElement>> scopes, Flow flow) {
        JmxElement e = n.element();
        seen.add(e);
        List<JmxElement> scope = inScope(scopes, n.children());
        for (Node k : n.children()) {
            if (!k.element().enabled()) leaveOut(k, "disabled in the plan");
            else seen.add(k.element());
        }
        JmxStep step;
        try {
            step = JmxStep.of(e, scope, values);
        } catch (Unconvertible u) {
            why.putIfAbsent(e, "uses " + u.getMessage());
            return;
        }
        if (origin == null) {
            origin = step.origin;
        } else if (!origin.equals(step.origin)) {
            why.putIfAbsent(e, "another server (" + step.origin + ") than the plan's target " + origin + " (a Brink plan has one target)");
            return;
        }
        for (Map.Entry<JmxElement, String> p : step.problems.entrySet()) why.putIfAbsent(p.getKey(), p.getValue());
        used.add(e);
        used.addAll(step.used);
        for (JmxElement s : scope) {
            String c = s.testclass();
            if (c.equals("CookieManager")) cookies(s);
            else if (c.equals("ConstantThroughputTimer")) throughput(s, flow);
            else if (c.equals("DurationAssertion")) sla(s);
            else if (c.equals("Arguments") || c.equals("CSVDataSet") && variables.csvFile != null || c.equals("CounterConfig") || c.equals("RandomVariableConfig")) used.add(s);
        }
        JmxDelay before = flow.pending.plus(JmxDelay.ofTimers(scope, values, why, used));
        flow.pending = JmxDelay.NONE;
        flow.steps.add(step);
        flow.names.add(unique(e.testname()));
        flow.before.add(before);
        values.session.addAll(step.extracted());
    }

    private void throughput(JmxElement ctt, Flow flow) {
        if (pacing != null) {
            if (pacing.timer != ctt) why.putIfAbsent(ctt, "a second throughput timer (a plan has one pacing: kept " + pacing.timer.named() + ")");
            return;
        }
        try {
            double perMinute = JmxLoad.number(values, values.fixed(ctt.prop("throughput")));
            int mode = JmxStep.intOr(ctt.prop("calcMode"), 0);
            if (!(perMinute > 0)) throw new Unconvertible("a throughput of " + perMinute);
            pacing = new Pacing(ctt, perMinute, mode, flow);
            used.add(ctt);
        } catch (Unconvertible u) {
            why.putIfAbsent(ctt, "its throughput " + u.getMessage());
        }
    }

    private void sla(JmxElement d) {
        try {
            double ms = JmxLoad.number(values, values.fixed(d.prop("DurationAssertion.duration")));
            if (ms > 0 && (durationAssertion == null || ms < JmxLoad.number(values, values.fixed(durationAssertion.prop("DurationAssertion.duration"))))) {
                durationAssertion = d;
            }
            used.add(d);
        } catch (Unconvertible u) {
            why.putIfAbsent(d, "its duration " + u.getMessage());
        }
    }

    private void cookies(JmxElement m) {
        if (!m.collection("CookieManager.cookies").isEmpty()) {
            why.putIfAbsent(m, "cookies set in the manager itself (Brink's per-user jar starts empty: the first answers fill it)");
        } else {
            used.add(m); // every Brink user keeps its own cookies, as a cookie manager's thread does
        }
    }

    /** Every element in scope of a sampler: the scoped elements of each enclosing level, outermost first, then its own. */
    private List<JmxElement> inScope(Deque<List<JmxElement>> scopes, List<Node> own) {
        List<JmxElement> out = new ArrayList<>();
        for (List<JmxElement> level : scopes) out.addAll(level);
        out.addAll(scopedOf(own));
        return out;
    }

    private static List<JmxElement> scopedOf(List<Node> nodes) {
        List<JmxElement> out = new ArrayList<>();
        for (Node n : nodes) if (n.element().enabled() && JmeterElements.scoped(n.element().testclass())) out.add(n.element());
        return out;
    }

    private void leaveOut(Node n, String reason) {
        why.putIfAbsent(n.element(), reason);
        seen.add(n.element());
        for (Node k : n.children()) leaveOut(k, "under " + n.element().named() + ", which was not converted");
    }

    private static String scriptRisk() {
        return "a script run per request: a generator-leak risk (its interpreter's per-call garbage and caches grow with the"
                + " load, field report 002); write it as generators, extract and checks";
    }

    private Result result() throws BrinkUserException {
        // what no converted sampler used, with the reason its kind has
        for (JmxElement e : seen) {
            if (used.contains(e) || why.containsKey(e)) continue;
            String c = e.testclass();
            why.put(e, JmeterElements.scripted(c) ? scriptRisk()
                    : JmeterElements.LISTENERS.contains(c) ? "a listener (Brink records every request itself: the run directory and its report)"
                    : JmeterElements.scoped(c) && known(c) ? "applies to no sampler Brink converted"
                    : "not converted (Brink converts HTTP samplers and the defaults, header and cookie managers, CSV data sets, counters,"
                    + " random variables, regex, boundary and JSON extractors, response, JSON and duration assertions, timers and"
                    + " throughput timers that apply to them)");
        }
        List<String> skipped = new ArrayList<>();
        for (Map.Entry<JmxElement, String> w : why.entrySet()) {
            if (!used.contains(w.getKey()) || JmeterElements.EXTRACTORS.contains(w.getKey().testclass())
                    || JmeterElements.ASSERTIONS.contains(w.getKey().testclass()) || w.getKey().testclass().equals("HeaderManager")) {
                skipped.add(w.getKey().named() + ": " + w.getValue());
            }
        }
        int steps = flows.stream().mapToInt(f -> f.steps.size()).sum();
        if (steps == 0) return new Result(null, 0, List.copyOf(skipped));
        return new Result(JmxPlanWriter.write(file, values, flows(), origin, variables.csvFile, pacing(), durationAssertion, serialGroups,
                skipped.size()), steps, List.copyOf(skipped));
    }

    private boolean known(String c) {
        return JmeterElements.TIMERS.contains(c) || JmeterElements.EXTRACTORS.contains(c) || JmeterElements.ASSERTIONS.contains(c)
                || List.of("ConfigTestElement", "HeaderManager", "CookieManager", "ConstantThroughputTimer", "CSVDataSet", "CounterConfig",
                "RandomVariableConfig", "Arguments").contains(c);
    }

    private List<JmxPlanWriter.FlowOut> flows() {
        List<JmxPlanWriter.FlowOut> out = new ArrayList<>();
        for (Flow f : flows) out.add(new JmxPlanWriter.FlowOut(f.group, f.load, f.steps, f.names, f.before));
        return out;
    }

    /**
     * A Constant Throughput Timer as pacing: it holds each thread to {@code perMinute} samples a minute (mode 0, this
     * thread), or the threads together (the other modes), so a user's flow of k steps starts every k × 60 / rate s (× the
     * threads sharing the rate).
     */
    private JmxPlanWriter.Pace pacing() {
        if (pacing == null) return null;
        int steps = pacing.flow.steps.size();
        double perThread = pacing.mode == 0 ? pacing.perMinute : pacing.perMinute / Math.max(1, pacing.mode == 2 || pacing.mode == 4
                ? pacing.flow.load.users() : flows.stream().mapToInt(f -> f.load.users()).sum());
        long ms = Math.round(steps * 60_000 / perThread);
        return new JmxPlanWriter.Pace(ms, pacing.timer.named() + ": " + pacing.timer.prop("throughput") + " samples/min"
                + (pacing.mode == 0 ? " per thread" : " shared by the threads") + " × " + steps + " steps a flow"
                + (pacing.timer.prop("throughput").contains("${") ? " (at its default; set pacing by hand when you change it)" : ""));
    }

    private record Pacing(JmxElement timer, double perMinute, int mode, Flow flow) {
    }

    private String unique(String raw) {
        String base = raw.trim().replaceAll("[^A-Za-z0-9_.-]+", "-").replaceAll("^-+|-+$", "");
        if (base.isEmpty()) base = "step";
        String n = base;
        for (int k = 2; !stepNames.add(n); k++) n = base + "-" + k;
        return n;
    }

    private static String or(String a, String b) {
        return a.isEmpty() ? b : a;
    }
}
