package dev.brink.cli;

import dev.brink.core.Finding;
import dev.brink.core.detail.CpuLibrary;
import dev.brink.threads.BusyThread;
import dev.brink.threads.Deadlock;
import dev.brink.threads.LockContention;
import dev.brink.threads.StackFrame;
import dev.brink.threads.StackGroup;
import dev.brink.threads.ThreadAnalysis;
import dev.brink.threads.ThreadDump;
import dev.brink.threads.ThreadGroupSummary;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/** The readable form of a thread analysis: findings first in plain words, then the detail behind them. */
final class ThreadsText {
    private static final int MAX_ROWS = 10;

    private ThreadsText() {
    }

    static void print(PrintWriter o, ThreadAnalysis a) {
        o.println("Findings");
        if (a.findings().isEmpty()) o.println("  no deadlock, lock contention, starved or held pool, or busy thread found");
        for (Finding f : a.findings()) {
            o.printf(Locale.ROOT, "  %-8s %-15s %s%n", f.severity().jsonName().toUpperCase(Locale.ROOT),
                    f.kind().jsonName(), f.title());
        }
        if (!a.notes().isEmpty()) {
            o.println();
            o.println("Notes");
            a.notes().forEach(n -> o.println("  " + n));
        }
        o.println();
        o.println("Dumps (" + a.dumps().size() + ", in time order)");
        for (ThreadDump d : a.dumps()) {
            o.println("  " + d.where() + "  " + (d.time() == null ? "time unknown" : d.time()) + "  "
                    + d.threads().size() + " threads  " + d.jvm() + (d.truncated() == null ? "" : "  [truncated]"));
        }
        deadlocks(o, a.deadlocks());
        locks(o, a.contentions());
        busy(o, a.busyThreads());
        o.println();
        o.println("Thread groups (last dump)");
        for (ThreadGroupSummary g : a.groups().subList(0, Math.min(MAX_ROWS, a.groups().size()))) {
            o.printf(Locale.ROOT, "  %-40s %5d  %s%n", g.pattern(), g.threads(), new java.util.TreeMap<>(g.states()));
        }
        if (a.groups().size() > MAX_ROWS) o.println("  … " + (a.groups().size() - MAX_ROWS) + " more groups");
        stacks(o, a.identicalStacks());
    }

    private static void deadlocks(PrintWriter o, List<Deadlock> deadlocks) {
        if (deadlocks.isEmpty()) return;
        o.println();
        o.println("Deadlocks");
        for (Deadlock d : deadlocks) {
            o.println("  " + d.members().stream().map(Deadlock.Member::thread).collect(Collectors.joining(" → "))
                    + " → " + d.members().get(0).thread() + (d.reportedByJvm() ? "  (the JVM reports it too)" : ""));
            for (Deadlock.Member m : d.members()) {
                o.println("    " + m.thread() + " (" + m.state() + ") waits for "
                        + (m.waitsFor() == null ? "?" : m.waitsFor().display()) + " held by " + m.heldBy()
                        + (m.frame() == null ? "" : ", at " + m.frame()));
            }
        }
    }

    private static void locks(PrintWriter o, List<LockContention> locks) {
        if (locks.isEmpty()) return;
        o.println();
        o.println("Locks waited for (ranked by waiters × dumps)");
        for (LockContention c : locks.subList(0, Math.min(MAX_ROWS, locks.size()))) {
            o.println("  " + c.lock().className() + " <" + c.lock().identity() + ">: " + c.maxWaiters() + " waiting at most, "
                    + c.waiterDumps() + " waiters × dumps, in " + c.dumpsSeen() + " of " + c.dumpsTotal() + " dumps");
            if (c.holder() != null) {
                o.println("    held by " + c.holder() + " (" + c.holderState() + ")"
                        + (c.holderFrame() == null ? "" : ", locked at " + c.holderFrame()));
                for (StackFrame f : c.holderFrames()) o.println("      at " + f);
            }
            if (c.holdersSeen().size() > 1) o.println("    holders over the dumps: " + abbreviate(c.holdersSeen()));
            o.println("    waiting: " + abbreviate(c.waiters()));
        }
    }

    private static void busy(PrintWriter o, List<BusyThread> busy) {
        if (busy.isEmpty()) return;
        o.println();
        o.println("Busy threads");
        for (BusyThread b : busy.subList(0, Math.min(MAX_ROWS, busy.size()))) {
            StringBuilder s = new StringBuilder("  " + b.name());
            if (b.nid() >= 0) s.append(" nid=").append(b.nid());
            if (b.cpuDeltaMs() >= 0) s.append(String.format(Locale.ROOT, "  cpu +%.0f ms", b.cpuDeltaMs()));
            if (b.cpuShare() >= 0) s.append(String.format(Locale.ROOT, " (%.0f%%)", 100 * b.cpuShare()));
            if (b.topCpuPct() >= 0) s.append(String.format(Locale.ROOT, "  top %.1f%%", b.topCpuPct()));
            if (b.frame() != null) s.append("  at ").append(b.frame());
            o.println(s);
            if (b.where() != null) o.println("    in " + b.where());
            if (!b.libraries().isEmpty()) {
                o.println("    samples by library: " + b.libraries().entrySet().stream()
                        .sorted(java.util.Map.Entry.<CpuLibrary, Integer>comparingByValue().reversed())
                        .map(e -> e.getKey().json() + " " + e.getValue()).collect(Collectors.joining(", ")));
            }
        }
    }

    private static void stacks(PrintWriter o, List<StackGroup> stacks) {
        if (stacks.isEmpty()) return;
        o.println();
        o.println("Identical stacks (last dump)");
        for (StackGroup g : stacks.subList(0, Math.min(5, stacks.size()))) {
            o.println("  " + g.threads().size() + " × " + g.state() + ": " + abbreviate(g.threads()));
            List<StackFrame> top = g.frames().subList(0, Math.min(3, g.frames().size()));
            for (StackFrame f : top) o.println("      at " + f);
            // a parked thread's top frames are the JDK's park (a virtual thread's three of them): where the
            // application waits is below, and it is what the reader looks for
            if (top.stream().allMatch(StackFrame::jdk)) {
                g.frames().stream().filter(f -> !f.jdk()).findFirst().ifPresent(f -> o.println("      … at " + f));
            }
        }
    }

    private static String abbreviate(List<String> names) {
        if (names.size() <= 8) return String.join(", ", names);
        return String.join(", ", names.subList(0, 8)) + " … (" + names.size() + ")";
    }
}
