package dev.brink.threads;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Removes the prefix a log pipeline puts before every line of a thread dump: a service wrapper's
 * {@code INFO   | jvm 1    | 2026/11/23 22:35:25 | }, a container runtime's timestamp, a logger's
 * {@code 2026-11-23 22:35:25,123 INFO [diag] }. The prefix is learnt from each "Full thread dump" line that does
 * not start with it: its text before the marker, with every run of digits made a wildcard (times change from
 * line to line, the shape does not). Lines with that shape lose it; others are kept as they are. A line count
 * never changes, so line numbers in messages still point into the file.
 */
final class LogPrefixes {
    private static final String MARKER = "Full thread dump";
    private static final Pattern DIGITS = Pattern.compile("[0-9]+");

    private LogPrefixes() {
    }

    static List<String> strip(List<String> lines) {
        Set<String> shapes = new LinkedHashSet<>();
        for (String l : lines) {
            int at = l.indexOf(MARKER);
            if (at > 0 && !l.substring(0, at).isBlank()) shapes.add(shape(l.substring(0, at)));
        }
        if (shapes.isEmpty()) return lines;
        List<Pattern> patterns = shapes.stream().map(Pattern::compile).toList();
        List<String> out = new ArrayList<>(lines.size());
        for (String l : lines) {
            String kept = l;
            for (Pattern p : patterns) {
                Matcher m = p.matcher(l);
                if (m.lookingAt()) {
                    kept = l.substring(m.end());
                    break;
                }
            }
            out.add(kept);
        }
        return out;
    }

    /** "INFO | jvm 1 | 2026/11/23 22:35:25 | " → a regex matching any line start of that shape. */
    private static String shape(String prefix) {
        StringBuilder re = new StringBuilder();
        Matcher m = DIGITS.matcher(prefix);
        int last = 0;
        while (m.find()) {
            re.append(Pattern.quote(prefix.substring(last, m.start()))).append("[0-9]+");
            last = m.end();
        }
        return re.append(Pattern.quote(prefix.substring(last))).toString();
    }
}
