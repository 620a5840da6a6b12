package dev.brink.load.flow;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/**
 * The JSON path subset plans need to take an id out of a response: {@code $} then any of {@code .name},
 * {@code ['name']} and {@code [N]} (N from 0; negative counts from the end). No wildcards or filters: a
 * correlation takes one value, and a path that could match several would hide which one was used.
 * Immutable; compiled once per plan.
 */
public final class JsonPath {
    private final String source;
    private final Object[] steps; // String (field) or Integer (index)

    private JsonPath(String source, Object[] steps) {
        this.source = source;
        this.steps = steps;
    }

    /** What is wrong with {@code expr} as expected-text for an error, or null when it compiles. */
    public static String problem(String expr) {
        try {
            compile(expr);
            return null;
        } catch (IllegalArgumentException e) {
            return e.getMessage();
        }
    }

    /** @throws IllegalArgumentException with the expected form and the offending character index */
    public static JsonPath compile(String expr) {
        String expected = "a JSON path like $.owners[0].id or $['first-name']";
        if (!expr.startsWith("$")) throw new IllegalArgumentException(expected + " (starting with $)");
        List<Object> steps = new ArrayList<>();
        int i = 1;
        while (i < expr.length()) {
            char c = expr.charAt(i);
            if (c == '.') {
                int j = i + 1;
                while (j < expr.length() && expr.charAt(j) != '.' && expr.charAt(j) != '[') j++;
                if (j == i + 1) throw new IllegalArgumentException(expected + " (a name after '.' at index " + i + ")");
                steps.add(expr.substring(i + 1, j));
                i = j;
            } else if (c == '[') {
                int end = expr.indexOf(']', i);
                if (end < 0) throw new IllegalArgumentException(expected + " (a closing ']' for index " + i + ")");
                String inner = expr.substring(i + 1, end).trim();
                if (inner.length() >= 2 && (inner.startsWith("'") && inner.endsWith("'") || inner.startsWith("\"") && inner.endsWith("\""))) {
                    steps.add(inner.substring(1, inner.length() - 1));
                } else {
                    try {
                        steps.add(Integer.parseInt(inner));
                    } catch (NumberFormatException e) {
                        throw new IllegalArgumentException(expected + " (an index or a quoted name inside [] at index " + i + ")");
                    }
                }
                i = end + 1;
            } else {
                throw new IllegalArgumentException(expected + " ('.' or '[' at index " + i + ")");
            }
        }
        return new JsonPath(expr, steps.toArray());
    }

    /** The value at this path as text (a string's content, a number's digits), or null when absent or not a scalar. */
    public String read(JsonNode root) {
        JsonNode n = root;
        for (Object s : steps) {
            if (n == null) return null;
            if (s instanceof Integer idx) {
                if (!n.isArray()) return null;
                int k = idx < 0 ? n.size() + idx : idx;
                n = k >= 0 && k < n.size() ? n.get(k) : null;
            } else {
                n = n.isObject() ? n.get((String) s) : null;
            }
        }
        return n == null || n.isContainerNode() || n.isNull() || n.isMissingNode() ? null : n.asText();
    }

    @Override
    public String toString() {
        return source;
    }
}
