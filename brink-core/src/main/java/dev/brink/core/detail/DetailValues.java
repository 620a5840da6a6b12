package dev.brink.core.detail;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.ValueInstantiationException;
import com.fasterxml.jackson.databind.type.LogicalType;
import dev.brink.core.Json;
import dev.brink.core.verdict.JsonWord;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Reads a detail written by a run into its record strictly, for {@link dev.brink.core.ContractCheck}: a text where a
 * number belongs, a fraction where a whole count does, a word its enum lacks, or a value its record's constructor
 * refuses is a problem named by key, where the lenient {@link Detail#read} used by readers would have let it by.
 */
public final class DetailValues {
    private static final ObjectMapper STRICT = strict();

    private DetailValues() {
    }

    /** What is wrong with {@code detail} as a {@code type}, in one line; null when nothing is. */
    public static String problem(JsonNode detail, Class<? extends Detail> type) {
        try {
            STRICT.treeToValue(detail, type);
            return null;
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
            return key + ": expected " + (t == null ? "another value" : article(t)) + ", got '" + e.getValue() + "'";
        } catch (JsonMappingException e) {
            return key(e) + ": " + e.getOriginalMessage().lines().findFirst().orElse("a value of another type");
        } catch (IllegalArgumentException e) {
            return e.getMessage();
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            return e.getOriginalMessage();
        }
    }

    private static String key(JsonMappingException e) {
        List<String> parts = new ArrayList<>();
        for (JsonMappingException.Reference r : e.getPath()) {
            parts.add(r.getFieldName() != null ? r.getFieldName() : "[" + r.getIndex() + "]");
        }
        return String.join(".", parts).replace(".[", "[");
    }

    private static String article(Class<?> t) {
        if (t == Long.class || t == long.class || t == Integer.class || t == int.class) return "a whole number";
        if (t == Double.class || t == double.class) return "a number";
        return "a " + t.getSimpleName();
    }

    /** The shared configuration, minus every coercion: a value is of its type as written, or it is a problem. */
    private static ObjectMapper strict() {
        ObjectMapper m = Json.MAPPER.copy()
                .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
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
