package dev.brink.load.plan.har;

import com.fasterxml.jackson.databind.JsonNode;
import dev.brink.core.Json;
import java.util.Iterator;
import java.util.Map;

/** Where a value sits in a JSON response, as the plan's JSON path subset ({@code $.owners[0].id}). */
final class JsonPaths {
    private static final int MAX_DEPTH = 32;

    private JsonPaths() {
    }

    /** The path of the first leaf (depth first, in document order) whose text is {@code value}; null if none or not JSON. */
    static String find(String body, String value) {
        String t = body.stripLeading();
        if (!t.startsWith("{") && !t.startsWith("[")) return null;
        JsonNode root;
        try {
            root = Json.MAPPER.readTree(t);
        } catch (Exception e) {
            return null;
        }
        return find(root, value, "$", 0);
    }

    private static String find(JsonNode n, String value, String path, int depth) {
        if (depth > MAX_DEPTH) return null;
        if (n.isValueNode()) return n.asText().equals(value) ? path : null;
        if (n.isArray()) {
            for (int i = 0; i < n.size(); i++) {
                String p = find(n.get(i), value, path + "[" + i + "]", depth + 1);
                if (p != null) return p;
            }
            return null;
        }
        Iterator<Map.Entry<String, JsonNode>> it = n.fields();
        while (it.hasNext()) {
            Map.Entry<String, JsonNode> e = it.next();
            String key = e.getKey();
            String step = key.matches("[A-Za-z_][A-Za-z0-9_]*") ? "." + key : "['" + key.replace("'", "") + "']";
            if (!step.startsWith(".") && key.contains("'")) continue; // no escape for a quote in the subset
            String p = find(e.getValue(), value, path + step, depth + 1);
            if (p != null) return p;
        }
        return null;
    }
}
