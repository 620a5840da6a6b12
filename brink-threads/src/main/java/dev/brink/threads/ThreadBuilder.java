package dev.brink.threads;

import java.util.ArrayList;
import java.util.List;

/** Collects one thread of a text dump, line by line. Not thread-safe. */
final class ThreadBuilder {
    String name;
    long id = -1;
    long nid = -1;
    String state;
    boolean daemon;
    boolean virtual;
    int priority = -1;
    double cpuMs = -1;
    double elapsedS = -1;
    long carrierOf = -1;
    final List<StackFrame> frames = new ArrayList<>();
    final List<HeldLock> held = new ArrayList<>();
    LockRef waitingOn;
    WaitKind waitKind = WaitKind.NONE;

    /**
     * Parses a header such as
     * {@code "BookThread-3" #15 [8307] daemon prio=5 os_prio=0 cpu=2.08ms elapsed=4.62s tid=0x… nid=0x5f28 …}.
     * The name ends at the last quote: names may contain quotes, the attributes never do.
     */
    static ThreadBuilder header(String t) {
        ThreadBuilder b = new ThreadBuilder();
        int close = t.lastIndexOf('"');
        b.name = t.substring(1, close);
        for (String tok : t.substring(close + 1).split(" ")) {
            if (tok.isEmpty()) continue;
            if (tok.charAt(0) == '#' && b.id < 0) {
                b.id = JstackTextParser.parseLong(tok.substring(1), -1);
            } else if (tok.equals("daemon")) {
                b.daemon = true;
            } else if (tok.equals("virtual")) {
                b.virtual = true;
            } else if (tok.startsWith("prio=")) {
                b.priority = (int) JstackTextParser.parseLong(tok.substring(5), -1);
            } else if (tok.startsWith("cpu=") && tok.endsWith("ms")) {
                b.cpuMs = parseDouble(tok.substring(4, tok.length() - 2));
            } else if (tok.startsWith("elapsed=") && tok.endsWith("s")) {
                b.elapsedS = parseDouble(tok.substring(8, tok.length() - 1));
            } else if (tok.startsWith("nid=")) {
                b.nid = JstackTextParser.parseLong(tok.substring(4), -1);
            }
        }
        return b;
    }

    private static double parseDouble(String s) {
        try {
            double v = Double.parseDouble(s);
            return v >= 0 && Double.isFinite(v) ? v : -1;
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /**
     * Applies one lock line of a thread entry, without its "- ": "locked …", "eliminated …", "waiting to lock …",
     * "waiting to re-lock …", "waiting on …", "parking to wait for …", about {@code lock}. A held monitor's depth
     * is that of the frame above the line.
     */
    void lockLine(String s, LockRef lock) {
        if (s.startsWith("locked") || s.startsWith("eliminated")) {
            held.add(new HeldLock(lock, Math.max(0, frames.size() - 1)));
        } else if (s.startsWith("waiting to lock") || s.startsWith("waiting to re-lock")) {
            wait(lock, WaitKind.ENTER);
        } else if (s.startsWith("waiting on")) {
            wait(lock, WaitKind.WAIT);
        } else if (s.startsWith("parking to wait for")) {
            wait(lock, WaitKind.PARK);
        }
    }

    void wait(LockRef lock, WaitKind kind) {
        // the first one wins: it is the top frame's, the one the thread is stuck on now
        if (waitingOn == null) {
            waitingOn = lock;
            waitKind = kind;
        }
    }

    DumpThread build() {
        List<HeldLock> locks = held;
        if (waitKind == WaitKind.WAIT || waitKind == WaitKind.ENTER) {
            // Object.wait() released the monitor that jstack still lists as "locked" below it; a thread
            // re-entering a monitor after wait() does not hold it either
            locks = new ArrayList<>(held.size());
            for (HeldLock h : held) {
                if (!h.lock().identity().equals(waitingOn.identity())) locks.add(h);
            }
        }
        return new DumpThread(name, id, nid, state, daemon, virtual, priority, cpuMs, elapsedS, frames, locks,
                waitingOn, waitKind, carrierOf);
    }
}
