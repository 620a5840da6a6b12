package dev.brink.threads;

import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads JDK 21+ {@code jcmd PID Thread.dump_to_file FILE} plain text: a dump is a line holding the process id,
 * a line holding an ISO-8601 instant, a line holding the runtime version, then one entry per thread —
 * {@code #21 "quote-pricer-0" BLOCKED 2026-11-23T22:30:43.496Z} (virtual threads add {@code virtual} after the
 * name; JDK 21 prints neither state nor time) followed by four-space-indented {@code at module/class.method(…)}
 * frames and {@code - locked <class@hash>}, {@code - waiting to lock <…>}, {@code - waiting on <…>},
 * {@code - parking to wait for <…>} lines. Locks are named as in the JSON format. Several dumps may follow each
 * other in one file (copies concatenated). No CPU times, no ownable synchronizers. Stateless; O(lines).
 */
final class JdkTextParser {
    private JdkTextParser() {
    }

    /** True when line {@code at} and the next are a dump's PID and time lines. */
    static boolean startsDump(List<String> lines, int at) {
        if (at + 1 >= lines.size()) return false;
        String pid = lines.get(at).strip();
        if (pid.isEmpty() || pid.length() > 12 || !pid.chars().allMatch(Character::isDigit)) return false;
        return instant(lines.get(at + 1).strip()) != null;
    }

    static List<ThreadDump> parse(String source, List<String> lines) {
        List<ThreadDump> dumps = new ArrayList<>();
        int i = 0;
        while (i < lines.size()) {
            if (!startsDump(lines, i)) {
                i++;
                continue;
            }
            int start = i;
            Instant time = instant(lines.get(i + 1).strip());
            String jvm = i + 2 < lines.size() ? lines.get(i + 2).strip() : "";
            List<DumpThread> threads = new ArrayList<>();
            ThreadBuilder b = null;
            for (i = start + 3; i < lines.size() && !startsDump(lines, i); i++) {
                String t = lines.get(i).strip();
                if (t.startsWith("#") && t.indexOf('"') > 0) {
                    if (b != null) threads.add(b.build());
                    b = header(t);
                } else if (b != null && t.startsWith("at ")) {
                    StackFrame f = JdkJsonParser.frame(t.substring(3));
                    if (f != null) b.frames.add(f);
                } else if (b != null && t.startsWith("- ")) {
                    lockLine(b, t.substring(2));
                }
            }
            if (b != null) threads.add(b.build());
            dumps.add(new ThreadDump(source, start + 1, time, jvm, DumpFormat.JDK_TEXT, WaitRelocks.apply(threads),
                    List.of(), null));
        }
        return dumps;
    }

    /** {@code #23 "virt-1" virtual TIMED_WAITING 2026-…Z}: the name ends at the last quote. */
    private static ThreadBuilder header(String t) {
        ThreadBuilder b = new ThreadBuilder();
        int open = t.indexOf('"');
        int close = t.lastIndexOf('"');
        b.id = JstackTextParser.parseLong(t.substring(1, open).strip(), -1);
        b.name = close > open ? t.substring(open + 1, close) : t.substring(open + 1);
        for (String tok : (close > open ? t.substring(close + 1) : "").strip().split(" ")) {
            if (tok.equals("virtual")) {
                b.virtual = true;
            } else if (!tok.isEmpty() && Character.isUpperCase(tok.charAt(0)) && tok.equals(tok.toUpperCase())) {
                b.state = tok;
            }
        }
        return b;
    }

    private static void lockLine(ThreadBuilder b, String s) {
        int lt = s.indexOf('<');
        int gt = s.indexOf('>', lt + 1);
        if (lt < 0 || gt < 0) return;
        LockRef lock = JdkJsonParser.lockRef(s.substring(lt + 1, gt));
        if (lock != null) b.lockLine(s, lock);
    }

    private static Instant instant(String s) {
        if (s.length() < 20 || !Character.isDigit(s.charAt(0)) || s.charAt(4) != '-' || s.charAt(10) != 'T') return null;
        try {
            return Instant.parse(s);
        } catch (DateTimeParseException e) {
            return null;
        }
    }
}
