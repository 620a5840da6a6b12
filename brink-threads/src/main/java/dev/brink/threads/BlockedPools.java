package dev.brink.threads;

import dev.brink.core.Finding;
import dev.brink.core.FindingKind;
import dev.brink.core.LibraryFamily;
import dev.brink.core.Severity;
import dev.brink.core.ThreadPools;
import dev.brink.core.detail.BlockingCall;
import dev.brink.core.detail.Detail;
import dev.brink.core.detail.PoolKind;
import dev.brink.core.detail.PoolStarvationDetail;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * A thread pool held by one blocking call, from a series of thread dumps: all, or nearly all, workers of one pool
 * (ThreadPoolExecutor — the JDK's or Tomcat's copy —, ForkJoinPool, Jetty's QueuedThreadPool or jboss-threads'
 * EnhancedQueueExecutor workers, {@link #worker}, grouped by their name pattern as {@link PoolStarvation} does) sit in the same blocking call — a socket read or connect, an HTTP or database call, a
 * DNS lookup, Thread.sleep, a Future.get — made from the same application frame, none is idle, and the same workers are
 * still in that call, without having run, in the next dump. The commonest production stall: a downstream that does not
 * answer takes every worker, and the pool's queue waits behind it. No lock is involved, so no lock graph shows it, and
 * a thread in a socket read is not busy.
 *
 * <p>Why these conditions:
 * <ul>
 *   <li><b>The same threads, still in the call, in the next dump.</b> One dump is an instant: a healthy pool whose work
 *   is mostly waiting on a fast backend has every worker in a socket read at many instants. What tells a worker held
 *   by one call from one making call after call is its CPU clock (jstack's and jcmd's {@code cpu=}, JDK 11+): a thread
 *   blocked in a read or a sleep does not run, so its clock does not move between dumps (measured: unchanged to the
 *   0.01 ms the dump prints for every stuck worker), while a worker doing round trips to a backend that answers in a
 *   millisecond gains 10 ms or more a second. So a worker is held when it is the same thread in the same call from the
 *   same application frame and its clock has not moved. Dumps without CPU time (JDK 8, Thread.dump_to_file) can only
 *   say a worker is in the same call, which a saturated healthy pool is at most instants: {@value #STUCK_DUMPS_NO_CPU}
 *   dumps then, instead of {@value #STUCK_DUMPS}.</li>
 *   <li><b>Held for {@value #MIN_HELD_SECONDS} s or more</b> (between the first and last dump of the run, by the
 *   threads' elapsed time or the dumps' time stamps, when the dumps carry either): dumps taken 10 ms apart catch a
 *   healthy 50 ms call twice; a call that holds a worker for a second is slow by any service's standard.</li>
 *   <li><b>No idle worker, and at least {@value #NEARLY_ALL} of the workers held</b> (and two or more). A pool with
 *   an idle worker has capacity: its queue is empty and new tasks run at once. Workers neither idle nor held are
 *   running other tasks; with four fifths or more of the pool in the call, what the pool still gets done is a fifth
 *   of its capacity or less. A pool of one thread is not judged: one thread in a read for seconds is, most often, a
 *   connection's reader loop handed to a single-thread executor.</li>
 * </ul>
 * Selector waits (epoll, accept) are not blocking calls here: a thread waiting there waits for work, not on a
 * downstream.
 *
 * <p><b>A downstream that answers, slowly.</b> A partner answering every 300 ms holds the pool just as surely as one
 * that never answers, but no worker stays in one call from a dump to the next: each finishes its call, takes the next
 * task and is back in the same call when the next dump comes, its clock moved by the little CPU each call costs. So a
 * pool is also held ({@link #slowCalls}) when, in each of {@value #SLOW_CALL_DUMPS} or more dumps in a row over a
 * second or more, none of its workers is idle and {@link #NEARLY_ALL} of them are in the same call from the same
 * application frame (any workers, not the same ones), and as many workers used under {@value #SLOW_CALL_CPU_MS_PER_S}
 * ms of CPU a second between the run's first and last dump. Why these:
 * <ul>
 *   <li><b>No idle worker in any dump</b>: the queue is behind them. A pool at moderate load has idle workers at most
 *   instants (an I/O-bound pool of six at a third of its capacity shows three or four idle in every dump); one with
 *   every worker taken in three dumps a second apart is at its capacity, tasks waiting.</li>
 *   <li><b>The same call in every dump</b>: that call is where the workers' time goes; three dumps rather than two,
 *   because the workers in it are not the same threads from dump to dump, which makes each dump weaker evidence.</li>
 *   <li><b>Little CPU per worker</b>: a worker whose clock gains under {@value #SLOW_CALL_CPU_MS_PER_S} ms a second is
 *   off-CPU more than 99.6 % of the time, waiting in the call. Every call costs its worker some CPU (the request's
 *   write, the read's wake-up, a connect): measured about 0.6 ms for a fresh loopback connection's request and answer,
 *   so a worker calling a partner that answers in 300 ms gains 1.8–2.5 ms a second; a round trip to an echo answering
 *   in a millisecond on a kept connection costs about 10 µs, yet its worker, at some 800 calls a second, gains 6.8–11 ms
 *   a second (the ceiling sits between the two, a factor 1.6 from each). Below it, calls are few and long: the
 *   downstream's latency, not the pool's size or the machine, sets what the pool gets done.</li>
 * </ul>
 * Not Thread.sleep: tasks that pace themselves with short sleeps are the application's design. Such a pool's
 * finding is a warning (its workers still finish tasks, at the downstream's pace); {@code worker_cpu_ms_per_s} says
 * which shape it is.
 *
 * <p>Severity: critical when every worker is held in a call to something else (a socket, an HTTP or database call,
 * a lookup, a result) — the pool runs nothing while it lasts and every task queued to it waits, as behind a deadlock;
 * a warning when some workers still run other tasks, or when the call is Thread.sleep: a sleep is the application's
 * own pause, and a dump cannot tell a backoff that holds the pool from tasks that pace themselves forever.
 * Stateless; O(threads × frames) per dump.
 */
final class BlockedPools {
    /** Dumps in a row that must show the workers held, when the dumps carry CPU time (a worker's clock must stand still). */
    static final int STUCK_DUMPS = PoolStarvation.STUCK_DUMPS;
    /** Dumps in a row that must show the workers in the call when the dumps carry no CPU time. */
    static final int STUCK_DUMPS_NO_CPU = 3;
    static final double MIN_HELD_SECONDS = 1.0;
    /** Share of a pool's workers that must be held. */
    static final double NEARLY_ALL = 0.8;
    /** Dumps in a row that must show a pool in the same call of a downstream that answers. */
    static final int SLOW_CALL_DUMPS = 3;
    /** A worker's CPU per second below which its calls are few and long ({@link #slowCalls}). */
    static final double SLOW_CALL_CPU_MS_PER_S = 4.0;
    /** A CPU clock that moved less than this (the dump prints 0.01 ms) has not moved. */
    private static final double STILL_CPU_MS = 0.005;

    /** HTTP clients: a wait below one of their frames is an HTTP call. */
    private static final List<String> HTTP_CLIENTS = List.of("sun.net.www.protocol.http.", "sun.net.www.http.",
            "sun.net.www.protocol.https.", "jdk.internal.net.http.", "java.net.http.", "java.net.HttpURLConnection",
            "org.apache.http.", "org.apache.hc.client5.", "okhttp3.", "org.springframework.web.client.",
            "org.eclipse.jetty.client.", "feign.", "retrofit2.");

    /** The call a worker is held in, as comparable across dumps. */
    private record Call(BlockingCall kind, String waitFrame, String appFrame) {
    }

    /** A run of dumps in a row showing the same workers held in one call. */
    private static final class Run {
        final Call call;
        Set<String> held;
        int dumps = 1;
        int firstIndex;
        List<DumpThread> first;
        List<DumpThread> last;
        int workers;
        boolean cpuKnown;

        Run(Call call, Set<String> held, int index, List<DumpThread> threads, int workers, boolean cpuKnown) {
            this.call = call;
            this.held = held;
            this.firstIndex = index;
            this.first = threads;
            this.last = threads;
            this.workers = workers;
            this.cpuKnown = cpuKnown;
        }
    }

    private BlockedPools() {
    }

    /** Findings for pools held by one call; {@code skip} are pools already reported (a pool waiting on itself). */
    static List<Finding> find(List<ThreadDump> dumps, Set<String> skip, List<String> evidence) {
        Map<String, Run> current = new LinkedHashMap<>();
        Map<String, Run> best = new LinkedHashMap<>();
        Map<String, Map<String, DumpThread>> previous = new LinkedHashMap<>();
        for (int i = 0; i < dumps.size(); i++) {
            Map<String, List<DumpThread>> pools = new LinkedHashMap<>();
            for (DumpThread t : dumps.get(i).threads()) {
                if (worker(t)) pools.computeIfAbsent(ThreadPools.pattern(t.name()), k -> new ArrayList<>()).add(t);
            }
            Map<String, Map<String, DumpThread>> now = new LinkedHashMap<>();
            for (Map.Entry<String, List<DumpThread>> p : pools.entrySet()) {
                Map<String, DumpThread> byKey = new LinkedHashMap<>();
                p.getValue().forEach(t -> byKey.put(t.key(), t));
                now.put(p.getKey(), byKey);
                Run run = next(current.get(p.getKey()), p.getValue(), previous.get(p.getKey()), i);
                if (run == null) {
                    current.remove(p.getKey());
                    continue;
                }
                current.put(p.getKey(), run);
                Run b = best.get(p.getKey());
                if (b == null || run.dumps >= b.dumps) best.put(p.getKey(), run);
            }
            current.keySet().retainAll(pools.keySet());
            previous = now;
        }
        List<Finding> out = new ArrayList<>();
        Set<String> reported = new LinkedHashSet<>(skip);
        for (Map.Entry<String, Run> e : best.entrySet()) {
            Run r = e.getValue();
            if (skip.contains(e.getKey()) || r.dumps < (r.cpuKnown ? STUCK_DUMPS : STUCK_DUMPS_NO_CPU)) continue;
            double held = heldSeconds(r, dumps);
            if (held >= 0 && held < MIN_HELD_SECONDS) continue;
            out.add(finding(e.getKey(), r, held, dumps.size(), evidence));
            reported.add(e.getKey());
        }
        out.addAll(slowCalls(dumps, reported, evidence));
        return out;
    }

    /**
     * Pools held call after call by a downstream that answers slowly (see the class comment): in
     * {@link #SLOW_CALL_DUMPS} or more dumps in a row, no idle worker and {@link #NEARLY_ALL} of the workers in the
     * same call, and that many workers under {@link #SLOW_CALL_CPU_MS_PER_S} ms of CPU a second. Pools in
     * {@code reported} are left out.
     */
    private static List<Finding> slowCalls(List<ThreadDump> dumps, Set<String> reported, List<String> evidence) {
        Map<String, Run> current = new LinkedHashMap<>();
        Map<String, Run> best = new LinkedHashMap<>();
        for (int i = 0; i < dumps.size(); i++) {
            Map<String, List<DumpThread>> pools = new LinkedHashMap<>();
            for (DumpThread t : dumps.get(i).threads()) {
                if (worker(t)) pools.computeIfAbsent(ThreadPools.pattern(t.name()), k -> new ArrayList<>()).add(t);
            }
            for (Map.Entry<String, List<DumpThread>> p : pools.entrySet()) {
                List<DumpThread> workers = p.getValue();
                Map.Entry<Call, Set<String>> most = workers.size() < 2 || workers.stream().anyMatch(BlockedPools::idle)
                        ? null : commonestCall(workers);
                if (most == null || most.getKey().kind() == BlockingCall.SLEEP || !enough(most.getValue().size(), workers.size())) {
                    current.remove(p.getKey());
                    continue;
                }
                Run run = current.get(p.getKey());
                if (run != null && run.call.equals(most.getKey())) {
                    run.held = most.getValue();
                    run.dumps++;
                    run.last = workers;
                    run.workers = workers.size();
                } else {
                    run = new Run(most.getKey(), most.getValue(), i, workers, workers.size(), true);
                    current.put(p.getKey(), run);
                }
                Run b = best.get(p.getKey());
                if (b == null || run.dumps >= b.dumps) best.put(p.getKey(), run);
            }
            current.keySet().retainAll(pools.keySet());
        }
        List<Finding> out = new ArrayList<>();
        for (Map.Entry<String, Run> e : best.entrySet()) {
            Run r = e.getValue();
            if (reported.contains(e.getKey()) || r.dumps < SLOW_CALL_DUMPS) continue;
            double held = heldSeconds(r, dumps);
            if (held < MIN_HELD_SECONDS) continue;
            List<Double> rates = cpuRates(r, dumps);
            long slow = rates.stream().filter(x -> x < SLOW_CALL_CPU_MS_PER_S).count();
            if (rates.size() < r.workers || !enough((int) slow, r.workers)) continue;
            out.add(finding(e.getKey(), r, held, dumps.size(), evidence, median(rates)));
        }
        return out;
    }

    /** The call most of these workers are in, with their keys; null when none is in a known call. */
    private static Map.Entry<Call, Set<String>> commonestCall(List<DumpThread> workers) {
        Map<Call, Set<String>> byCall = new LinkedHashMap<>();
        for (DumpThread t : workers) {
            Call c = call(t);
            if (c != null) byCall.computeIfAbsent(c, k -> new LinkedHashSet<>()).add(t.key());
        }
        Map.Entry<Call, Set<String>> most = null;
        for (Map.Entry<Call, Set<String>> e : byCall.entrySet()) {
            if (most == null || e.getValue().size() > most.getValue().size()) most = e;
        }
        return most;
    }

    /**
     * CPU per second, in ms, of each worker in both the run's first and last dump (by its elapsed time, else the dumps'
     * times); a worker without a CPU clock or a time gives none.
     */
    private static List<Double> cpuRates(Run r, List<ThreadDump> dumps) {
        ThreadDump a = dumps.get(r.firstIndex);
        ThreadDump b = dumps.get(r.firstIndex + r.dumps - 1);
        double dumpSeconds = a.time() == null || b.time() == null ? -1 : (b.time().toEpochMilli() - a.time().toEpochMilli()) / 1000.0;
        List<Double> out = new ArrayList<>();
        for (DumpThread first : r.first) {
            for (DumpThread last : r.last) {
                if (!last.key().equals(first.key()) || first.cpuMs() < 0 || last.cpuMs() < 0) continue;
                double seconds = first.elapsedS() >= 0 && last.elapsedS() > first.elapsedS()
                        ? last.elapsedS() - first.elapsedS() : dumpSeconds;
                if (seconds > 0) out.add(Math.max(0, last.cpuMs() - first.cpuMs()) / seconds);
            }
        }
        return out;
    }

    private static double median(List<Double> xs) {
        List<Double> s = xs.stream().sorted().toList();
        int n = s.size();
        return n % 2 == 1 ? s.get(n / 2) : (s.get(n / 2 - 1) + s.get(n / 2)) / 2;
    }

    /**
     * The run this dump continues or starts for one pool, or null: the pool has an idle worker, or fewer than
     * {@link #NEARLY_ALL} of its workers are in one call (still in it since the last dump, for a run going on).
     */
    private static Run next(Run run, List<DumpThread> workers, Map<String, DumpThread> before, int index) {
        int n = workers.size();
        if (n < 2 || workers.stream().anyMatch(BlockedPools::idle)) return null;
        Map<Call, Set<String>> byCall = new LinkedHashMap<>();
        for (DumpThread t : workers) {
            Call c = call(t);
            if (c != null) byCall.computeIfAbsent(c, k -> new LinkedHashSet<>()).add(t.key());
        }
        if (run != null && before != null && byCall.containsKey(run.call)) {
            Set<String> still = new LinkedHashSet<>();
            boolean cpuKnown = run.cpuKnown;
            for (DumpThread t : workers) {
                DumpThread was = before.get(t.key());
                if (!run.held.contains(t.key()) || was == null || !byCall.get(run.call).contains(t.key())) continue;
                if (t.cpuMs() >= 0 && was.cpuMs() >= 0) {
                    if (Math.abs(t.cpuMs() - was.cpuMs()) > STILL_CPU_MS) continue;
                } else {
                    cpuKnown = false;
                }
                still.add(t.key());
            }
            if (enough(still.size(), n)) {
                run.held = still;
                run.dumps++;
                run.last = workers;
                run.workers = n;
                run.cpuKnown = cpuKnown;
                return run;
            }
        }
        Map.Entry<Call, Set<String>> most = null;
        for (Map.Entry<Call, Set<String>> e : byCall.entrySet()) {
            if (most == null || e.getValue().size() > most.getValue().size()) most = e;
        }
        if (most == null || !enough(most.getValue().size(), n)) return null;
        Set<String> held = most.getValue();
        boolean cpuKnown = workers.stream().filter(t -> held.contains(t.key())).allMatch(t -> t.cpuMs() >= 0);
        return new Run(most.getKey(), held, index, workers, n, cpuKnown);
    }

    private static boolean enough(int held, int workers) {
        return held >= 2 && held >= NEARLY_ALL * workers;
    }

    /** Seconds from the run's first dump to its last, by the held threads' elapsed time, else the dumps' times; -1 unknown. */
    private static double heldSeconds(Run r, List<ThreadDump> dumps) {
        double best = -1;
        for (DumpThread first : r.first) {
            if (!r.held.contains(first.key()) || first.elapsedS() < 0) continue;
            for (DumpThread last : r.last) {
                if (last.key().equals(first.key()) && last.elapsedS() >= first.elapsedS()) {
                    best = Math.max(best, last.elapsedS() - first.elapsedS());
                }
            }
        }
        if (best >= 0) return best;
        ThreadDump a = dumps.get(r.firstIndex);
        ThreadDump b = dumps.get(r.firstIndex + r.dumps - 1);
        return a.time() == null || b.time() == null ? -1 : (b.time().toEpochMilli() - a.time().toEpochMilli()) / 1000.0;
    }

    private static Finding finding(String pool, Run r, double held, int dumpsTotal, List<String> evidence) {
        return finding(pool, r, held, dumpsTotal, evidence, r.cpuKnown ? 0.0 : null);
    }

    /**
     * The finding for one pool's run; {@code cpuMsPerS} is a held worker's CPU a second (0 for one call that does not
     * answer, above 0 for a downstream answering slowly, call after call), null when the dumps carry no CPU time.
     */
    private static Finding finding(String pool, Run r, double held, int dumpsTotal, List<String> evidence, Double cpuMsPerS) {
        List<String> names = r.last.stream().filter(t -> r.held.contains(t.key())).map(DumpThread::name).toList();
        boolean all = names.size() == r.workers;
        boolean answering = cpuMsPerS != null && cpuMsPerS > 0;
        Severity sev = all && r.call.kind() != BlockingCall.SLEEP && !answering ? Severity.CRITICAL : Severity.WARNING;
        String words = r.call.kind().words();
        String what = r.call.kind() == BlockingCall.SLEEP ? "asleep"
                : (words.startsWith("HTTP") ? "in an " : "in a ") + words;
        String when = held >= 0 ? String.format(Locale.ROOT, "%d dumps in a row over %.1f s", r.dumps, held)
                : r.dumps + " dumps in a row";
        String title = answering
                ? String.format(Locale.ROOT, "%d of %d workers of %s are %s (%s) from %s, none idle, in each of %s,"
                        + " call after call (%.1f ms of CPU a second each): a slow downstream holds the pool and tasks"
                        + " queued to it wait", names.size(), r.workers, pool, what, shortCall(r.call.waitFrame()),
                shortCall(r.call.appFrame()), when.replace(" in a row", ""), cpuMsPerS)
                : String.format(Locale.ROOT, "%d of %d workers of %s are held %s (%s) from %s, none idle, in %s%s:"
                        + " tasks queued to this pool wait for that call", names.size(), r.workers, pool, what,
                shortCall(r.call.waitFrame()), shortCall(r.call.appFrame()), when,
                r.cpuKnown ? " without running" : "");
        String advice = answering
                ? "every worker is in the same call, call after call: the pool gets done what that downstream's latency"
                + " allows (its workers divided by the latency, tasks a second); measure the call's latency (a JFR"
                + " recording's jdk.SocketRead events, the client's metrics), bound it with a read timeout shorter than the"
                + " callers' own deadline, keep it off the pool that serves other work (a bulkhead: a pool of its own for"
                + " that call), and add workers only if the downstream can take the extra calls"
                : r.call.kind() == BlockingCall.SLEEP
                ? "a task that sleeps holds its worker: schedule the retry (ScheduledExecutorService.schedule,"
                + " CompletableFuture.delayedExecutor) instead of sleeping in the task, or give paced loops threads of their own"
                : "every worker waits on the same call: bound it with connect and read timeouts shorter than the callers'"
                + " own deadline, fail fast (a circuit breaker) while it does not answer, and keep it off the pool that"
                + " serves other work (a bulkhead: a pool of its own for that call); then see why it does not answer";
        PoolStarvationDetail d = new PoolStarvationDetail(pool, PoolKind.THREAD_POOL, r.workers, 0, names.size(), names,
                r.call.waitFrame(), r.call.appFrame(), null, r.dumps, dumpsTotal, advice, r.call.kind(),
                held >= 0 ? Math.round(held * 100) / 100.0 : null,
                cpuMsPerS == null ? null : Math.round(cpuMsPerS * 100) / 100.0);
        return new Finding(FindingKind.POOL_STARVATION, sev, title, pool, evidence, Detail.map(d));
    }

    private static String shortCall(String qualified) {
        int dot = qualified.lastIndexOf('.');
        return dot < 0 ? qualified : LockRef.simpleName(qualified.substring(0, dot)) + qualified.substring(dot);
    }

    /**
     * A thread pool's worker: ThreadPoolExecutor (java.util.concurrent's or Tomcat's copy: Tomcat's
     * http-nio-8080-exec-N), ForkJoinPool, Jetty's QueuedThreadPool (qtp&lt;hash&gt;-N) or jboss-threads'
     * EnhancedQueueExecutor (Undertow's and WildFly's XNIO-1 task-N). A Jetty pool thread that runs the server's own
     * machinery — an acceptor, a selector, a reserved thread waiting for a job the selector hands it — is not a worker:
     * Jetty takes those from the same pool for good, and they never run the queued jobs, so counting them would hide a
     * pool whose every other thread is held.
     */
    static boolean worker(DumpThread t) {
        boolean worker = false;
        boolean jetty = false;
        for (StackFrame f : t.frames()) {
            String c = f.className();
            if (f.method().equals("runWorker") && (c.equals("java.util.concurrent.ThreadPoolExecutor")
                    || c.equals("org.apache.tomcat.util.threads.ThreadPoolExecutor")
                    || c.equals("java.util.concurrent.ForkJoinPool"))
                    || c.equals("org.jboss.threads.EnhancedQueueExecutor$ThreadBody") && f.method().equals("run")) {
                worker = true;
            }
            if (c.startsWith("org.eclipse.jetty.util.thread.QueuedThreadPool") && (f.method().equals("run")
                    || f.method().equals("runJob"))) {
                worker = jetty = true;
            }
        }
        return worker && !(jetty && jettyMachinery(t));
    }

    /**
     * A Jetty pool thread running the server's machinery, no application code on its stack: an acceptor
     * (AbstractConnector$Acceptor), a selector (ManagedSelector's producer) or a reserved thread waiting for a job
     * (ReservedThreadExecutor$ReservedThread: reservedWait in Jetty 9.4, waitForTask since 10).
     */
    private static boolean jettyMachinery(DumpThread t) {
        boolean machinery = false;
        for (StackFrame f : t.frames()) {
            if (CodeLibrary.application(f)) return false;
            String c = f.className();
            machinery |= c.equals("org.eclipse.jetty.server.AbstractConnector$Acceptor")
                    || c.equals("org.eclipse.jetty.io.ManagedSelector$SelectorProducer")
                    || c.equals("org.eclipse.jetty.util.thread.ReservedThreadExecutor$ReservedThread")
                    && (f.method().equals("waitForTask") || f.method().equals("reservedWait"));
        }
        return machinery;
    }

    /**
     * A worker waiting for a task: in getTask (ThreadPoolExecutor, Tomcat's too), awaitWork (ForkJoinPool), Jetty's
     * idleJobPoll (QueuedThreadPool's job queue, a BlockingArrayQueue.poll below it), or parked straight from
     * EnhancedQueueExecutor$ThreadBody.run, which is how jboss-threads' workers wait for a task (nothing between the
     * park and the run loop but the executor's own PoolThreadNode.park).
     */
    static boolean idle(DumpThread t) {
        boolean parkedOnly = true;
        for (StackFrame f : t.frames()) {
            String c = f.className();
            String m = f.method();
            if (m.equals("getTask") && c.endsWith(".ThreadPoolExecutor")
                    || m.equals("awaitWork") && c.equals("java.util.concurrent.ForkJoinPool")
                    || m.equals("idleJobPoll") && c.startsWith("org.eclipse.jetty.util.thread.QueuedThreadPool")
                    || parkedOnly && c.equals("org.jboss.threads.EnhancedQueueExecutor$ThreadBody") && m.equals("run")) {
                return true;
            }
            parkedOnly &= c.equals("jdk.internal.misc.Unsafe") || c.equals("sun.misc.Unsafe")
                    || c.equals("java.util.concurrent.locks.LockSupport")
                    || c.equals("org.jboss.threads.EnhancedQueueExecutor$PoolThreadNode") && m.equals("park");
        }
        return false;
    }

    /**
     * The blocking call a thread is in, or null: the thread waits (not RUNNABLE, or RUNNABLE in a native method: a
     * socket read is RUNNABLE in read0), an application frame made the call, and the frames between say a known kind.
     * The wait frame is the call the application made (the frame just above its own), as it wrote it.
     */
    private static Call call(DumpThread t) {
        StackFrame top = t.top();
        if (top == null || t.state().equals("RUNNABLE") && !top.location().equals("Native Method")) return null;
        if (t.state().equals("BLOCKED")) return null; // a monitor: lock contention's business
        List<StackFrame> frames = t.frames();
        int app = -1;
        for (int i = 0; i < frames.size(); i++) {
            if (CodeLibrary.application(frames.get(i))) {
                app = i;
                break;
            }
        }
        if (app <= 0) return null;
        BlockingCall primitive = null;
        boolean http = false;
        boolean database = false;
        for (int i = 0; i < app; i++) {
            StackFrame f = frames.get(i);
            String c = f.className();
            String m = f.method();
            if (primitive == null) primitive = primitive(c, m);
            http |= HTTP_CLIENTS.stream().anyMatch(c::startsWith);
            database |= LibraryFamily.of(c + "." + m) == LibraryFamily.DATABASE;
        }
        if (primitive == null) return null;
        BlockingCall kind = primitive == BlockingCall.SLEEP ? primitive
                : http ? BlockingCall.HTTP_CALL : database ? BlockingCall.DATABASE_CALL : primitive;
        StackFrame called = frames.get(app - 1);
        StackFrame caller = frames.get(app);
        return new Call(kind, called.className() + "." + called.method(), caller.className() + "." + caller.method());
    }

    /** What a frame near the top says the thread waits in, or null. */
    private static BlockingCall primitive(String c, String m) {
        switch (c) {
            case "java.lang.Thread":
                return m.equals("sleep") || m.equals("sleep0") || m.equals("sleepNanos") || m.equals("sleepNanos0")
                        ? BlockingCall.SLEEP : null;
            case "sun.nio.ch.NioSocketImpl":
                return m.equals("connect") || m.equals("timedFinishConnect") ? BlockingCall.SOCKET_CONNECT
                        : m.equals("implRead") || m.equals("timedRead") || m.equals("read") ? BlockingCall.SOCKET_READ : null;
            case "sun.nio.ch.SocketChannelImpl":
                return m.equals("connect") || m.equals("finishConnect") || m.equals("finishTimedConnect")
                        ? BlockingCall.SOCKET_CONNECT : m.startsWith("read") ? BlockingCall.SOCKET_READ : null;
            case "java.net.SocketInputStream": // JDK 8 to 12
                return m.startsWith("socketRead") || m.equals("read") ? BlockingCall.SOCKET_READ : null;
            case "java.net.PlainSocketImpl", "java.net.AbstractPlainSocketImpl":
                return m.equals("socketConnect") || m.startsWith("connect") ? BlockingCall.SOCKET_CONNECT : null;
            case "java.net.Inet6AddressImpl", "java.net.Inet4AddressImpl":
                return m.startsWith("lookupAllHostAddr") ? BlockingCall.DNS_LOOKUP : null;
            default:
                break;
        }
        for (String[] w : PoolStarvation.RESULT_WAITS) {
            if (c.equals(w[0]) && m.equals(w[1])) return BlockingCall.RESULT_WAIT;
        }
        return null;
    }
}
