package dev.brink.threads;

import dev.brink.core.Finding;
import dev.brink.core.FindingKind;
import dev.brink.core.LockSubjects;
import dev.brink.core.Severity;
import dev.brink.core.detail.BusyThreadDetail;
import dev.brink.core.detail.CpuLibrary;
import dev.brink.core.detail.DeadlockDetail;
import dev.brink.core.detail.Detail;
import dev.brink.core.detail.LockContentionDetail;
import dev.brink.core.detail.LockWait;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Turns analysis results into findings in plain words. A lock is worth a finding when two or more threads
 * wait for it at once, or when waiters show in two or more dumps; {@value #CRITICAL_WAITERS} or more waiting at
 * once makes it critical. A dump is an instant: a lock the threads spend their time on shows in dump after dump of
 * a series, while any short critical section (an executor queue's lock, handed from producer to workers) is
 * caught with a queue now and then. So in a series of {@value #SERIES} dumps or more, a lock seen contended in one
 * of them only, by fewer than {@value #CRITICAL_WAITERS} threads, is info: said, never ranked a problem beside the
 * lock that holds threads in every dump. Every deadlock is critical. Busy threads of one name pattern busy in the same
 * application method make one finding, whose subject is that method.
 */
final class FindingWriter {
    static final int CRITICAL_WAITERS = 5;
    /** Dumps a series needs before one sighting can be told from a lock the threads keep waiting on. */
    static final int SERIES = 3;

    private FindingWriter() {
    }

    static List<Finding> findings(List<Deadlock> deadlocks, List<LockContention> contentions, List<BusyThread> busy,
                                  List<String> evidence) {
        List<Finding> out = new ArrayList<>();
        for (Deadlock d : deadlocks) out.add(deadlock(d, evidence));
        for (LockContention c : contentions) {
            if (c.maxWaiters() >= 2 || c.dumpsSeen() >= 2) out.add(contention(c, evidence));
        }
        Map<String, List<BusyThread>> byPattern = new LinkedHashMap<>();
        for (BusyThread b : busy) byPattern.computeIfAbsent(ThreadGroups.pattern(b.name()), k -> new ArrayList<>()).add(b);
        Map<String, List<BusyThread>> groups = new LinkedHashMap<>();
        for (Map.Entry<String, List<BusyThread>> e : byPattern.entrySet()) {
            // threads of one pool busy in one application method are one finding, even when their samples went
            // one call deeper in one thread than in another; a pool whose threads share no application frame is
            // split by where each one is
            StackFrame common = BusyThreadFinder.deepestCommon(
                    e.getValue().stream().flatMap(b -> b.samples().stream()).toList());
            for (BusyThread b : e.getValue()) {
                StackFrame at = common != null && CodeLibrary.application(common) ? common
                        : b.where() != null ? b.where() : b.frame();
                String frame = at == null ? "" : at.className() + "." + at.method();
                groups.computeIfAbsent(e.getKey() + "|" + frame, k -> new ArrayList<>()).add(b);
            }
        }
        for (List<BusyThread> g : groups.values()) out.add(busy(g, evidence));
        return out;
    }

    private static Finding deadlock(Deadlock d, List<String> evidence) {
        StringBuilder title = new StringBuilder("Deadlock of " + d.members().size() + " threads: ");
        List<DeadlockDetail.Member> cycle = new ArrayList<>();
        List<String> classes = new ArrayList<>();
        for (Deadlock.Member m : d.members()) {
            title.append(m.thread()).append(" waits for ").append(m.waitsFor() == null ? "a lock" : m.waitsFor().display()).append(" held by ")
                    .append(m.heldBy()).append("; ");
            if (m.waitsFor() != null && !classes.contains(m.waitsFor().className())) classes.add(m.waitsFor().className());
            cycle.add(new DeadlockDetail.Member(m.thread(), m.state(), m.waitsFor() == null ? null : m.waitsFor().className(),
                    m.waitsFor() == null ? null : m.waitsFor().identity(), m.heldBy(), m.frame() == null ? null : m.frame().toString()));
        }
        title.setLength(title.length() - 2);
        List<String> names = d.members().stream().map(Deadlock.Member::thread).toList();
        title.append(" (").append(String.join(" → ", names)).append(" → ").append(names.get(0)).append(")");
        Map<String, Object> detail = Detail.map(new DeadlockDetail(names, cycle, d.foundInGraph(), d.reportedByJvm(), d.dumpsSeen()));
        return new Finding(FindingKind.DEADLOCK, Severity.CRITICAL, title.toString(), String.join(", ", classes),
                evidence, detail);
    }

    private static Finding contention(LockContention c, List<String> evidence) {
        String verb = c.waitKind() == WaitKind.PARK ? "parked waiting for " : "BLOCKED on ";
        StringBuilder title = new StringBuilder(c.waiterGroup()).append(' ').append(verb)
                .append(c.lock().className()).append(" <").append(c.lock().identity()).append(">");
        if (c.holder() != null) {
            title.append(", held by ").append(c.holder());
            if (!"RUNNABLE".equals(c.holderState())) title.append(" (").append(c.holderState()).append(')');
            if (c.holderFrame() != null) title.append(" at ").append(c.holderFrame().shortForm());
            int others = c.holdersSeen().size() - 1;
            if (others > 0) title.append(" (").append(others).append(others == 1 ? " other holder" : " other holders").append(" in other dumps)");
        } else {
            title.append(", holder not shown in the dump");
        }
        if (c.dumpsTotal() > 1) title.append(" — in ").append(c.dumpsSeen()).append(" of ").append(c.dumpsTotal()).append(" dumps");
        LockContentionDetail.Holder holder = c.holder() == null ? LockContentionDetail.Holder.NOT_SHOWN
                : new LockContentionDetail.Holder(c.holder(), c.holderState(), c.holderFrame() == null ? null : c.holderFrame().toString(),
                        c.holderFrames().stream().map(StackFrame::toString).toList());
        Map<String, Object> detail = Detail.map(LockContentionDetail.fromDumps(c.lock().identity(), c.lock().className(),
                lockWait(c.waitKind()), holder, c.holdersSeen(), c.maxWaiters(), c.waiters(), c.waiterGroup(),
                c.waiterDumps(), c.dumpsSeen(), c.dumpsTotal()));
        boolean once = c.dumpsTotal() >= SERIES && c.dumpsSeen() == 1;
        Severity sev = c.maxWaiters() >= CRITICAL_WAITERS ? Severity.CRITICAL : once ? Severity.INFO : Severity.WARNING;
        return new Finding(FindingKind.LOCK_CONTENTION, sev, title.toString(), subject(c), evidence, detail);
    }

    /**
     * What makes two contention findings one lock (FindingSet merges by kind and subject): its class, but not for a bare
     * java.lang.Object, whose class names no lock, so that two of them in one run are two findings. Its address is no
     * identity either (a GC moves it, a relaunch renews it); the method that took it, where the dumps show its holder, is
     * the same for the same lock in every dump series of the run.
     */
    private static String subject(LockContention c) {
        String lockClass = c.lock().className();
        if (!LockSubjects.BARE_LOCK.equals(lockClass) || c.holderFrame() == null) return lockClass;
        return LockSubjects.bareLockIn(c.holderFrame().className() + "." + c.holderFrame().method());
    }

    /** The dumps' wait kind as the finding's word; null for a thread that waits on no lock. */
    private static LockWait lockWait(WaitKind kind) {
        return switch (kind) {
            case ENTER -> LockWait.ENTER;
            case WAIT -> LockWait.WAIT;
            case PARK -> LockWait.PARK;
            case NONE -> null;
        };
    }

    private static Finding busy(List<BusyThread> g, List<String> evidence) {
        BusyThread b0 = g.get(0);
        StackFrame at = BusyThreadFinder.deepestCommon(g.stream().flatMap(b -> b.samples().stream()).toList());
        if (at == null) at = b0.where() != null ? b0.where() : b0.frame();
        String who = g.size() == 1 ? b0.name() : g.size() + " " + ThreadGroups.pattern(b0.name()) + " threads";
        StringBuilder title = new StringBuilder(who).append(g.size() == 1 ? " is" : " are").append(" busy");
        if (at != null) title.append(" in ").append(at.shortForm());
        Map<CpuLibrary, Integer> libraries = new EnumMap<>(CpuLibrary.class);
        for (BusyThread b : g) b.libraries().forEach((k, v) -> libraries.merge(k, v, Integer::sum));
        int samples = libraries.values().stream().mapToInt(Integer::intValue).sum();
        List<Map.Entry<CpuLibrary, Integer>> ranked = new ArrayList<>(libraries.entrySet());
        ranked.sort(Map.Entry.<CpuLibrary, Integer>comparingByValue().reversed());
        if (samples > 0) {
            StringBuilder libs = new StringBuilder();
            for (Map.Entry<CpuLibrary, Integer> e : ranked) {
                if (libs.length() > 0) libs.append(", ");
                libs.append(e.getKey().json()).append(' ').append(e.getValue()).append('/').append(samples);
            }
            title.append(" (").append(libs).append(" samples)");
        }
        double cpu = 0;
        double wall = -1;
        double pct = 0;
        List<BusyThreadDetail.ThreadRow> threads = new ArrayList<>();
        for (BusyThread b : g) {
            if (b.cpuDeltaMs() >= 0) cpu += b.cpuDeltaMs();
            if (b.wallMs() > wall) wall = b.wallMs();
            if (b.topCpuPct() > 0) pct += b.topCpuPct();
            threads.add(new BusyThreadDetail.ThreadRow(b.name(), b.nid() >= 0 ? b.nid() : null,
                    b.cpuDeltaMs() >= 0 ? Math.round(b.cpuDeltaMs()) : null,
                    b.cpuShare() >= 0 ? Math.round(b.cpuShare() * 100) / 100.0 : null, b.topCpuPct() >= 0 ? b.topCpuPct() : null,
                    b.frame() != null ? b.frame().toString() : null));
        }
        if (wall > 0) {
            title.append(String.format(Locale.ROOT, ": %.0f ms CPU in %.1f s (%.0f%% of a core)", cpu, wall / 1000,
                    100 * cpu / wall));
        } else if (b0.dumps() > 1) {
            title.append(": RUNNABLE there in all ").append(b0.dumps()).append(" dumps");
        }
        if (pct > 0) title.append(String.format(Locale.ROOT, ", %.1f%% CPU in top", pct));
        Map<CpuLibrary, Integer> libs = new LinkedHashMap<>();
        for (Map.Entry<CpuLibrary, Integer> e : ranked) libs.put(e.getKey(), e.getValue());
        Map<String, Object> detail = Detail.map(new BusyThreadDetail(b0.frame() != null ? b0.frame().toString() : null,
                at != null ? at.toString() : null, libs, ranked.isEmpty() ? null : ranked.get(0).getKey(),
                wall > 0 ? Math.round(100 * cpu / wall) / 100.0 : null, threads, b0.dumps()));
        String subject = at != null ? at.className() + "." + at.method() : ThreadGroups.pattern(b0.name());
        return new Finding(FindingKind.BUSY_THREAD, Severity.WARNING, title.toString(), subject, evidence, detail);
    }
}
