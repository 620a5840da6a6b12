package dev.brink.load.plan;

import dev.brink.core.BrinkUserException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One YAML node with the place it came from, so validation can name file:line:column. A node is a
 * scalar ({@code text}), a mapping ({@code fields}, in file order) or a sequence ({@code items}).
 */
public record PlanNode(String file, int line, int column, String text, Map<String, PlanNode> fields, List<PlanNode> items,
                       boolean literal) {

    /**
     * A node; {@code literal} is true for a scalar YAML resolved as a number or a boolean (written without quotes),
     * which a {@code json:} body writes as that JSON literal rather than as a string.
     */
    public PlanNode {
    }

    public PlanNode(String file, int line, int column, String text, Map<String, PlanNode> fields, List<PlanNode> items) {
        this(file, line, column, text, fields, items, false);
    }

    public boolean isScalar() {
        return fields == null && items == null;
    }

    public boolean isNull() {
        return isScalar() && text == null;
    }

    /**
     * What the node says without where it says it: its text, a map of key to value in file order, or a list of values.
     * Two readings of the same plan, from two files, have equal values.
     */
    public Object value() {
        if (fields != null) {
            Map<String, Object> m = new LinkedHashMap<>();
            fields.forEach((k, v) -> m.put(k, v.value()));
            return m;
        }
        if (items != null) return items.stream().map(PlanNode::value).toList();
        return text;
    }

    public String where() {
        return file + ":" + line + ":" + column;
    }

    public BrinkUserException error(String path, String expected) {
        return new BrinkUserException(where() + ": " + path + ": expected " + expected + ", got " + describe());
    }

    public String describe() {
        if (fields != null) return "a mapping";
        if (items != null) return "a list";
        if (text == null) return "nothing";
        String t = text.length() > 40 ? text.substring(0, 40) + "…" : text;
        return "'" + t.replaceAll("[\\r\\n]", " ") + "'";
    }
}
