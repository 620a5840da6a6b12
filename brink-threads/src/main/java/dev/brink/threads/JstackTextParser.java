package dev.brink.threads;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads jstack / jcmd Thread.print / kill -3 text, JDK 8 to 25, with any number of dumps in one file and any
 * other lines (a service's log) around them. A dump starts at "Full thread dump"; it is complete once its
 * "JNI global refs" line (JDK 8: "JNI global references") is seen, and the JVM's deadlock report may follow.
 * Lines inside a dump that are none of the known kinds are skipped: kill -3 output interleaves with whatever
 * else the process writes to stdout.
 *
 * <p>Not thread-safe; one instance per file. Cost: one pass, O(lines).
 */
final class JstackTextParser {
    private final String source;
    private final List<ThreadDump> dumps = new ArrayList<>();
    private final Map<String, StackFrame> frames = new HashMap<>();

    // the dump being read
    private int dumpLine;
    private Instant dumpTime;
    private String jvm;
    private List<DumpThread> threads;
    private List<JvmDeadlock> deadlocks;
    private boolean jniSeen;
    private boolean inDump;
    private boolean inSmr;
    private JvmDeadlockReader deadlock; // non-null inside a "Found one Java-level deadlock" report
    // the thread being read
    private ThreadBuilder thread;
    private boolean inSynchronizers;
    // the last timestamp line seen outside a dump, and where
    private Instant pendingTime;
    private int pendingTimeLine = -10;

    private JstackTextParser(String source) {
        this.source = source;
    }

    /** The dumps in {@code lines} (an empty list if there is none); throws nothing for malformed lines. */
    static List<ThreadDump> parse(String source, List<String> lines) {
        JstackTextParser p = new JstackTextParser(source);
        for (int i = 0; i < lines.size(); i++) {
            p.line(lines.get(i), i + 1);
        }
        p.endDump(lines.size() + 1);
        return p.dumps;
    }

    /**
     * Threads of a text that has thread entries but no "Full thread dump" line (a part copied out of a
     * dump). The caller says so to the user: this is not guessed silently.
     */
    static List<ThreadDump> parseHeaderless(String source, List<String> lines) {
        JstackTextParser p = new JstackTextParser(source);
        p.startDump(1, null, "");
        for (int i = 0; i < lines.size(); i++) {
            p.line(lines.get(i), i + 1);
        }
        p.jniSeen = true; // nothing to compare against: a copied part has no end marker
        p.endDump(lines.size() + 1);
        List<ThreadDump> out = new ArrayList<>();
        for (ThreadDump d : p.dumps) {
            out.add(new ThreadDump(d.source(), d.line(), d.time(), d.jvm(), d.format(), d.threads(), d.jvmDeadlocks(),
                    "has no \"Full thread dump\" line: read as thread entries copied out of a dump"));
        }
        return out;
    }

    private void line(String raw, int no) {
        // fast path for the commonest line, a frame: no strip() copy, and equal frames shared (10 000 threads
        // repeat the same few hundred frames; sharing them also makes identical-stack grouping cheap)
        if (thread != null && deadlock == null && raw.length() > 4 && raw.charAt(0) == '\t'
                && raw.startsWith("at ", 1)) {
            StackFrame f = frames.get(raw);
            if (f == null) {
                f = parseFrame(raw.substring(4));
                if (f != null) frames.put(raw, f);
            }
            if (f != null) thread.frames.add(f);
            return;
        }
        String t = raw.strip();
        if (t.length() == 19) noteTimestamp(t, no); // jstack's "2026-11-22 19:58:56" line before a dump
        if (t.startsWith("Full thread dump")) {
            endDump(no);
            Instant time = pendingTimeLine >= no - 2 ? pendingTime : null;
            startDump(no, time, t.substring("Full thread dump".length()).replaceFirst(":$", "").strip());
            return;
        }
        if (!inDump) return;
        if (inSmr) {
            if (t.startsWith("}")) inSmr = false;
            return;
        }
        if (t.startsWith("Threads class SMR info:")) {
            inSmr = true;
            return;
        }
        if (t.startsWith("JNI global ref")) {
            endThread();
            jniSeen = true;
            return;
        }
        if (t.startsWith("Found one Java-level deadlock") || t.startsWith("Found a total of")) {
            endThread();
            endDeadlock();
            deadlock = new JvmDeadlockReader();
            return;
        }
        if (t.startsWith("Found ") && (t.contains(" deadlock") || t.contains("Java-level deadlock"))) {
            endThread();
            endDeadlock();
            return;
        }
        if (deadlock != null) {
            deadlock.line(t);
            return;
        }
        if (t.startsWith("\"") && isThreadHeader(t)) {
            endThread();
            thread = ThreadBuilder.header(t);
            inSynchronizers = false;
            return;
        }
        if (jniSeen && !t.isEmpty() && thread == null) {
            return; // after the dump's end marker and outside a deadlock report: the log goes on
        }
        if (thread == null) return;
        threadLine(t);
    }

    private void noteTimestamp(String t, int no) {
        if (t.charAt(4) == '-' && t.charAt(10) == ' ' && Character.isDigit(t.charAt(0))) {
            try {
                pendingTime = LocalDateTime.parse(t.replace(' ', 'T')).atZone(ZoneId.systemDefault()).toInstant();
                pendingTimeLine = no;
            } catch (DateTimeParseException ignored) {
                // a line of the same shape that is no time: no timestamp then
            }
        }
    }

    private static boolean isThreadHeader(String t) {
        int close = t.lastIndexOf('"');
        if (close <= 0) return false;
        String rest = t.substring(close + 1);
        return rest.contains("prio=") || rest.contains("nid=") || rest.contains("tid=");
    }

    private void threadLine(String t) {
        if (t.startsWith("java.lang.Thread.State:")) {
            String s = t.substring("java.lang.Thread.State:".length()).strip();
            int sp = s.indexOf(' ');
            thread.state = sp < 0 ? s : s.substring(0, sp);
        } else if (t.startsWith("at ")) {
            StackFrame f = parseFrame(t.substring(3));
            if (f != null) thread.frames.add(f);
        } else if (t.startsWith("- ")) {
            lockLine(t.substring(2));
        } else if (t.startsWith("Locked ownable synchronizers:")) {
            inSynchronizers = true;
        } else if (t.startsWith("Carrying virtual thread #")) {
            thread.carrierOf = parseLong(t.substring("Carrying virtual thread #".length()).strip(), -1);
        }
    }

    private void lockLine(String s) {
        LockRef lock = lockRef(s);
        if (inSynchronizers) {
            if (lock != null) thread.held.add(new HeldLock(lock, -1));
            return;
        }
        if (lock == null) return; // "waiting on <no object reference available>"
        thread.lockLine(s, lock);
    }

    /** "locked <0x000000069ec1a038> (a LockContention$SlowAuditLogger)" → the lock; null without an address. */
    static LockRef lockRef(String s) {
        int lt = s.indexOf('<');
        int gt = lt < 0 ? -1 : s.indexOf('>', lt);
        if (gt < 0 || !s.startsWith("0x", lt + 1)) return null;
        String id = s.substring(lt + 1, gt);
        int a = s.indexOf("(a ", gt);
        String cls = null;
        if (a >= 0) {
            int end = s.indexOf(')', a);
            cls = s.substring(a + 3, end < 0 ? s.length() : end).strip();
        }
        return new LockRef(cls, id);
    }

    /** "java.lang.Thread.sleep(java.base@17.0.15/Native Method)" → frame; null if not of that shape. */
    static StackFrame parseFrame(String s) {
        int open = s.indexOf('(');
        int close = s.lastIndexOf(')');
        String qualified = open < 0 ? s.strip() : s.substring(0, open).strip();
        String location = open < 0 ? null : s.substring(open + 1, close > open ? close : s.length());
        if (location != null) {
            int slash = location.lastIndexOf('/');
            if (slash >= 0) location = location.substring(slash + 1);
        }
        int dot = qualified.lastIndexOf('.');
        if (dot <= 0 || dot == qualified.length() - 1) return null;
        return new StackFrame(qualified.substring(0, dot), qualified.substring(dot + 1), location);
    }

    private void endDeadlock() {
        if (deadlock != null) {
            JvmDeadlock d = deadlock.finish();
            if (d != null && deadlocks != null) deadlocks.add(d);
        }
        deadlock = null;
    }

    private void startDump(int no, Instant time, String jvmText) {
        inDump = true;
        dumpLine = no;
        dumpTime = time;
        jvm = jvmText;
        threads = new ArrayList<>();
        deadlocks = new ArrayList<>();
        jniSeen = false;
        inSmr = false;
        thread = null;
    }

    private void endThread() {
        if (thread != null) threads.add(thread.build());
        thread = null;
        inSynchronizers = false;
    }

    private void endDump(int no) {
        if (!inDump) return;
        boolean midThread = thread != null;
        endThread();
        boolean midDeadlock = deadlock != null && deadlock.midEdge();
        endDeadlock();
        String truncated = null;
        if (!jniSeen) {
            truncated = "ends at line " + (no - 1) + " without its \"JNI global refs\" line"
                    + (midThread ? " (inside a thread entry)" : "");
        } else if (midDeadlock) {
            truncated = "its deadlock report ends at line " + (no - 1) + " before the holder is named";
        }
        dumps.add(new ThreadDump(source, dumpLine, dumpTime, jvm, DumpFormat.JSTACK_TEXT, threads, deadlocks,
                truncated));
        inDump = false;
        threads = null;
    }

    static long parseLong(String s, long dflt) {
        try {
            if (s.startsWith("0x") || s.startsWith("0X")) return Long.parseUnsignedLong(s.substring(2), 16);
            return Long.parseLong(s);
        } catch (NumberFormatException e) {
            return dflt;
        }
    }
}
