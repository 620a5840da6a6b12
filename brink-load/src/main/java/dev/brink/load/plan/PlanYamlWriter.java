package dev.brink.load.plan;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Writes plan YAML: the one writer every importer builds its plan with, the counterpart of {@link PlanYaml}'s reader
 * (what one writes, the other reads back to the same values: {@code PlanYamlWriterTest}). A document is a tree of
 * {@link Mapping}s and {@link Sequence}s with scalars (text, numbers, booleans) and comments, built in the order it
 * is written; {@link #write} turns it into text.
 *
 * <p>Text is written plain where YAML reads it back as that same text (names, paths, durations such as
 * {@code 1000ms..1100ms}) and double-quoted otherwise, with JSON's escapes (YAML's too), so any text, a line break or
 * a quote in it included, round-trips. Numbers and booleans are written plain: a {@code json:} body tells them from
 * text. Comments are the place for what a reader of the plan must know and no key says (where a default came from).
 */
public final class PlanYamlWriter {
    /** Plain where YAML 1.1 resolves it as a string: no indicator first, no ": " or " #" inside, not a number. */
    private static final Pattern PLAIN = Pattern.compile("[A-Za-z_/][A-Za-z0-9_./-]*");
    private static final Pattern DURATION = Pattern.compile("[0-9]+(us|ms|s|m|h)(\\.\\.[0-9]+(us|ms|s|m|h))?");
    /** Words YAML 1.1 (SnakeYAML) reads as a boolean or null: quoted, so they stay text. */
    private static final Set<String> RESERVED = Set.of("true", "false", "yes", "no", "on", "off", "y", "n", "null", "~");

    private PlanYamlWriter() {
    }

    /** An empty document (a mapping at the top). */
    public static Mapping document() {
        return new Mapping(false);
    }

    /** A block mapping to fill before it is put as a value (when whether it is put depends on what it holds). */
    public static Mapping mapping() {
        return new Mapping(false);
    }

    /** An inline mapping to put as a value ({@code {name: rex, age: 3}}). */
    public static Mapping inlineMapping() {
        return new Mapping(true);
    }

    /** A sequence to put as a value ({@code status: [200, 201]}). */
    public static Sequence sequence() {
        return new Sequence();
    }

    /**
     * A node read from a plan ({@link PlanYaml}) as a value to put: a mapping, a sequence, text, or the number or boolean it
     * was written as. What a section the writer has no model of (a TCP plan's packets) is written back with, unchanged.
     */
    public static Object node(PlanNode n) {
        if (n.fields() != null) {
            Mapping m = new Mapping(false);
            n.fields().forEach((k, v) -> m.put(k, node(v)));
            return m;
        }
        if (n.items() != null) {
            Sequence s = new Sequence();
            n.items().forEach(i -> s.items.add(node(i)));
            return s;
        }
        if (n.text() == null) return null;
        // a number or a boolean is written as it was (0x0100 stays hex); text is quoted as text needs
        return n.literal() ? new Literal(n.text()) : n.text();
    }

    /** The document as YAML text, ending with a line break. */
    public static String write(Mapping root) {
        StringBuilder out = new StringBuilder();
        root.block(out, 0);
        return out.toString();
    }

    /** A YAML mapping in file order; written as a block, or inline ({@code {status: 200}}) when made by {@link #inline}. */
    public static final class Mapping {
        private final boolean inline;
        private final List<Entry> entries = new ArrayList<>();

        private Mapping(boolean inline) {
            this.inline = inline;
        }

        /** Sets {@code key} to a scalar (String, Number, Boolean, null), a Mapping or a Sequence. */
        public Mapping put(String key, Object value) {
            return put(key, value, null);
        }

        /** As {@link #put(String, Object)}, with a comment at the end of the key's line (null: none). */
        public Mapping put(String key, Object value, String comment) {
            check(value);
            entries.add(new Entry(key, value, comment, null));
            return this;
        }

        /** A comment line before the next key (ignored in an inline mapping, which has no line of its own). */
        public Mapping comment(String text) {
            entries.add(new Entry(null, null, null, text));
            return this;
        }

        /** A new block mapping under {@code key}. */
        public Mapping map(String key) {
            return map(key, null);
        }

        /** A new block mapping under {@code key}, its line ending with {@code comment}. */
        public Mapping map(String key, String comment) {
            Mapping m = new Mapping(false);
            entries.add(new Entry(key, m, comment, null));
            return m;
        }

        /** A new inline mapping under {@code key}: {@code key: {a: 1, b: x}}. */
        public Mapping inline(String key) {
            return inline(key, null);
        }

        public Mapping inline(String key, String comment) {
            Mapping m = new Mapping(true);
            entries.add(new Entry(key, m, comment, null));
            return m;
        }

        /** A new block sequence under {@code key}. */
        public Sequence list(String key) {
            Sequence s = new Sequence();
            entries.add(new Entry(key, s, null, null));
            return s;
        }

        public boolean isEmpty() {
            return entries.stream().allMatch(e -> e.key == null);
        }

        private void block(StringBuilder out, int indent) {
            for (Entry e : entries) {
                if (e.key == null) {
                    line(out, indent).append("# ").append(oneLine(e.remark)).append('\n');
                    continue;
                }
                line(out, indent).append(key(e.key)).append(':');
                if (e.value instanceof Mapping m && !m.inline && !m.isEmpty()) {
                    end(out, e.comment);
                    m.block(out, indent + 2);
                } else if (e.value instanceof Sequence s && s.hasMappings()) {
                    end(out, e.comment);
                    s.block(out, indent + 2);
                } else {
                    out.append(' ');
                    value(out, e.value);
                    end(out, e.comment);
                }
            }
        }

        /** The entries of a mapping that is an item of a sequence: the first key on the "- " line, comments before it above. */
        private void item(StringBuilder out, int indent) {
            int first = 0;
            while (entries.get(first).key == null) line(out, indent).append("# ").append(oneLine(entries.get(first++).remark)).append('\n');
            Mapping rest = new Mapping(false);
            rest.entries.addAll(entries.subList(first, entries.size()));
            StringBuilder inner = new StringBuilder();
            rest.block(inner, indent + 2);
            // the first line's indentation becomes "- "
            out.append(" ".repeat(indent)).append("- ").append(inner, indent + 2, inner.length());
        }

        private void flow(StringBuilder out) {
            out.append('{');
            boolean first = true;
            for (Entry e : entries) {
                if (e.key == null) continue;
                out.append(first ? "" : ", ").append(key(e.key)).append(": ");
                value(out, e.value);
                first = false;
            }
            out.append('}');
        }
    }

    /** A YAML sequence: scalars written inline ({@code [a, b]}), mappings as a block of "- " items. */
    public static final class Sequence {
        private final List<Object> items = new ArrayList<>();

        private Sequence() {
        }

        /** Appends a scalar. */
        public Sequence add(Object value) {
            check(value);
            items.add(value);
            return this;
        }

        /** Appends a new mapping. */
        public Mapping map() {
            Mapping m = new Mapping(false);
            items.add(m);
            return m;
        }

        /** A list of scalars reads best on its key's line ({@code [a, b]}); one of mappings is a block. */
        private boolean hasMappings() {
            return items.stream().anyMatch(i -> i instanceof Mapping);
        }

        private void block(StringBuilder out, int indent) {
            for (Object i : items) {
                if (i instanceof Mapping m && !m.isEmpty()) {
                    m.item(out, indent);
                } else {
                    out.append(" ".repeat(indent)).append("- ");
                    value(out, i);
                    out.append('\n');
                }
            }
        }

        private void flow(StringBuilder out) {
            out.append('[');
            for (int k = 0; k < items.size(); k++) {
                out.append(k == 0 ? "" : ", ");
                value(out, items.get(k));
            }
            out.append(']');
        }
    }

    private record Entry(String key, Object value, String comment, String remark) {
    }

    /** A YAML number or boolean as it was read: written plain, exactly. */
    private record Literal(String text) {
    }

    private static void check(Object value) {
        if (!(value == null || value instanceof Literal || value instanceof String || value instanceof Number || value instanceof Boolean || value instanceof Mapping
                || value instanceof Sequence)) {
            throw new IllegalArgumentException("a plan value is text, a number, a boolean, a mapping, a sequence or null, got "
                    + value.getClass().getSimpleName());
        }
    }

    private static void value(StringBuilder out, Object v) {
        if (v == null) {
            out.append("null");
        } else if (v instanceof Literal l) {
            out.append(l.text);
        } else if (v instanceof Mapping m) {
            m.flow(out);
        } else if (v instanceof Sequence s) {
            s.flow(out);
        } else if (v instanceof String s) {
            out.append(scalar(s));
        } else if (v instanceof Double d) {
            out.append(d == Math.rint(d) && Math.abs(d) < 1e15 ? Long.toString(d.longValue()) : d.toString());
        } else {
            out.append(v);
        }
    }

    /** Text as YAML reads it back unchanged: plain when it safely can be, else double-quoted. */
    public static String scalar(String s) {
        boolean plain = (PLAIN.matcher(s).matches() || DURATION.matcher(s).matches()) && !RESERVED.contains(s.toLowerCase(Locale.ROOT));
        return plain ? s : PlanText.quote(s);
    }

    private static String key(String k) {
        return scalar(k);
    }

    private static StringBuilder line(StringBuilder out, int indent) {
        return out.append(" ".repeat(indent));
    }

    private static void end(StringBuilder out, String comment) {
        if (comment != null) out.append("  # ").append(oneLine(comment));
        out.append('\n');
    }

    /** A comment ends at the line's end: a line break in its text would start YAML the writer did not mean. */
    private static String oneLine(String s) {
        return s.replaceAll("[\\r\\n\\u0085\\u2028\\u2029]+", " ");
    }
}
