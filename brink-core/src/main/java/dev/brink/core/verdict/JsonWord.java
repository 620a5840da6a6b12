package dev.brink.core.verdict;

/** An enum constant with a fixed word on disk, so code can look a constant up by the word it reads. */
public interface JsonWord {
    /** The word written to summary.json and events.jsonl. */
    String json();

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
