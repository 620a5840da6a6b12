package dev.brink.load.plan.jmx;

import dev.brink.load.plan.bind.PlanParams;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * JMeter's {@code ${…}} in Brink's terms. A variable is a user-defined variable's value, a CSV column
 * ({@code ${csv.X}}), a value an earlier step extracted ({@code ${session.X}}), or a counter or random variable config
 * element ({@code ${counter(…)}}, {@code ${random.int(…)}}); a function is a generator ({@code __Random},
 * {@code __RandomString}, {@code __UUID}, {@code __time}, {@code __threadNum}, {@code __counter}) or a plan parameter
 * ({@code __P}, {@code __property}: {@code ${param.NAME}} with the function's default, which the command line can set,
 * as {@code -J} does for JMeter). Anything else is {@link Unconvertible}, naming what Brink has no counterpart for, and
 * the element using it is left out and listed.
 */
final class JmxValues {
    /** Deeper nesting of variables in variables is a loop or a plan no one wrote by hand. */
    private static final int MAX_DEPTH = 10;

    /** Where a value goes: text that may hold generators (a request), or text that is fixed for the run (a host, a count). */
    enum Use { REQUEST, FIXED }

    /** A value the plan cannot express; the message names the JMeter feature. */
    static final class Unconvertible extends Exception {
        Unconvertible(String what) {
            super(what, null, false, false);
        }
    }

    private final Map<String, String> variables = new LinkedHashMap<>();
    private final Map<String, String> generated = new LinkedHashMap<>();
    /** Parameters met so far: name → default, and where each came from (for the plan's comments). */
    final Map<String, String> params = new LinkedHashMap<>();
    final Map<String, String> paramOrigin = new LinkedHashMap<>();
    List<String> csvColumns = List.of();
    final Set<String> session = new HashSet<>();

    /** A user-defined variable (JMeter evaluates its functions once, at the start). */
    void define(String name, String jmeterValue) {
        variables.put(name, jmeterValue);
    }

    /** A variable a config element sets to a Brink template: a counter, a random variable. */
    void generate(String name, String template) {
        generated.put(name, template);
    }

    boolean defines(String name) {
        return variables.containsKey(name) || generated.containsKey(name);
    }

    /** {@code text} as a Brink template for {@code use}: literal text, placeholders for what varies. */
    String template(String text, Use use) throws Unconvertible {
        return resolve(text, use, 0, false);
    }

    /**
     * The value of a number or a name fixed for the run (threads, a duration, a host): {@code ${param.X}} when it is one
     * parameter (so the command line sets it), else its text with every parameter at its default.
     */
    String fixed(String text) throws Unconvertible {
        String t = resolve(text, Use.FIXED, 0, false);
        if (t.matches("\\$\\{param\\.[^}]+}")) return t;
        return resolve(text, Use.FIXED, 0, true);
    }

    private String resolve(String s, Use use, int depth, boolean defaults) throws Unconvertible {
        if (depth > MAX_DEPTH) throw new Unconvertible("variables nested more than " + MAX_DEPTH + " deep");
        StringBuilder b = new StringBuilder();
        int i = 0;
        while (i < s.length()) {
            int at = s.indexOf("${", i);
            if (at < 0) {
                b.append(s, i, s.length());
                break;
            }
            b.append(s, i, at);
            int end = close(s, at + 2);
            if (end < 0) {
                b.append("$$").append(s, at + 1, s.length()); // JMeter leaves an unclosed "${" as text: "$${" in a template
                break;
            }
            String inner = s.substring(at + 2, end);
            b.append(inner.startsWith("__") ? function(inner, use, depth, defaults) : variable(inner.trim(), use, depth, defaults));
            i = end + 1;
        }
        return b.toString();
    }

    /** The index of the '}' closing a reference whose text starts at {@code from}, nested references skipped. */
    private static int close(String s, int from) {
        int depth = 0;
        for (int i = from; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\' && i + 1 < s.length()) {
                i++;
            } else if (c == '$' && i + 1 < s.length() && s.charAt(i + 1) == '{') {
                depth++;
                i++;
            } else if (c == '}') {
                if (depth == 0) return i;
                depth--;
            }
        }
        return -1;
    }

    private String variable(String name, Use use, int depth, boolean defaults) throws Unconvertible {
        if (use == Use.REQUEST && session.contains(name)) return "${session." + name + "}";
        if (use == Use.REQUEST && csvColumns.contains(name)) return "${csv." + name + "}";
        if (generated.containsKey(name)) {
            if (use != Use.REQUEST) throw new Unconvertible("${" + name + "} (a value that changes per request where one fixed for the run is needed)");
            return generated.get(name);
        }
        if (variables.containsKey(name)) {
            String raw = variables.get(name);
            // JMeter evaluates a user-defined variable's functions once, at the start: only __P/__property keep that meaning
            if (raw.contains("${__") && !raw.matches("(?s).*\\$\\{__(P|property)\\(.*")) {
                throw new Unconvertible("${" + name + "} = " + raw + " (a function JMeter evaluates once at the start)");
            }
            return resolve(raw, use, depth + 1, defaults);
        }
        throw new Unconvertible("${" + name + "} (a variable no converted element sets)");
    }

    private String function(String call, Use use, int depth, boolean defaults) throws Unconvertible {
        int paren = call.indexOf('(');
        String name = paren < 0 ? call.trim() : call.substring(0, paren).trim();
        List<String> args = new ArrayList<>();
        if (paren >= 0) {
            if (!call.endsWith(")")) throw new Unconvertible("${" + call + "} (not a function call JMeter reads)");
            args = arguments(call.substring(paren + 1, call.length() - 1));
        }
        switch (name) {
            case "__P", "__property" -> {
                String prop = arg(args, 0).trim();
                String dflt = name.equals("__P") ? (args.size() > 1 ? args.get(1) : "1") : (args.size() > 2 ? args.get(2) : prop);
                if (!PlanParams.NAME.matcher(prop).matches()) throw new Unconvertible("${" + call + "} (a property name Brink parameters cannot have)");
                String value = resolve(dflt.trim(), Use.FIXED, depth + 1, true);
                params.putIfAbsent(prop, value);
                paramOrigin.putIfAbsent(prop, "${" + call + "}");
                return defaults ? params.get(prop) : "${param." + prop + "}";
            }
            default -> {
                if (use != Use.REQUEST) {
                    throw new Unconvertible("${" + call + "} (a value that changes per request where one fixed for the run is needed)");
                }
                return generator(name, args, call);
            }
        }
    }

    private String generator(String name, List<String> args, String call) throws Unconvertible {
        switch (name) {
            case "__Random" -> {
                String lo = literalArg(args, 0, call);
                String hi = literalArg(args, 1, call);
                if (!lo.matches("-?[0-9]{1,18}") || !hi.matches("-?[0-9]{1,18}")) throw new Unconvertible("${" + call + "} (integer bounds)");
                return "${random.int(" + lo + "," + hi + ")}";
            }
            case "__RandomString" -> {
                String n = literalArg(args, 0, call);
                String chars = args.size() > 1 ? args.get(1) : "";
                if (!n.matches("[0-9]{1,5}")) throw new Unconvertible("${" + call + "} (a length Brink reads)");
                if (chars.isEmpty()) return "${random.string(" + n + ")}";
                if (chars.contains("${") || chars.contains("}") || !chars.matches("[\\x20-\\x7E]+")) {
                    throw new Unconvertible("${" + call + "} (characters Brink's random.string cannot take)");
                }
                return "${random.string(" + n + "," + chars + ")}";
            }
            case "__UUID" -> {
                return "${random.uuid}";
            }
            case "__time" -> {
                String format = args.isEmpty() ? "" : args.get(0).trim();
                if (format.isEmpty()) return "${time.ms}";
                if (format.equals("/1000")) return "${time.s}";
                throw new Unconvertible("${" + call + "} (a date format: Brink writes the time as epoch milliseconds or seconds)");
            }
            case "__threadNum" -> {
                return "${user}";
            }
            case "__counter" -> {
                String perUser = args.isEmpty() ? "FALSE" : args.get(0).trim();
                return perUser.equalsIgnoreCase("TRUE") ? "${user.seq}" : "${seq}";
            }
            default -> throw new Unconvertible("${" + call + "} (the JMeter function " + name + ", which Brink has no generator for)");
        }
    }

    private String literalArg(List<String> args, int i, String call) throws Unconvertible {
        String a = arg(args, i).trim();
        if (a.contains("${")) a = resolve(a, Use.FIXED, 1, true);
        if (a.isEmpty()) throw new Unconvertible("${" + call + "} (an argument missing)");
        return a;
    }

    private static String arg(List<String> args, int i) {
        return i < args.size() ? args.get(i) : "";
    }

    /** JMeter's function arguments: split on commas outside nested references; "\," is a comma in an argument. */
    private static List<String> arguments(String s) {
        List<String> out = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        int depth = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\' && i + 1 < s.length() && s.charAt(i + 1) == ',') {
                cur.append(',');
                i++;
            } else if (c == '$' && i + 1 < s.length() && s.charAt(i + 1) == '{') {
                depth++;
                cur.append("${");
                i++;
            } else if (c == '}' && depth > 0) {
                depth--;
                cur.append(c);
            } else if (c == ',' && depth == 0) {
                out.add(cur.toString());
                cur.setLength(0);
            } else {
                cur.append(c);
            }
        }
        out.add(cur.toString());
        return out;
    }
}
