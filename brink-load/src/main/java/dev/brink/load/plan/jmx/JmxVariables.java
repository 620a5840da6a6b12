package dev.brink.load.plan.jmx;

import dev.brink.core.BrinkUserException;
import dev.brink.load.engine.CsvFeeder;
import dev.brink.load.plan.jmx.JmxReader.Node;
import dev.brink.load.plan.jmx.JmxValues.Unconvertible;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The config elements that define variables, as {@link JmxValues} names them: user-defined variables, the CSV data set
 * (Brink's one feeder, its file beside the plan), Counter config elements ({@code ${counter(…)}}) and Random Variables
 * ({@code ${random.int(…)}}). Each element converted is added to {@code used}, each one not to {@code why} with the
 * reason.
 */
final class JmxVariables {
    private final JmxValues values;
    private final Path baseDir;
    private final Map<JmxElement, String> why;
    private final Set<JmxElement> used;
    private final List<JmxElement> seen;
    /** The CSV feeder's file, relative to the plan; null without one. */
    String csvFile;

    JmxVariables(JmxValues values, Path baseDir, Map<JmxElement, String> why, Set<JmxElement> used, List<JmxElement> seen) {
        this.values = values;
        this.baseDir = baseDir;
        this.why = why;
        this.used = used;
        this.seen = seen;
    }

    /**
     * Variables JMeter sets before any sampler runs, wherever their element sits: user-defined variables, CSV columns,
     * counters and random variables (each of these applies by scope in JMeter; a plan has one set of names, so they are
     * taken plan-wide).
     */
    void collect(List<Node> nodes) {
        for (Node n : nodes) {
            JmxElement e = n.element();
            if (!e.enabled()) continue;
            switch (e.testclass()) {
                case "Arguments" -> {
                    for (JmxElement a : e.collection("Arguments.arguments")) values.define(a.prop("Argument.name"), a.rawProp("Argument.value"));
                    used.add(e);
                }
                case "CSVDataSet" -> csv(e);
                case "CounterConfig" -> counter(e);
                case "RandomVariableConfig" -> randomVariable(e);
                default -> collect(n.children());
            }
        }
    }


    private void csv(JmxElement e) {
        seen.add(e);
        String name = e.prop("filename");
        String f;
        try {
            f = values.fixed(name);
        } catch (Unconvertible u) {
            why.put(e, "its file name uses " + u.getMessage());
            return;
        }
        if (csvFile != null) {
            why.put(e, "a plan has one CSV feeder: kept " + csvFile);
        } else if (f.contains("${") || baseDir == null || !Files.isRegularFile(baseDir.resolve(f))) {
            why.put(e, "its file '" + name + "' is not there beside the plan (samplers using " + e.prop("variableNames") + " are left out)");
        } else {
            try {
                List<String> header = CsvFeeder.header(baseDir.resolve(f));
                String names = e.prop("variableNames");
                if (!names.isEmpty() && !List.of(names.split("\\s*,\\s*")).equals(header)) {
                    why.put(e, "column names in the element (Brink reads them from the file's first line, which has " + header + ")");
                    return;
                }
                csvFile = f;
                values.csvColumns = header;
            } catch (BrinkUserException x) {
                why.put(e, "its file: " + x.getMessage());
            }
        }
    }

    /** A Counter config element: the same value for every sampler of one pass of the loop, advanced once per pass. */
    private void counter(JmxElement e) {
        seen.add(e);
        try {
            String start = literal(or(e.prop("CounterConfig.start"), "0"));
            String step = literal(or(e.prop("CounterConfig.incr"), "1"));
            String end = e.prop("CounterConfig.end").isEmpty() ? "999999999999999" : literal(e.prop("CounterConfig.end"));
            String format = e.prop("CounterConfig.format");
            if (!format.isEmpty() && !format.matches("0+")) throw new Unconvertible("number format '" + format + "' (Brink zero-pads: 000)");
            String digits = format.isEmpty() ? "" : "," + format.length();
            String fn = e.flag("CounterConfig.per_user") ? "counter.user" : "counter";
            values.generate(e.prop("CounterConfig.name"), "${" + fn + "(" + start + "," + step + "," + end + digits + ")}");
        } catch (Unconvertible u) {
            why.put(e, "uses " + u.getMessage());
        }
    }

    private void randomVariable(JmxElement e) {
        seen.add(e);
        try {
            String lo = literal(e.prop("minimumValue"));
            String hi = literal(e.prop("maximumValue"));
            if (!e.prop("outputFormat").isEmpty()) throw new Unconvertible("output format '" + e.prop("outputFormat") + "'");
            values.generate(e.prop("variableName"), "${random.int(" + lo + "," + hi + ")}");
        } catch (Unconvertible u) {
            why.put(e, "uses " + u.getMessage());
        }
    }

    private String literal(String text) throws Unconvertible {
        String v = values.fixed(text);
        if (v.startsWith("${param.")) v = values.params.get(v.substring(8, v.length() - 1));
        if (!v.trim().matches("-?[0-9]{1,15}")) throw new Unconvertible("'" + text + "' (an integer Brink can read)");
        return v.trim();
    }

    private static String or(String a, String b) {
        return a.isEmpty() ? b : a;
    }
}
