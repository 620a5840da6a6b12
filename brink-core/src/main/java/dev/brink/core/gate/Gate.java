package dev.brink.core.gate;

import dev.brink.core.FindingKind;
import dev.brink.core.Severity;
import dev.brink.core.gate.Threshold.Metric;
import dev.brink.core.gate.Threshold.Op;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * A CI gate: threshold expressions in the spirit of k6's, written as what fails the run, separated by commas:
 * {@code p99>200ms,errors>1%,rate<95%,findings>=critical}. {@code brink http|grpc|tcp --fail-on} and a plan's
 * {@code fail_on} take the same text; a run that meets any threshold exits 3 ({@link dev.brink.core.ExitCode#GATE})
 * with one line per threshold met.
 *
 * <p>Terms: {@code p50}, {@code p90}, {@code p99}, {@code p99.9}, {@code max} (corrected latency; {@code us},
 * {@code ms} (default), {@code s}); {@code errors} ({@code N%}: error rate; a whole number: failed requests);
 * {@code rate} ({@code N%}: achieved share of the target rate, open model only; a number: achieved req/s);
 * {@code findings} ({@code >=warning}, {@code >info}: findings by severity; {@code =port-exhaustion}: by kind).
 * Every word is checked when parsed: a misspelt metric must never be a gate that cannot fail.
 */
public record Gate(String text, List<Threshold> thresholds) {
    /** Expressions longer than this are a mistake (a file pasted in), refused before they are read. */
    static final int MAX_LENGTH = 2000;
    public static final Gate NONE = new Gate("", List.of());
    public static final String EXPECTED = "thresholds like p99>200ms,errors>1%,rate<95%,findings>=critical "
            + "(p50, p90, p99, p99.9, max, errors, rate, findings)";

    public Gate {
        Objects.requireNonNull(text, "text");
        thresholds = List.copyOf(thresholds);
    }

    /** A term the parser refused: its offset in the text and what was expected there. */
    public static final class Invalid extends Exception {
        public final int offset;
        public final String term;

        Invalid(int offset, String term, String expected) {
            super(expected, null, false, false);
            this.offset = offset;
            this.term = term;
        }
    }

    public boolean isEmpty() {
        return thresholds.isEmpty();
    }

    /** Whether any threshold reads the load's numbers (latency, errors, rate), not only the findings. */
    public boolean readsLoad() {
        return thresholds.stream().anyMatch(t -> !t.metric().findings());
    }

    /** One line per threshold {@code f} fails, in the order written; empty when the gate passes. */
    public List<String> failures(GateFigures f) {
        List<String> out = new ArrayList<>();
        for (Threshold t : thresholds) {
            String why = t.failure(f);
            if (why != null) out.add(why);
        }
        return out;
    }

    /**
     * The gate of a one-line run given no {@code --fail-on}: a run in which not one request succeeded failed, whatever
     * else it measured (a gRPC method the server lacks answers UNIMPLEMENTED in microseconds). One line naming the top
     * error kinds, or null when some request succeeded or none was made.
     */
    public static String everyRequestFailed(GateFigures f) {
        if (f.requests() == 0 || f.errorCount() < f.requests()) return null;
        return "every request failed (" + f.errorCount() + " of " + f.requests() + "): " + Threshold.topErrors(f.errors(), "");
    }

    /** Parses {@code text}; an empty text is {@link #NONE}. */
    public static Gate parse(String text) throws Invalid {
        if (text == null || text.isBlank()) return NONE;
        if (text.length() > MAX_LENGTH) throw new Invalid(0, text.substring(0, 20) + "…", "at most " + MAX_LENGTH + " characters");
        List<Threshold> out = new ArrayList<>();
        int start = 0;
        while (start <= text.length()) {
            int comma = text.indexOf(',', start);
            int end = comma < 0 ? text.length() : comma;
            String raw = text.substring(start, end);
            int lead = raw.length() - raw.stripLeading().length();
            String term = raw.strip();
            if (term.isEmpty()) throw new Invalid(start, term, EXPECTED + ", got an empty term");
            out.add(term(term, start + lead));
            if (comma < 0) break;
            start = comma + 1;
        }
        return new Gate(text.strip(), out);
    }

    private static Threshold term(String term, int at) throws Invalid {
        String t = term.toLowerCase(Locale.ROOT).replace(" ", "");
        int i = 0;
        while (i < t.length() && (Character.isLetterOrDigit(t.charAt(i)) || t.charAt(i) == '.')) i++;
        String name = t.substring(0, i);
        int j = i;
        while (j < t.length() && "<>=".indexOf(t.charAt(j)) >= 0) j++;
        String sym = t.substring(i, j);
        String value = t.substring(j);
        Op op = Arrays.stream(Op.values()).filter(o -> o.symbol.equals(sym)).findFirst()
                .orElseThrow(() -> new Invalid(at, term, "a comparison >, >=, <, <= or = after '" + name + "', like p99>200ms"));
        if (value.isEmpty()) throw new Invalid(at, term, "a value after '" + name + sym + "'");
        return switch (name) {
            case "p50", "p90", "p99", "p99.9", "max" -> latency(name, op, value, term, at);
            case "errors" -> value.endsWith("%")
                    ? new Threshold(Metric.ERROR_RATE, ordered(op, term, at), share(value, term, at), null, null, term)
                    : new Threshold(Metric.ERRORS, ordered(op, term, at), count(value, term, at), null, null, term);
            case "rate" -> value.endsWith("%")
                    ? new Threshold(Metric.RATE_SHARE, ordered(op, term, at), share(value, term, at), null, null, term)
                    : new Threshold(Metric.RATE, ordered(op, term, at), number(value.replaceFirst("(req)?/s$", ""), term, at,
                    "a rate in req/s like rate<500, or a share of the target like rate<95%"), null, null, term);
            case "findings", "finding" -> findings(op, value, term, at);
            default -> throw new Invalid(at, term, EXPECTED + ", got '" + name + "'");
        };
    }

    private static Threshold latency(String name, Op op, String value, String term, int at) throws Invalid {
        Metric m = switch (name) {
            case "p50" -> Metric.P50;
            case "p90" -> Metric.P90;
            case "p99" -> Metric.P99;
            case "p99.9" -> Metric.P999;
            default -> Metric.MAX;
        };
        double scale = 1;
        String digits = value;
        if (value.endsWith("ms")) {
            digits = value.substring(0, value.length() - 2);
        } else if (value.endsWith("us") || value.endsWith("µs")) {
            digits = value.substring(0, value.length() - 2);
            scale = -1000; // divided, so 300000us is 300 ms exactly
        } else if (value.endsWith("s")) {
            digits = value.substring(0, value.length() - 1);
            scale = 1000;
        }
        String expected = "a latency like " + name + ">200ms, 1.5s or 800us";
        double v = number(digits, term, at, expected);
        return new Threshold(m, ordered(op, term, at), scale < 0 ? v / -scale : v * scale, null, null, term);
    }

    private static Threshold findings(Op op, String value, String term, int at) throws Invalid {
        for (Severity s : Severity.values()) {
            if (s.jsonName().equals(value)) {
                if (op == Op.LT || op == Op.LE) {
                    throw new Invalid(at, term, "findings>=SEVERITY, findings>SEVERITY or findings=SEVERITY (a gate fails on findings)");
                }
                return new Threshold(Metric.FINDINGS_SEVERITY, op, 0, s, null, term);
            }
        }
        for (FindingKind k : FindingKind.values()) {
            if (k.jsonName().equals(value)) {
                if (op != Op.EQ) throw new Invalid(at, term, "findings=" + value + " (a kind is matched with =)");
                return new Threshold(Metric.FINDINGS_KIND, op, 0, null, k, term);
            }
        }
        throw new Invalid(at, term, "findings>=critical|warning|info or findings=KIND, KIND one of "
                + Arrays.stream(FindingKind.values()).map(FindingKind::jsonName).collect(Collectors.joining(", ")));
    }

    /** Numbers are compared by order: '=' on a latency or a rate would be a gate that never fails. */
    private static Op ordered(Op op, String term, int at) throws Invalid {
        if (op == Op.EQ) throw new Invalid(at, term, "a comparison >, >=, < or <= (= on a measured number never holds)");
        return op;
    }

    private static double share(String value, String term, int at) throws Invalid {
        double p = number(value.substring(0, value.length() - 1), term, at, "a percentage from 0 to 100, like 1%");
        if (p > 100) throw new Invalid(at, term, "a percentage from 0 to 100, like 1%");
        return p / 100;
    }

    private static double count(String value, String term, int at) throws Invalid {
        String expected = "a share like errors>1% or a number of failed requests like errors>0";
        double v = number(value, term, at, expected);
        if (v != Math.rint(v)) throw new Invalid(at, term, expected);
        return v;
    }

    private static double number(String digits, String term, int at, String expected) throws Invalid {
        // digits and one dot only: Double.parseDouble would also take "NaN", "1e400" or hex
        if (digits.isEmpty() || digits.length() > 15 || !digits.chars().allMatch(c -> c >= '0' && c <= '9' || c == '.')
                || digits.indexOf('.') != digits.lastIndexOf('.') || digits.equals(".")) {
            throw new Invalid(at, term, expected);
        }
        return Double.parseDouble(digits);
    }

    @Override
    public String toString() {
        return text;
    }
}
