package dev.brink.threads;

import dev.brink.core.LibraryCode;
import dev.brink.core.detail.CpuLibrary;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Busy threads, from the CPU time each thread used over the interval the dumps cover and the stacks it was caught in.
 * A busy thread is one a user acts on: a thread pinned on a CPU in the same code across the dumps (a spin, a runaway
 * loop, a hot path that keeps cores saturated), not a pool doing ordinary work between its waits.
 *
 * <p>A spinning thread almost never sits on the same leaf frame twice (a masking loop is in a regex in one dump
 * and in string concatenation in the next), so the leaf cannot say whether a thread is busy; its CPU clock and its
 * state can. jstack and jcmd Thread.print give {@code cpu=} per thread since JDK 11, Brink's observer gives
 * ThreadMXBean CPU time. Two measures tell a pinned thread from a working one:
 * <ul>
 *   <li><b>Its CPU share</b> over the interval between its first and last dump. A thread that ran
 *   {@value #PINNED_SHARE} of a core or more spent more of the interval computing than waiting: busy, whatever its
 *   last stack shows. Below that, the share alone does not tell: a worker doing 3 ms bursts between 5 ms sleeps takes
 *   30–45 % of a core on an idle machine (measured 29 % for each of four such workers on two shared cores), while a
 *   spinning thread on a machine overloaded by other processes gets as little as 5 %.</li>
 *   <li><b>Whether it is pinned</b>: a thread that never waits of its own accord is RUNNABLE (on a CPU or queued for
 *   one) at every instant, however little CPU a loaded machine gives it; a thread that works between waits is caught
 *   in its waits (a sleep, a park, a socket read) in proportion to how long they last. Three dumps are three samples
 *   of one thread: a worker RUNNABLE half the time is caught running in all three one time in eight, and one of four
 *   such workers is, one time in two. So the samples of the workers that run the same task — the same thread pool
 *   (name pattern) with the same outermost application frame — are pooled: the task is pinned when
 *   {@value #PINNED_SAMPLES} or more of those samples are running code (all of three, five of six, ten of twelve), and
 *   the thread itself ran code in most of its dumps. Workers of the pool that wait for a task (no application frame)
 *   are not pooled in: one spinning worker among idle ones is pinned.</li>
 * </ul>
 * A pinned thread is busy with {@value #MIN_SHARE} of a core (what a spinning thread still gets on a machine
 * overloaded by three times its cores), or when a loaded machine gave it less but it took at least
 * {@value #MIN_PROCESS_SHARE} of all the CPU its process's Java threads used in the interval (and {@value
 * #MIN_LOADED_SHARE} of a core: an idle process's one ticking timer is a big share of almost nothing), or when its
 * samples share an application frame and its clock shows it ran at all ({@value #MIN_SAMPLED_SHARE} of a core; the
 * only rule when the dumps carry no CPU time: JDK 8, Thread.dump_to_file). A thread dump does not say how many cores
 * the machine has, so every share is of one core, per thread: four workers at 29 % each are not one busy core. With
 * top -H output, a thread at {@value #MIN_TOP_PCT} %CPU or more is busy too. Ranked by CPU share, else by top's %CPU.
 *
 * <p>Event loops are judged apart ({@link #eventLoop}): busy only when saturated ({@value #LOOP_SATURATED} of a
 * core, or that %CPU in top) or when a fifth of a core of theirs goes to application code run on the loop.
 *
 * <p>A thread RUNNABLE in a native I/O or signal wait (accept, read, epoll) is not running code: it is never
 * busy by the stack rule, and by the CPU rule its clock does not move. Threads with no Java frame in any dump
 * (JIT compiler, GC workers) are the JVM's own; their CPU is GC's and JIT's business, not a code location.
 * Stateless; O(threads × dumps × depth).
 */
final class BusyThreadFinder {
    /**
     * A fifth of a core over the interval. A request thread on a healthy service uses far less between two dumps
     * a few seconds apart; a spinning thread on a machine overloaded by three times its cores still gets more.
     */
    static final double MIN_SHARE = 0.2;
    /**
     * Half a core over the interval: the thread computed for longer than it waited, so its code is where a core
     * goes, whatever its stacks show.
     */
    static final double PINNED_SHARE = 0.5;
    /** Share of a task's samples that must be running code for the task to be pinned (all of 3, 5 of 6, 10 of 12). */
    static final double PINNED_SAMPLES = 0.8;
    /** Floor of the relative rule: an idle process's one ticking timer is a big share of almost nothing. */
    static final double MIN_LOADED_SHARE = 0.05;
    static final double MIN_PROCESS_SHARE = 0.25;
    static final double MIN_TOP_PCT = 10.0;
    static final double MIN_SAMPLED_SHARE = 0.01;
    /**
     * An event loop (one thread multiplexing many connections: Netty, Undertow's XNIO, Tomcat's poller) is busy
     * when it is saturated: at this share of a core it is running 4/5 of the time, and a connection's event waits
     * behind the loop's other work about ρ/(1−ρ) = 4 times as long as its own handling (M/M/1), rising steeply
     * towards a full core, where every connection of that loop waits. Below it, a loop spending a fifth of a core
     * in socket reads, writes and its framework's dispatching is doing its job.
     */
    static final double LOOP_SATURATED = 0.8;

    /**
     * The run methods of event loops (after {@link LibraryCode#unshaded}: grpc-netty-shaded's loop is Netty's).
     * Not Netty's generic SingleThreadEventExecutor: a DefaultEventExecutor runs tasks, not connections.
     */
    private static final List<String> LOOP_RUN_METHODS = List.of("io.netty.channel.nio.NioEventLoop.run",
            "io.netty.channel.epoll.EpollEventLoop.run", "io.netty.channel.kqueue.KQueueEventLoop.run",
            "io.netty.channel.SingleThreadIoEventLoop.run", "io.netty.incubator.channel.uring.IOUringEventLoop.run",
            "org.xnio.nio.WorkerThread.run", "org.apache.tomcat.util.net.NioEndpoint$Poller.run");

    /** Native methods where a RUNNABLE thread is waiting for I/O or a signal, not computing. */
    private static final Set<String> IDLE_NATIVE = Set.of("accept", "accept0", "socketAccept", "socketRead0",
            "socketRead", "read", "read0", "readBytes", "readv0", "recv", "recvfrom", "receive0", "epollWait", "wait",
            "wait0", "poll", "poll0", "kevent0", "keventPoll", "doSelect", "select0", "waitForReferencePendingList",
            "park", "sleep", "sleep0", "sleepNanos0", "waitForProcessExit", "waitForProcessExit0", "available0",
            "connect0", "socketConnect", "ioctl", "take", "select", "takeVirtualThreadListToUnblock",
            "waitForSignal", "await", "pollEvents");

    /**
     * The thread that takes the dump shows up in it, RUNNABLE in the dumping code, in every dump of a burst
     * (an observer's JMX connection thread in ThreadImpl.dumpThreads0, jcmd's Attach Listener). It is the
     * observer, not the application: never a busy thread.
     */
    private static final Set<String> DUMPING_METHODS = Set.of("dumpThreads0", "dumpThreads", "getThreadInfo1",
            "printThreads", "dumpThreadsToJson", "dumpThreadsToFile");

    private BusyThreadFinder() {
    }

    static List<BusyThread> find(List<ThreadDump> dumps, Map<Long, Double> topCpu) {
        Map<String, List<DumpThread>> series = new LinkedHashMap<>();
        Map<String, List<ThreadDump>> seenIn = new HashMap<>();
        for (ThreadDump d : dumps) {
            for (DumpThread t : d.threads()) {
                if (dumping(t)) continue;
                List<DumpThread> s = series.computeIfAbsent(t.key(), k -> new ArrayList<>());
                if (!s.isEmpty() && seenIn.get(t.key()).get(s.size() - 1) == d) continue; // a reused key in one dump
                s.add(t);
                seenIn.computeIfAbsent(t.key(), k -> new ArrayList<>()).add(d);
            }
        }
        double processCpuMs = 0;
        for (List<DumpThread> s : series.values()) {
            // Java threads only: JIT compiler and GC threads burn CPU at a JVM's start and under allocation, in
            // proportions that say nothing about which application thread wants a core
            if (s.stream().allMatch(t -> t.frames().isEmpty())) continue;
            double d = cpuDelta(s);
            if (d > 0) processCpuMs += d;
        }
        Map<String, int[]> tasks = new HashMap<>();
        for (List<DumpThread> s : series.values()) {
            for (DumpThread t : s) {
                String task = task(t);
                if (task == null) continue;
                int[] c = tasks.computeIfAbsent(ThreadGroups.pattern(t.name()) + " " + task, k -> new int[2]);
                c[0]++;
                if (runnableInCode(t)) c[1]++;
            }
        }
        List<BusyThread> out = new ArrayList<>();
        for (Map.Entry<String, List<DumpThread>> e : series.entrySet()) {
            BusyThread b = judge(e.getValue(), seenIn.get(e.getKey()), topCpu, processCpuMs, tasks);
            if (b != null) out.add(b);
        }
        out.sort(Comparator.comparingDouble(BusyThread::cpuShare).reversed()
                .thenComparing(Comparator.comparingDouble(BusyThread::topCpuPct).reversed())
                .thenComparing(BusyThread::name));
        return out;
    }

    /** The busy thread this series of one thread shows, or null. */
    private static BusyThread judge(List<DumpThread> s, List<ThreadDump> in, Map<Long, Double> topCpu,
                                    double processCpuMs, Map<String, int[]> tasks) {
        DumpThread first = s.get(0);
        DumpThread last = s.get(s.size() - 1);
        if (s.stream().allMatch(t -> t.frames().isEmpty())) return null; // a JVM-internal thread
        double pct = last.nid() >= 0 && topCpu.containsKey(last.nid()) ? topCpu.get(last.nid()) : -1;
        double cpuDelta = cpuDelta(s);
        double wall = first.elapsedS() >= 0 && last.elapsedS() > first.elapsedS()
                ? (last.elapsedS() - first.elapsedS()) * 1000 : wallMs(in.get(0), in.get(in.size() - 1));
        double share = cpuDelta >= 0 && wall > 0 ? cpuDelta / wall : -1;
        List<DumpThread> samples = s.stream().filter(BusyThreadFinder::runnableInCode).toList();
        StackFrame where = deepestCommon(samples.stream().map(DumpThread::frames).toList());
        boolean loop = s.stream().anyMatch(BusyThreadFinder::eventLoop);
        double appShare = loop ? applicationCpu(share, samples) : share;
        // the relative rule only for a thread that wanted the CPU: running code in most of its dumps
        boolean wantsCpu = samples.size() * 2 > s.size();
        boolean relative = appShare >= MIN_LOADED_SHARE && appShare * wall >= MIN_PROCESS_SHARE * processCpuMs;
        boolean busy;
        if (loop) {
            busy = share >= LOOP_SATURATED || appShare >= MIN_SHARE || wantsCpu && relative;
        } else {
            boolean pinned = wantsCpu && pinned(s, samples.size(), tasks);
            // a pinned thread with an application frame in every sample wants a core even when a loaded machine gave
            // it little; a clock that did not move at all is a native wait the JVM reports as RUNNABLE
            boolean bySamples = s.size() >= 2 && samples.size() == s.size() && where != null
                    && CodeLibrary.application(where) && (share < 0 || share >= MIN_SAMPLED_SHARE);
            busy = share >= PINNED_SHARE || pinned && (share >= MIN_SHARE || relative || bySamples);
        }
        if (!busy && !(pct >= (loop ? LOOP_SATURATED * 100 : MIN_TOP_PCT))) return null;
        if (samples.isEmpty()) samples = List.of(last); // busy by CPU, yet caught waiting: its stack still says where
        Map<CpuLibrary, Integer> libraries = new EnumMap<>(CpuLibrary.class);
        for (DumpThread t : samples) libraries.merge(CodeLibrary.of(t.frames()), 1, Integer::sum);
        List<List<StackFrame>> stacks = samples.stream().map(DumpThread::frames).toList();
        return new BusyThread(last.name(), last.nid(), last.top(), samples.size(), cpuDelta, share >= 0 ? wall : -1, pct,
                deepestCommon(stacks), libraries, stacks);
    }

    /**
     * True when the thread's task is pinned: of the samples of its pool's threads (its name pattern) caught in its
     * task (its commonest outermost application frame), at least {@link #PINNED_SAMPLES} are running code. A thread
     * without an application frame is judged by its own samples.
     */
    private static boolean pinned(List<DumpThread> s, int running, Map<String, int[]> tasks) {
        Map<String, Integer> seen = new HashMap<>();
        for (DumpThread t : s) {
            String task = task(t);
            if (task != null) seen.merge(task, 1, Integer::sum);
        }
        String task = seen.entrySet().stream().max(Map.Entry.comparingByValue()).map(Map.Entry::getKey).orElse(null);
        int[] own = {s.size(), running};
        int[] c = task == null ? own : tasks.getOrDefault(ThreadGroups.pattern(s.get(s.size() - 1).name()) + " " + task, own);
        return c[1] >= PINNED_SAMPLES * c[0];
    }

    /** The task a thread is in: its outermost application frame's class and method, or null without one. */
    private static String task(DumpThread t) {
        List<StackFrame> f = t.frames();
        for (int i = f.size() - 1; i >= 0; i--) {
            if (CodeLibrary.application(f.get(i))) return f.get(i).className() + "." + f.get(i).method();
        }
        return null;
    }

    /**
     * True when the thread runs an event loop. A loop's CPU is not the application's by default: its socket reads
     * and writes, its framework's routing and codecs are what a reactive service (Netty, Reactor, gRPC, Vert.x)
     * spends on every request, so in such a service the loops take most of the Java threads' CPU by design, and
     * the relative rule (a share of the process's CPU) would name every loop. A loop is busy when it is saturated
     * ({@link #LOOP_SATURATED}) or when application code runs on it ({@link #applicationCpu}).
     */
    static boolean eventLoop(DumpThread t) {
        for (StackFrame f : t.frames()) {
            if (LOOP_RUN_METHODS.contains(LibraryCode.unshaded(f.className()) + "." + f.method())) return true;
        }
        return false;
    }

    /**
     * The share of a core an event loop spent in application code: its CPU share times the share of its running
     * samples whose CPU is the application's ({@link #applicationRunning}: a handler that computes, blocks or serialises on the loop
     * instead of handing the work to a worker). Every millisecond of it delays every other connection of that loop,
     * so a fifth of a core ({@link #MIN_SHARE}) of it is a finding even when the loop is far from saturated, as is
     * a quarter of its process's Java CPU on a machine too loaded to give it a fifth of a core (the relative rule).
     * Without a CPU clock (share −1) it is −1: the stack rule (application code in every dump) still applies.
     */
    static double applicationCpu(double share, List<DumpThread> running) {
        if (share < 0 || running.isEmpty()) return -1;
        long inApp = running.stream().filter(t -> applicationRunning(t.frames())).count();
        return share * inApp / running.size();
    }

    /**
     * True when the sample's CPU is the application's: from the top, an application frame comes before any frame
     * of the loop's own framework (Netty, Reactor, gRPC: library code of no named family). JDK code and named
     * families on top (a regex, a JSON mapper, a date format) are what the application asked for; a handler that
     * only hands its message to Netty's write path is caught in Netty's socket code, which is the loop's job.
     */
    static boolean applicationRunning(List<StackFrame> frames) {
        for (StackFrame f : frames) {
            if (CodeLibrary.application(f)) return true;
            if (!f.jdk() && CodeLibrary.known(f) == null) return false;
        }
        return false;
    }

    /**
     * The frame nearest the top that every sample has at the same depth from the bottom (same class and method:
     * line numbers move as the loop calls different code), preferring application frames.
     */
    static StackFrame deepestCommon(List<List<StackFrame>> samples) {
        if (samples.isEmpty()) return null;
        List<StackFrame> ref = samples.get(0);
        int common = ref.size();
        for (List<StackFrame> f : samples) {
            int k = 0;
            while (k < common && k < f.size() && sameMethod(ref.get(ref.size() - 1 - k), f.get(f.size() - 1 - k))) k++;
            common = k;
        }
        StackFrame deepest = null;
        for (int k = 0; k < common; k++) {
            StackFrame fr = ref.get(ref.size() - 1 - k);
            if (CodeLibrary.application(fr)) deepest = fr;
        }
        return deepest != null || common == 0 ? deepest : ref.get(ref.size() - common);
    }

    /** CPU used between the thread's first and last dump, -1 when the dumps do not say. */
    private static double cpuDelta(List<DumpThread> s) {
        DumpThread first = s.get(0);
        DumpThread last = s.get(s.size() - 1);
        return s.size() >= 2 && first.cpuMs() >= 0 && last.cpuMs() >= 0 ? Math.max(0, last.cpuMs() - first.cpuMs()) : -1;
    }

    private static double wallMs(ThreadDump first, ThreadDump last) {
        if (first.time() == null || last.time() == null) return -1;
        long ms = last.time().toEpochMilli() - first.time().toEpochMilli();
        return ms > 0 ? ms : -1;
    }

    private static boolean dumping(DumpThread t) {
        StackFrame top = t.top();
        return "Attach Listener".equals(t.name()) || top != null && DUMPING_METHODS.contains(top.method())
                || t.frames().stream().anyMatch(f -> f.className().equals("jdk.internal.vm.ThreadDumper"));
    }

    static boolean runnableInCode(DumpThread t) {
        StackFrame top = t.top();
        if (!"RUNNABLE".equals(t.state()) || top == null) return false;
        return !("Native Method".equals(top.location()) && IDLE_NATIVE.contains(top.method()));
    }

    private static boolean sameMethod(StackFrame a, StackFrame b) {
        return a.className().equals(b.className()) && a.method().equals(b.method());
    }
}
