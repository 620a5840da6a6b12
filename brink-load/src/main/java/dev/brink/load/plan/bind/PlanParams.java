package dev.brink.load.plan.bind;

import dev.brink.core.BrinkUserException;
import dev.brink.core.UserText;
import dev.brink.load.plan.PlanNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * A plan's parameters: {@code params:} names values with their defaults, {@code ${param.NAME}} in any value of the plan
 * (a user count, a duration, a path, a header) is replaced by the value before the plan is bound, and the command line
 * sets them ({@code brink run plan.yaml --param threads=200}). This is what JMeter's {@code ${__P(threads,50)}} with
 * {@code -Jthreads=200} is: one plan for the pull request's smoke run and the nightly one, without editing it.
 *
 * <p>The substitution is textual and happens once, when the plan is read, so the value of a number field is checked as
 * that number (file:line:column of the {@code ${param.…}} that gave it) and a template never sees a parameter: the
 * engine's hot path is unchanged. A value holds no {@code ${} (it is literal text) and no line break. {@code $${param.x}}
 * stays the literal text {@code ${param.x}}, as elsewhere in templates.
 */
public final class PlanParams {
    /** What a parameter is called: the names JMeter properties have. */
    public static final Pattern NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_.-]*");
    private static final String KEY = "params";
    private static final int MAX = 1000;

    private PlanParams() {
    }

    /**
     * {@code root} without its {@code params:} section and with every {@code ${param.NAME}} replaced: by
     * {@code overrides}' value when it names the parameter, else by the plan's default.
     *
     * @throws BrinkUserException an override or a reference naming no parameter of the plan, a malformed section
     */
    public static PlanNode apply(PlanNode root, Map<String, String> overrides) throws BrinkUserException {
        if (root.fields() == null) {
            if (!overrides.isEmpty()) throw unknown(root, overrides.keySet().iterator().next(), Map.of());
            return root;
        }
        PlanNode section = root.fields().get(KEY);
        Map<String, String> values = section == null ? new LinkedHashMap<>() : defaults(section);
        for (Map.Entry<String, String> o : overrides.entrySet()) {
            if (!values.containsKey(o.getKey())) throw unknown(root, o.getKey(), values);
            values.put(o.getKey(), o.getValue());
        }
        Map<String, PlanNode> fields = new LinkedHashMap<>(root.fields());
        fields.remove(KEY);
        if (values.isEmpty() && section == null) return root;
        PlanNode stripped = new PlanNode(root.file(), root.line(), root.column(), null, fields, null, root.literal());
        return substitute(stripped, values, 0);
    }

    /** Checks one {@code NAME=VALUE} of the command line; the value as it will be written into the plan. */
    public static Map.Entry<String, String> parseOverride(String arg) throws BrinkUserException {
        int eq = arg.indexOf('=');
        String name = eq < 0 ? arg : arg.substring(0, eq);
        if (eq < 0 || !NAME.matcher(name).matches()) {
            throw new BrinkUserException("bad --param '" + UserText.quote(arg) + "': expected NAME=VALUE, NAME of letters, digits, '_', '.' or '-'");
        }
        String value = arg.substring(eq + 1);
        check(value, "--param " + name);
        return Map.entry(name, value);
    }

    private static Map<String, String> defaults(PlanNode section) throws BrinkUserException {
        if (section.fields() == null) throw section.error(KEY, "a mapping of parameter name to its default value");
        if (section.fields().size() > MAX) throw section.error(KEY, "at most " + MAX + " parameters");
        Map<String, String> out = new LinkedHashMap<>();
        for (Map.Entry<String, PlanNode> e : section.fields().entrySet()) {
            String path = KEY + "." + e.getKey();
            if (!NAME.matcher(e.getKey()).matches()) throw e.getValue().error(path, "a name of letters, digits, '_', '.' or '-'");
            PlanNode v = e.getValue();
            if (!v.isScalar() || v.text() == null) throw v.error(path, "a default value (text or a number)");
            try {
                check(v.text(), path);
            } catch (BrinkUserException x) {
                throw new BrinkUserException(v.where() + ": " + x.getMessage());
            }
            out.put(e.getKey(), v.text());
        }
        return out;
    }

    private static void check(String value, String what) throws BrinkUserException {
        if (value.contains("${")) throw new BrinkUserException(what + ": expected a literal value, got one holding '${'");
        if (UserText.breaksLine(value)) throw new BrinkUserException(what + ": expected a value on one line (no CR, LF or NUL)");
    }

    private static PlanNode substitute(PlanNode n, Map<String, String> values, int depth) throws BrinkUserException {
        if (n.fields() != null) {
            Map<String, PlanNode> f = new LinkedHashMap<>();
            for (Map.Entry<String, PlanNode> e : n.fields().entrySet()) f.put(e.getKey(), substitute(e.getValue(), values, depth + 1));
            return new PlanNode(n.file(), n.line(), n.column(), null, f, null, n.literal());
        }
        if (n.items() != null) {
            List<PlanNode> items = new ArrayList<>();
            for (PlanNode i : n.items()) items.add(substitute(i, values, depth + 1));
            return new PlanNode(n.file(), n.line(), n.column(), null, null, items, n.literal());
        }
        if (n.text() == null || !n.text().contains("${param.")) return n;
        String s = n.text();
        StringBuilder b = new StringBuilder();
        int i = 0;
        while (i < s.length()) {
            if (s.startsWith("$${", i)) {
                b.append("$${");
                i += 3;
            } else if (s.startsWith("${param.", i)) {
                int end = s.indexOf('}', i);
                String name = end < 0 ? "" : s.substring(i + 8, end).trim();
                if (!values.containsKey(name)) {
                    throw new BrinkUserException(n.file() + ":" + n.line() + ":" + (n.column() + i) + ": expected a parameter the plan's "
                            + "params: section names" + (values.isEmpty() ? " (it has none)" : ", one of " + new TreeSet<>(values.keySet()))
                            + ", got '${param." + UserText.quote(name) + "}'");
                }
                b.append(values.get(name));
                i = end + 1;
            } else {
                b.append(s.charAt(i++));
            }
        }
        return new PlanNode(n.file(), n.line(), n.column(), b.toString(), null, null, n.literal());
    }

    private static BrinkUserException unknown(PlanNode root, String name, Map<String, String> values) {
        return new BrinkUserException(root.file() + ": --param " + UserText.quote(name) + ": expected a parameter the plan's params: section "
                + "names" + (values.isEmpty() ? " (it has none)" : ", one of " + new TreeSet<>(values.keySet())));
    }
}
