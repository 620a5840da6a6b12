package dev.brink.junit;

import dev.brink.core.BrinkUserException;
import dev.brink.core.FindingKind;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Finding kinds named by a user (an annotation, a plugin's configuration, an assertion): a misspelt kind must be an
 * error, because a gate on a kind that never occurs would pass forever (k6's thresholds had exactly that trap).
 */
public final class FindingKinds {
    private FindingKinds() {
    }

    /** "memory-leak" (summary.json's word) or "MEMORY_LEAK" (the enum's) → the kind; anything else is a user error. */
    public static FindingKind parse(String name, String where) throws BrinkUserException {
        String n = name == null ? "" : name.trim();
        for (FindingKind k : FindingKind.values()) {
            if (k.jsonName().equals(n) || k.name().equals(n.toUpperCase(Locale.ROOT))) {
                return k;
            }
        }
        throw new BrinkUserException(where + ": '" + n + "' is not a finding kind; expected one of " + known());
    }

    public static Set<FindingKind> parseAll(String[] names, String where) throws BrinkUserException {
        EnumSet<FindingKind> out = EnumSet.noneOf(FindingKind.class);
        for (String n : names) {
            out.add(parse(n, where));
        }
        return out;
    }

    static String known() {
        return Arrays.stream(FindingKind.values()).map(FindingKind::jsonName).collect(Collectors.joining(", "));
    }
}
