package dev.brink.load.metrics;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * A strict reader of OpenMetrics 1.0 text (the ABNF of the specification, section "Text format", plus its
 * rules on families, counters and histograms), for tests: no maintained Java parser of the format exists on
 * Maven Central (the Prometheus Java client writes it but reads nothing). Every violation is a {@link Bad}
 * naming the line; anything else thrown is a bug of this parser, which {@code OpenMetricsParserFuzzTest} hunts.
 *
 * <p>Checked: line grammar (names, label escapes, numbers), one TYPE/HELP/UNIT per family before its samples,
 * families not interleaved nor repeated, sample names allowed for the type (counter {@code _total}/{@code _created},
 * histogram {@code _bucket}/{@code _count}/{@code _sum}/{@code _created}, info {@code _info}, gauge the name
 * itself), UNIT a suffix of the name, counters not negative, no label set twice, histogram buckets with an
 * {@code le}, ascending, cumulative, ending with +Inf equal to {@code _count}, and {@code # EOF} last.
 */
public final class OpenMetricsParser {
    /** A violation of the format, with its line (1-based). */
    public static final class Bad extends Exception {
        Bad(int line, String what) {
            super("line " + line + ": " + what, null, false, false);
        }
    }

    public record Sample(String name, Map<String, String> labels, double value) {
    }

    public record Family(String name, String type, String help, String unit, List<Sample> samples) {
    }

    public record Exposition(Map<String, Family> families) {
        /** The value of the sample {@code name} with exactly {@code labels} (plus constant labels ignored when absent here). */
        public double value(String name, Map<String, String> labels) {
            for (Family f : families.values()) {
                for (Sample s : f.samples()) {
                    if (s.name().equals(name) && s.labels().entrySet().containsAll(labels.entrySet())) return s.value();
                }
            }
            throw new AssertionError("no sample " + name + labels);
        }

        public List<Sample> samples(String name) {
            List<Sample> out = new ArrayList<>();
            for (Family f : families.values()) for (Sample s : f.samples()) if (s.name().equals(name)) out.add(s);
            return out;
        }
    }

    private static final java.util.regex.Pattern REAL = java.util.regex.Pattern.compile("[+-]?[0-9]+(\\.[0-9]+)?([eE][+-]?[0-9]+)?");
    private static final Set<String> TYPES = Set.of("counter", "gauge", "histogram", "gaugehistogram", "stateset", "info", "summary", "unknown");

    private OpenMetricsParser() {
    }

    public static Exposition parse(String text) throws Bad {
        if (!text.endsWith("\n")) throw new Bad(count(text), "the exposition must end with \"# EOF\" and a line feed");
        String[] lines = text.substring(0, text.length() - 1).split("\n", -1);
        Map<String, Family> families = new LinkedHashMap<>();
        Family current = null;
        boolean eof = false;
        Set<String> seenSeries = new HashSet<>();
        for (int i = 0; i < lines.length; i++) {
            int n = i + 1;
            String line = lines[i];
            if (eof) throw new Bad(n, "content after # EOF");
            if (line.equals("# EOF")) {
                eof = true;
                continue;
            }
            if (line.startsWith("#")) {
                String[] p = line.split(" ", 4);
                if (p.length < 3 || !p[0].equals("#")) throw new Bad(n, "expected '# TYPE|HELP|UNIT name ...'");
                String name = metricName(p[2], n);
                if (current == null || !current.name().equals(name)) {
                    if (families.containsKey(name)) throw new Bad(n, "family " + name + " appears twice");
                    current = new Family(name, "unknown", null, null, new ArrayList<>());
                    families.put(name, current);
                } else if (!current.samples().isEmpty()) {
                    throw new Bad(n, "metadata of " + name + " after its samples");
                }
                String rest = p.length == 4 ? p[3] : null;
                switch (p[1]) {
                    case "TYPE" -> {
                        if (rest == null || !TYPES.contains(rest)) throw new Bad(n, "unknown metric type " + rest);
                        if (!"unknown".equals(current.type())) throw new Bad(n, "second TYPE for " + name);
                        current = new Family(name, rest, current.help(), current.unit(), current.samples());
                    }
                    case "HELP" -> {
                        if (current.help() != null) throw new Bad(n, "second HELP for " + name);
                        current = new Family(name, current.type(), unescape(rest == null ? "" : rest, n), current.unit(), current.samples());
                    }
                    case "UNIT" -> {
                        if (current.unit() != null) throw new Bad(n, "second UNIT for " + name);
                        String unit = rest == null ? "" : rest;
                        if (!unit.isEmpty()) metricName(unit, n);
                        if (!unit.isEmpty() && !name.endsWith("_" + unit)) throw new Bad(n, "family " + name + " does not end with its unit " + unit);
                        current = new Family(name, current.type(), current.help(), unit, current.samples());
                    }
                    default -> throw new Bad(n, "unknown descriptor " + p[1]);
                }
                families.put(name, current);
                continue;
            }
            Sample s = sample(line, n);
            if (current == null || !belongs(current, s.name())) {
                throw new Bad(n, "sample " + s.name() + " outside its family's block (families must not interleave; declare TYPE first)");
            }
            if (!seenSeries.add(s.name() + s.labels())) throw new Bad(n, "series " + s.name() + s.labels() + " twice");
            if ("counter".equals(current.type()) && s.name().endsWith("_total") && !(s.value() >= 0)) {
                throw new Bad(n, "counter " + s.name() + " is negative or NaN");
            }
            current.samples().add(s);
        }
        if (!eof) throw new Bad(lines.length, "missing # EOF");
        for (Family f : families.values()) if ("histogram".equals(f.type())) histogram(f);
        return new Exposition(families);
    }

    private static boolean belongs(Family f, String sample) {
        String base = f.name();
        List<String> suffixes = switch (f.type()) {
            case "counter" -> List.of("_total", "_created");
            case "histogram" -> List.of("_bucket", "_count", "_sum", "_created");
            case "info" -> List.of("_info");
            case "summary" -> List.of("", "_count", "_sum", "_created");
            default -> List.of("");
        };
        for (String s : suffixes) if (sample.equals(base + s)) return true;
        return false;
    }

    private static void histogram(Family f) throws Bad {
        double previousLe = Double.NEGATIVE_INFINITY;
        double previousCount = 0;
        Double inf = null;
        Double count = null;
        for (Sample s : f.samples()) {
            if (s.name().endsWith("_bucket")) {
                String le = s.labels().get("le");
                if (le == null) throw new Bad(0, f.name() + ": bucket without le");
                double bound = number(le, 0);
                if (!(bound > previousLe)) throw new Bad(0, f.name() + ": le " + le + " not ascending");
                if (s.value() < previousCount) throw new Bad(0, f.name() + ": bucket le=" + le + " below the one before (not cumulative)");
                previousLe = bound;
                previousCount = s.value();
                if (bound == Double.POSITIVE_INFINITY) inf = s.value();
            } else if (s.name().endsWith("_count")) {
                count = s.value();
            }
        }
        if (inf == null) throw new Bad(0, f.name() + ": no +Inf bucket");
        if (count != null && !count.equals(inf)) throw new Bad(0, f.name() + ": _count " + count + " differs from the +Inf bucket " + inf);
    }

    private static Sample sample(String line, int n) throws Bad {
        int i = 0;
        while (i < line.length() && nameChar(line.charAt(i), i == 0)) i++;
        String name = metricName(line.substring(0, i), n);
        Map<String, String> labels = new LinkedHashMap<>();
        if (i < line.length() && line.charAt(i) == '{') {
            i++;
            while (true) {
                if (i >= line.length()) throw new Bad(n, "unterminated labels");
                if (line.charAt(i) == '}') {
                    i++;
                    break;
                }
                int start = i;
                while (i < line.length() && labelChar(line.charAt(i), i == start)) i++;
                String label = line.substring(start, i);
                if (label.isEmpty()) throw new Bad(n, "expected a label name at column " + (i + 1));
                if (i + 1 >= line.length() || line.charAt(i) != '=' || line.charAt(i + 1) != '"') {
                    throw new Bad(n, "expected =\" after label " + label);
                }
                i += 2;
                StringBuilder v = new StringBuilder();
                while (true) {
                    if (i >= line.length()) throw new Bad(n, "unterminated label value");
                    char c = line.charAt(i++);
                    if (c == '"') break;
                    if (c == '\\') {
                        if (i >= line.length()) throw new Bad(n, "dangling backslash");
                        char e = line.charAt(i++);
                        v.append(switch (e) {
                            case 'n' -> '\n';
                            case '"' -> '"';
                            case '\\' -> '\\';
                            default -> throw new Bad(n, "bad escape \\" + e);
                        });
                    } else {
                        v.append(c);
                    }
                }
                if (labels.put(label, v.toString()) != null) throw new Bad(n, "label " + label + " twice");
                if (i < line.length() && line.charAt(i) == ',') {
                    i++;
                    if (i < line.length() && line.charAt(i) == '}') throw new Bad(n, "trailing comma in labels");
                } else if (i >= line.length() || line.charAt(i) != '}') {
                    throw new Bad(n, "expected , or } after a label");
                }
            }
        }
        if (i >= line.length() || line.charAt(i) != ' ') throw new Bad(n, "expected one space before the value");
        String[] rest = line.substring(i + 1).split(" ", -1);
        if (rest.length > 2) throw new Bad(n, "expected value [timestamp] (exemplars are not used here)");
        double value = number(rest[0], n);
        if (rest.length == 2) number(rest[1], n);
        return new Sample(name, labels, value);
    }

    private static double number(String s, int n) throws Bad {
        String l = s.toLowerCase(Locale.ROOT);
        switch (l) {
            case "+inf", "inf", "+infinity", "infinity" -> {
                return Double.POSITIVE_INFINITY;
            }
            case "-inf", "-infinity" -> {
                return Double.NEGATIVE_INFINITY;
            }
            case "nan" -> {
                return Double.NaN;
            }
            default -> {
                if (!REAL.matcher(s).matches()) throw new Bad(n, "not a number: " + s);
                return Double.parseDouble(s);
            }
        }
    }

    private static String metricName(String s, int n) throws Bad {
        if (s.isEmpty()) throw new Bad(n, "expected a metric name");
        for (int i = 0; i < s.length(); i++) {
            if (!nameChar(s.charAt(i), i == 0)) throw new Bad(n, "bad metric name " + s);
        }
        return s;
    }

    private static boolean nameChar(char c, boolean first) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c == ':' || !first && c >= '0' && c <= '9';
    }

    private static boolean labelChar(char c, boolean first) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || !first && c >= '0' && c <= '9';
    }

    /** HELP text: only \\, \n and \" escapes, and no bare double quote (the escaped-string rule). */
    private static String unescape(String s, int n) throws Bad {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '"') throw new Bad(n, "bare \" in HELP");
            if (c != '\\') {
                b.append(c);
                continue;
            }
            if (++i >= s.length()) throw new Bad(n, "dangling backslash in HELP");
            char e = s.charAt(i);
            b.append(switch (e) {
                case 'n' -> '\n';
                case '"' -> '"';
                case '\\' -> '\\';
                default -> throw new Bad(n, "bad escape \\" + e + " in HELP");
            });
        }
        return b.toString();
    }

    private static int count(String text) {
        return (int) text.chars().filter(c -> c == '\n').count() + 1;
    }
}
