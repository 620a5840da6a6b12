package dev.brink.core.event;

import dev.brink.core.BrinkUserException;
import dev.brink.core.verdict.JsonWord;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;

/**
 * The method's phases, in the order they run: {@code --phases}' words and the {@code phase} of the phase events
 * ({@link PhaseStart}, {@link PhaseEnd}).
 */
public enum MethodPhase implements JsonWord {
    CAPACITY, CONFIRM, STAGES, SOAK;

    /** "capacity,soak" → those phases; an unknown name is a user error that lists the known ones. */
    public static Set<MethodPhase> parse(String csv) throws BrinkUserException {
        EnumSet<MethodPhase> set = EnumSet.noneOf(MethodPhase.class);
        for (String part : csv.split(",")) {
            String p = part.trim().toLowerCase(Locale.ROOT);
            if (p.isEmpty()) {
                continue;
            }
            try {
                set.add(valueOf(p.toUpperCase(Locale.ROOT)));
            } catch (IllegalArgumentException e) {
                throw new BrinkUserException("bad --phases '" + csv + "': '" + part.trim() + "' is not a phase; expected capacity, confirm, stages, soak");
            }
        }
        if (set.isEmpty()) {
            throw new BrinkUserException("bad --phases '" + csv + "': expected one or more of capacity, confirm, stages, soak");
        }
        return set;
    }
}
