package dev.brink.cli;

import dev.brink.core.BrinkUserException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/** The sample service's switchable defects: the name users type, and the Spring property it turns on. */
public enum SampleDefect {
    LEAK("leak", "memory.leak.enabled"),
    LOG_LOCK("log-lock", "logging.contention.enabled"),
    MASKING("masking", "masking.enabled"),
    CRYPTO("crypto", "crypto.synchronized.enabled");

    private final String userName;
    private final String property;

    SampleDefect(String userName, String property) {
        this.userName = userName;
        this.property = property;
    }

    public String userName() {
        return userName;
    }

    public String property() {
        return property;
    }

    /** Parses "leak,log-lock"; an empty or null list means no defect. */
    public static Set<SampleDefect> parseList(String list) throws BrinkUserException {
        Set<SampleDefect> out = EnumSet.noneOf(SampleDefect.class);
        if (list == null || list.isBlank()) {
            return out;
        }
        for (String part : list.split(",")) {
            String name = part.trim().toLowerCase(Locale.ROOT);
            SampleDefect d = Arrays.stream(values()).filter(v -> v.userName.equals(name)).findFirst().orElse(null);
            if (d == null) {
                throw new BrinkUserException("unknown defect '" + part.trim() + "': expected a comma-separated list of "
                        + Arrays.stream(values()).map(SampleDefect::userName).collect(Collectors.joining(", ")));
            }
            out.add(d);
        }
        return out;
    }

    /** Spring command-line arguments that switch these defects on ("--memory.leak.enabled=true", …). */
    public static List<String> springArgs(Set<SampleDefect> defects) {
        List<String> args = new ArrayList<>();
        for (SampleDefect d : defects) {
            args.add("--" + d.property + "=true");
        }
        return args;
    }
}
