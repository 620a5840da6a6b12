package dev.brink.load;

import dev.brink.core.BrinkUserException;
import java.util.List;
import java.util.Map;

/**
 * One YAML node with the place it came from, so validation can name file:line:column. A node is a
 * scalar ({@code text}), a mapping ({@code fields}, in file order) or a sequence ({@code items}).
 */
record PlanNode(String file, int line, int column, String text, Map<String, PlanNode> fields, List<PlanNode> items) {

    boolean isScalar() {
        return fields == null && items == null;
    }

    boolean isNull() {
        return isScalar() && text == null;
    }

    String where() {
        return file + ":" + line + ":" + column;
    }

    BrinkUserException error(String path, String expected) {
        return new BrinkUserException(where() + ": " + path + ": expected " + expected + ", got " + describe());
    }

    String describe() {
        if (fields != null) return "a mapping";
        if (items != null) return "a list";
        if (text == null) return "nothing";
        String t = text.length() > 40 ? text.substring(0, 40) + "…" : text;
        return "'" + t.replaceAll("[\\r\\n]", " ") + "'";
    }
}
