package dev.brink.core.verdict;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/**
 * An enum whose word on disk is its name in lower case with dashes ({@code GENERATOR_BOUND} → {@code
 * generator-bound}): the words summary.json and events.jsonl have always used. Renaming a constant renames its
 * word, so the constants are named after the words, not the other way round.
 */
public interface JsonWord {
    /** The enum constant's name ({@link Enum#name()}). */
    String name();

    /** The word written to summary.json and events.jsonl. */
    @JsonValue
    default String json() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** The constant of {@code type} whose word is {@code word}; IllegalArgumentException naming the known words if none. */
    static <E extends Enum<E> & JsonWord> E parse(Class<E> type, String word) {
        for (E e : type.getEnumConstants()) {
            if (e.json().equals(word)) {
                return e;
            }
        }
        StringBuilder known = new StringBuilder();
        for (E e : type.getEnumConstants()) {
            known.append(known.length() == 0 ? "" : ", ").append(e.json());
        }
        throw new IllegalArgumentException("'" + word + "' is not a " + type.getSimpleName() + ": expected one of " + known);
    }
}
