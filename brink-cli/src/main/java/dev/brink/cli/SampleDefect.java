package dev.brink.cli;

import dev.brink.core.BrinkUserException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Function;
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
        return parseList(list, SampleDefect.class, SampleDefect::userName);
    }

    /** A comma-separated list of the names users type for an enum's values (the HTTP and the gRPC sample's defects). */
    static <E extends Enum<E>> Set<E> parseList(String list, Class<E> type, Function<E, String> userName) throws BrinkUserException {
        Set<E> out = EnumSet.noneOf(type);
        if (list == null || list.isBlank()) {
            return out;
        }
        E[] all = type.getEnumConstants();
        for (String part : list.split(",")) {
            String name = part.trim().toLowerCase(Locale.ROOT);
            E d = Arrays.stream(all).filter(v -> userName.apply(v).equals(name)).findFirst().orElse(null);
            if (d == null) {
                throw new BrinkUserException("unknown defect '" + part.trim() + "': expected a comma-separated list of "
                        + Arrays.stream(all).map(userName).collect(Collectors.joining(", ")));
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
