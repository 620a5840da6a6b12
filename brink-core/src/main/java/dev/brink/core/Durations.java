package dev.brink.core;

import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Parses the durations users write on the command line and in plans: 500ms, 10s, 5m, 2h, 1h30m, 1.5s. */
public final class Durations {
    /**
     * The longest duration Brink accepts anywhere (a year). Schedules compute in nanoseconds as {@code long}
     * (292 years at most) and multiply durations by rates: a bound far below that keeps every product exact,
     * and no load step, hold or soak needs more.
     */
    public static final Duration MAX = Duration.ofDays(365);
    public static final String MAX_TEXT = "365d";
    private static final Pattern PART = Pattern.compile("(\\d+(?:\\.\\d+)?)(ms|us|s|m|h|d)");

    private Durations() {
    }

    public static Duration parse(String text) throws BrinkUserException {
        String s = text == null ? "" : text.trim();
        Matcher m = PART.matcher(s);
        long nanos = 0;
        int end = 0;
        while (m.find() && m.start() == end) {
            double v = Double.parseDouble(m.group(1));
            double part = v * switch (m.group(2)) {
                case "us" -> 1e3;
                case "ms" -> 1e6;
                case "s" -> 1e9;
                case "m" -> 60e9;
                case "h" -> 3600e9;
                default -> 86400e9;
            };
            if (!(part <= MAX.toNanos()) || nanos + (long) part > MAX.toNanos()) {
                throw new BrinkUserException("bad duration '" + UserText.quote(text) + "': expected at most " + MAX_TEXT);
            }
            nanos += (long) part;
            end = m.end();
        }
        if (s.isEmpty() || end != s.length()) {
            throw new BrinkUserException("bad duration '" + UserText.quote(text) + "': expected a number with a unit, like 500ms, 30s, 5m or 1h");
        }
        return Duration.ofNanos(nanos);
    }

    /** The short form users write: 1h30m, 45s, 250ms. */
    public static String format(Duration d) {
        long ms = d.toMillis();
        if (ms < 1000) {
            return ms + "ms";
        }
        StringBuilder sb = new StringBuilder();
        long h = d.toHours();
        long m = d.toMinutesPart();
        long s = d.toSecondsPart();
        if (h > 0) sb.append(h).append('h');
        if (m > 0) sb.append(m).append('m');
        if (s > 0 || sb.length() == 0) sb.append(s).append('s');
        return sb.toString();
    }
}
