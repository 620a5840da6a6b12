package dev.brink.load.plan;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.brink.core.BrinkUserException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads YAML into {@link PlanNode}s that remember their line and column. Jackson's tree model drops
 * locations, so this walks the token stream itself (a plan is a few kB: cost is irrelevant).
 */
public final class PlanYaml {
    private static final YAMLFactory YAML = YAMLFactory.builder().build();
    private static final int MAX_DEPTH = 64; // a fuzzed file must not overflow the stack

    private PlanYaml() {
    }

    public static PlanNode read(String text, String file) throws BrinkUserException {
        try (JsonParser p = YAML.createParser(text)) {
            JsonToken t = p.nextToken();
            if (t == null) {
                throw new BrinkUserException(file + ":1:1: expected a plan (a YAML mapping), got an empty file");
            }
            PlanNode root = node(p, file, 0);
            return root;
        } catch (JsonProcessingException e) {
            JsonLocation at = e.getLocation();
            String msg = e.getOriginalMessage() == null ? "malformed YAML" : oneLine(e.getOriginalMessage());
            int line = at == null ? 1 : Math.max(1, at.getLineNr());
            int col = at == null ? 1 : Math.max(1, at.getColumnNr());
            throw new BrinkUserException(file + ":" + line + ":" + col + ": expected valid YAML: " + msg);
        } catch (IOException e) {
            throw new BrinkUserException(file + ": cannot read: " + e.getMessage());
        } catch (RuntimeException e) {
            // SnakeYAML reports some malformed input (bad escapes, odd anchors) as unchecked exceptions
            throw new BrinkUserException(file + ": expected valid YAML: " + oneLine(String.valueOf(e.getMessage())));
        }
    }

    /** SnakeYAML messages span lines with a code excerpt; keep the words, drop the excerpt. */
    private static String oneLine(String msg) {
        StringBuilder sb = new StringBuilder();
        for (String l : msg.split("\\R")) {
            String t = l.trim();
            if (t.isEmpty() || t.startsWith("^") || t.startsWith("in 'reader'") || t.startsWith("at [Source")) continue;
            if (l.startsWith(" ") && !t.endsWith(":") && sb.length() > 0 && !t.contains(" ")) continue; // excerpt line
            sb.append(sb.length() == 0 ? "" : "; ").append(t);
        }
        String s = sb.toString();
        return s.length() > 200 ? s.substring(0, 200) + "…" : s;
    }

    private static PlanNode node(JsonParser p, String file, int depth) throws IOException, BrinkUserException {
        JsonLocation at = p.currentTokenLocation();
        int line = Math.max(1, at.getLineNr());
        int col = Math.max(1, at.getColumnNr());
        if (depth > MAX_DEPTH) {
            throw new BrinkUserException(file + ":" + line + ":" + col + ": expected at most " + MAX_DEPTH + " levels of nesting");
        }
        JsonToken t = p.currentToken();
        switch (t) {
            case START_OBJECT -> {
                Map<String, PlanNode> fields = new LinkedHashMap<>();
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    String name = p.currentName();
                    JsonLocation kl = p.currentTokenLocation();
                    p.nextToken();
                    if (fields.put(name, node(p, file, depth + 1)) != null) {
                        throw new BrinkUserException(file + ":" + kl.getLineNr() + ":" + kl.getColumnNr()
                                + ": expected each key once, got '" + name + "' twice");
                    }
                }
                return new PlanNode(file, line, col, null, fields, null);
            }
            case START_ARRAY -> {
                List<PlanNode> items = new ArrayList<>();
                while (p.nextToken() != JsonToken.END_ARRAY) {
                    items.add(node(p, file, depth + 1));
                }
                return new PlanNode(file, line, col, null, null, items);
            }
            case VALUE_NULL -> {
                return new PlanNode(file, line, col, null, null, null);
            }
            case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT, VALUE_TRUE, VALUE_FALSE -> {
                return new PlanNode(file, line, col, p.getText(), null, null, true);
            }
            default -> {
                return new PlanNode(file, line, col, p.getText(), null, null);
            }
        }
    }
}
