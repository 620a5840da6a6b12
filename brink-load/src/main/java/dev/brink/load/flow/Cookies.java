package dev.brink.load.flow;

import java.util.Locale;

/**
 * The part of RFC 6265 a load generator needs: a Set-Cookie's name and value, and whether it deletes the
 * cookie. Brink talks to one origin, so Domain and Path are not matched: every cookie the target sets goes
 * back on that user's later requests, as a browser on that one site would send them.
 */
public final class Cookies {
    private Cookies() {
    }

    /** {name, value} of a Set-Cookie header value, or null when it has no {@code name=}. */
    public static String[] nameValue(String setCookie) {
        int semi = setCookie.indexOf(';');
        String pair = semi < 0 ? setCookie : setCookie.substring(0, semi);
        int eq = pair.indexOf('=');
        if (eq <= 0) return null;
        String name = pair.substring(0, eq).trim();
        String value = pair.substring(eq + 1).trim();
        if (value.length() >= 2 && value.startsWith("\"") && value.endsWith("\"")) value = value.substring(1, value.length() - 1);
        return name.isEmpty() ? null : new String[] {name, value};
    }

    /** True when the Set-Cookie removes its cookie (Max-Age=0 or less), as servers log a user out. */
    public static boolean deletes(String setCookie) {
        for (String attr : setCookie.split(";")) {
            String a = attr.trim().toLowerCase(Locale.ROOT);
            if (a.startsWith("max-age=")) {
                try {
                    return Long.parseLong(a.substring(8).trim()) <= 0;
                } catch (NumberFormatException e) {
                    return false;
                }
            }
        }
        return false;
    }
}
