package dev.brink.load.plan;

import dev.brink.core.BrinkUserException;
import dev.brink.core.Durations;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * The typed readers every plan binder reads its values with (HTTP, gRPC, flows, bodies, and a TCP target's packets):
 * one message for each kind of mistake, at the value's file:line:column, so a wrong key or a fraction where a whole
 * number belongs reads the same in every section of a plan.
 */
public final class PlanValues {
    private PlanValues() {
    }

    /**
     * A mapping's entries, each key one of {@code allowed}; an unknown key is named as the key (a misspelt key is a
     * key, whatever its value), at its value's place.
     */
    public static Map<String, PlanNode> fields(PlanNode n, String path, String... allowed) throws BrinkUserException {
        if (n.fields() == null) throw n.error(path, "a mapping with keys " + String.join(", ", allowed));
        List<String> ok = List.of(allowed);
        for (Map.Entry<String, PlanNode> e : n.fields().entrySet()) {
            if (!ok.contains(e.getKey())) {
                PlanNode v = e.getValue();
                throw new BrinkUserException(v.where() + ": " + path + ": expected one of the keys "
                        + String.join(", ", allowed) + ", got '" + e.getKey() + "'");
            }
        }
        return n.fields();
    }

    /** As {@link #fields}, an empty value ({@code clock: {}} or {@code clock:}) being a mapping without keys. */
    public static Map<String, PlanNode> optionalFields(PlanNode n, String path, String... allowed) throws BrinkUserException {
        return n.isNull() ? Map.of() : fields(n, path, allowed);
    }

    /** The value of a key that must be there, not null. */
    public static PlanNode req(PlanNode parent, Map<String, PlanNode> f, String key, String path) throws BrinkUserException {
        PlanNode v = f.get(key);
        if (v == null || v.isNull()) {
            throw new BrinkUserException(parent.where() + ": " + path + ": expected a '" + key + "' key");
        }
        return v;
    }

    /** A scalar's text (a number is text too: its binder reads it). */
    public static String string(PlanNode n, String path) throws BrinkUserException {
        if (!n.isScalar() || n.text() == null) throw n.error(path, "a text value");
        return n.text();
    }

    /** A number within [min, max]: decimal, or a whole one in {@code 0x} hex (see {@link #integer}). */
    public static double number(PlanNode n, String path, double min, double max) throws BrinkUserException {
        String expected = "a number from " + fmt(min) + " to " + fmt(max);
        if (!n.isScalar() || n.text() == null) throw n.error(path, expected);
        try {
            String t = n.text().trim();
            double v = hex(t) ? Long.parseLong(t.substring(2), 16) : Double.parseDouble(t);
            if (!(v >= min && v <= max)) throw n.error(path, expected);
            return v;
        } catch (NumberFormatException e) {
            throw n.error(path, expected);
        }
    }

    /**
     * A whole number within [min, max], decimal or {@code 0x} hex (a binary protocol's ids and sizes are written in hex);
     * {@code 1.5} or {@code 1e3} is refused, never rounded.
     */
    public static long integer(PlanNode n, String path, long min, long max) throws BrinkUserException {
        String expected = "an integer from " + min + " to " + max;
        if (!n.isScalar() || n.text() == null) throw n.error(path, expected);
        try {
            String t = n.text().trim();
            long v = hex(t) ? Long.parseLong(t.substring(2), 16) : Long.parseLong(t);
            if (v < min || v > max) throw n.error(path, expected);
            return v;
        } catch (NumberFormatException e) {
            throw n.error(path, expected);
        }
    }

    /** {@code true} or {@code false}, nothing else YAML 1.1 would read as one (yes, on). */
    public static boolean bool(PlanNode n, String path) throws BrinkUserException {
        if (n.isScalar() && "true".equals(n.text())) return true;
        if (n.isScalar() && "false".equals(n.text())) return false;
        throw n.error(path, "true or false");
    }

    /** A duration as {@link Durations} reads it. */
    public static Duration duration(PlanNode n, String path) throws BrinkUserException {
        String expected = "a duration like 30s, 5m or 1h, at most " + Durations.MAX_TEXT;
        if (!n.isScalar() || n.text() == null) throw n.error(path, expected);
        try {
            return Durations.parse(n.text());
        } catch (BrinkUserException e) {
            throw n.error(path, expected);
        }
    }

    private static boolean hex(String t) {
        return t.startsWith("0x") || t.startsWith("0X");
    }

    /** A bound as the messages show it: 1000000, not 1.0E6. */
    public static String fmt(double d) {
        return d == Math.rint(d) && Math.abs(d) < 1e15 ? Long.toString((long) d) : Double.toString(d);
    }
}
