package dev.brink.core.detail;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.exc.ValueInstantiationException;
import com.fasterxml.jackson.databind.type.LogicalType;
import dev.brink.core.Json;
import dev.brink.core.verdict.JsonWord;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Reads a detail written by a run into its record strictly, for {@link dev.brink.core.ContractCheck}: a text where a
 * number belongs, a fraction where a whole count does, a word its enum lacks, or a value its record's constructor
 * refuses is a problem named by key, where the lenient {@link Detail#read} used by readers would have let it by. So is
 * a key a row of the detail does not have ({@code holders[0].thread_x}): the lenient reader drops it without a word,
 * and a reader of the row then finds its value missing. An unknown key of the detail itself is its caller's to name
 * (ContractCheck says it is not in the contract): it is left out here, so the values beside it are still checked.
 */
public final class DetailValues {
    private static final ObjectMapper STRICT = strict();

    private DetailValues() {
    }

    /**
     * What is wrong with {@code detail} as a {@code type}, in one line; null when nothing is. {@code type} is a detail's
     * record, or any contract record read the same way (a .jsonl line's, an event's, {@link dev.brink.core.ContractCheck}).
     */
    public static String problem(JsonNode detail, Class<?> type) {
        JsonNode known = detail;
        if (detail instanceof ObjectNode o) {
            ObjectNode copy = o.deepCopy();
            copy.retain(Detail.keys(type));
            known = copy;
        }
        String misplaced = unknownRowKey(known, type);
        if (misplaced != null) return misplaced;
        try {
            STRICT.treeToValue(known, type);
            return null;
        } catch (UnrecognizedPropertyException e) {
            String row = e.getKnownPropertyIds() == null ? "" : e.getKnownPropertyIds().stream().map(Object::toString).sorted()
                    .collect(Collectors.joining(", "));
            return key(e) + ": not a key of its row (its keys: " + row + ")";
        } catch (ValueInstantiationException e) {
            Throwable c = e.getCause() != null ? e.getCause() : e;
            return c.getMessage();
        } catch (InvalidFormatException e) {
            String key = key(e);
            Class<?> t = e.getTargetType();
            if (t != null && t.isEnum() && JsonWord.class.isAssignableFrom(t)) {
                String words = List.of(t.getEnumConstants()).stream().map(w -> ((JsonWord) w).json()).collect(Collectors.joining(", "));
                return key + ": expected one of " + words + ", got '" + e.getValue() + "'";
            }
            return key + ": expected " + article(t) + ", got '" + e.getValue() + "'";
        } catch (MismatchedInputException e) {
            // a count or share a row must have, absent or null: Jackson's own words name a setting, not the key's value
            if (e.getOriginalMessage().startsWith("Cannot map `null`")) return key(e) + ": missing, expected " + article(e.getTargetType());
            return key(e) + ": " + e.getOriginalMessage().lines().findFirst().orElse("a value of another type");
        } catch (JsonMappingException e) {
            return key(e) + ": " + e.getOriginalMessage().lines().findFirst().orElse("a value of another type");
        } catch (IllegalArgumentException e) {
            return e.getMessage();
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            return e.getOriginalMessage();
        }
    }

    /**
     * The first key of a row (an element of a list of records, {@link Detail#rows}) that its record lacks, as a problem;
     * null when every row's keys are its record's. Looked at before Jackson reads the detail: a renamed key that held a
     * primitive would otherwise surface as that primitive missing, not as the key it became.
     */
    private static String unknownRowKey(JsonNode detail, Class<?> type) {
        for (Map.Entry<String, Class<? extends Record>> rows : Detail.rows(type).entrySet()) {
            JsonNode list = detail.path(rows.getKey());
            List<String> keys = Detail.keys(rows.getValue());
            for (int i = 0; i < list.size(); i++) {
                for (Iterator<String> it = list.get(i).fieldNames(); it.hasNext(); ) {
                    String key = it.next();
                    if (!keys.contains(key)) {
                        return rows.getKey() + "[" + i + "]." + key + ": not a key of its row (its keys: "
                                + keys.stream().sorted().collect(Collectors.joining(", ")) + ")";
                    }
                }
            }
        }
        return null;
    }

    private static String key(JsonMappingException e) {
        List<String> parts = new ArrayList<>();
        for (JsonMappingException.Reference r : e.getPath()) {
            parts.add(r.getFieldName() != null ? r.getFieldName() : "[" + r.getIndex() + "]");
        }
        return String.join(".", parts).replace(".[", "[");
    }

    private static String article(Class<?> t) {
        if (t == null) return "another value";
        if (t == Long.class || t == long.class || t == Integer.class || t == int.class) return "a whole number";
        if (t == Double.class || t == double.class) return "a number";
        return "a " + t.getSimpleName();
    }

    /**
     * The shared configuration, minus every coercion and every unknown key: a value is of its type as written and
     * where its record has it, or it is a problem.
     */
    private static ObjectMapper strict() {
        ObjectMapper m = Json.MAPPER.copy()
                .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
                .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT);
        m.coercionConfigFor(LogicalType.Integer).setCoercion(CoercionInputShape.String, CoercionAction.Fail);
        m.coercionConfigFor(LogicalType.Float).setCoercion(CoercionInputShape.String, CoercionAction.Fail);
        m.coercionConfigFor(LogicalType.Boolean).setCoercion(CoercionInputShape.String, CoercionAction.Fail);
        m.coercionConfigFor(LogicalType.Textual).setCoercion(CoercionInputShape.Integer, CoercionAction.Fail);
        m.coercionConfigFor(LogicalType.Textual).setCoercion(CoercionInputShape.Float, CoercionAction.Fail);
        m.coercionConfigFor(LogicalType.Enum).setCoercion(CoercionInputShape.Integer, CoercionAction.Fail);
        return m;
    }
}
