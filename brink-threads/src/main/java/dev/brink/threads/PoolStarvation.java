package dev.brink.threads;

import dev.brink.core.Finding;
import dev.brink.core.FindingKind;
import dev.brink.core.LibraryFamily;
import dev.brink.core.Severity;
import dev.brink.core.ThreadPools;
import dev.brink.core.detail.Detail;
import dev.brink.core.detail.PoolKind;
import dev.brink.core.detail.PoolStarvationDetail;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Threads that cannot go on because a pool has nothing to give them, from thread dumps:
 * <ul>
 *   <li><b>A thread pool waiting on itself.</b> Every worker of one ThreadPoolExecutor (its threads, named as one
 *   pool: "report-worker-*") is parked waiting for a result — Future.get, CompletableFuture.get/join, a
 *   CountDownLatch, a Phaser — inside a task it runs, and no worker is idle (parked in getTask) nor doing anything
 *   else. The pool runs its queue only when a worker is free, so if the awaited results are tasks queued to the
 *   same pool (the usual cause: a task that fans out to its own executor and waits), none can ever run: a deadlock
 *   that no lock graph shows, because a FutureTask has no owner. A dump cannot show which executor a future belongs
 *   to, so the same workers must still wait on the same futures {@link #STUCK_DUMPS} dumps in a row: then it is
 *   critical (a pool that waits on another executor's work moves on between dumps).</li>
 *   <li><b>Threads queued on a resource pool.</b> Two or more threads parked borrowing from one pool — HikariCP's
 *   getConnection, commons-pool2's borrowObject (DBCP2, Jedis), Tomcat JDBC's borrowConnection, c3p0, Apache
 *   HttpClient's connection pools, a Semaphore taken by application code — in one dump, or in two dumps. The
 *   holders are the threads that passed the same code (the waiters' application frame on their stack) or, for a
 *   connection pool, that are inside the database driver: their frames say why the resource is held so long. Five
 *   waiters or more is critical, as for a lock ({@link FindingWriter#CRITICAL_WAITERS}).</li>
 * </ul>
 * Stateless; O(threads × frames) per dump.
 */
final class PoolStarvation {
    /** A borrow from a resource pool: the frame that shows it, and the pool it names. */
    private record Borrow(String className, String method, String pool, PoolKind poolKind) {
    }

    private static final List<Borrow> BORROWS = List.of(
            new Borrow("com.zaxxer.hikari.pool.HikariPool", "getConnection", "HikariCP", PoolKind.CONNECTION_POOL),
            new Borrow("org.apache.tomcat.jdbc.pool.ConnectionPool", "borrowConnection", "Tomcat JDBC pool", PoolKind.CONNECTION_POOL),
            new Borrow("com.mchange.v2.resourcepool.BasicResourcePool", "checkoutResource", "c3p0", PoolKind.CONNECTION_POOL),
            new Borrow("org.apache.commons.dbcp2.PoolingDataSource", "getConnection", "DBCP2", PoolKind.CONNECTION_POOL),
            new Borrow("org.apache.commons.pool2.impl.GenericObjectPool", "borrowObject", "commons-pool2", PoolKind.OBJECT_POOL),
            new Borrow("org.apache.commons.pool2.impl.GenericKeyedObjectPool", "borrowObject", "commons-pool2", PoolKind.OBJECT_POOL),
            new Borrow("org.apache.http.pool.AbstractConnPool", "getPoolEntryBlocking", "Apache HttpClient pool", PoolKind.CONNECTION_POOL),
            new Borrow("org.apache.hc.core5.pool.StrictConnPool", "lease", "Apache HttpClient 5 pool", PoolKind.CONNECTION_POOL),
            new Borrow("org.apache.hc.core5.pool.LaxConnPool", "lease", "Apache HttpClient 5 pool", PoolKind.CONNECTION_POOL),
            new Borrow("java.util.concurrent.Semaphore", "acquire", "Semaphore", PoolKind.SEMAPHORE),
            new Borrow("java.util.concurrent.Semaphore", "tryAcquire", "Semaphore", PoolKind.SEMAPHORE));

    /** Calls that wait for another task's result. */
    static final String[][] RESULT_WAITS = {
        {"java.util.concurrent.FutureTask", "get"}, {"java.util.concurrent.FutureTask", "awaitDone"},
        {"java.util.concurrent.CompletableFuture", "get"}, {"java.util.concurrent.CompletableFuture", "join"},
        {"java.util.concurrent.CompletableFuture", "waitingGet"}, {"java.util.concurrent.CompletableFuture", "timedGet"},
        {"java.util.concurrent.CountDownLatch", "await"}, {"java.util.concurrent.Phaser", "awaitAdvance"},
        {"java.util.concurrent.CyclicBarrier", "await"}, {"java.util.concurrent.ExecutorCompletionService", "take"},
    };

    /**
     * Dumps in a row that must show every worker of a pool waiting on the same objects. One dump cannot tell a pool
     * waiting on its own queue from one whose workers all wait, for a moment, on another executor's work (a fan-out
     * under load looks the same); the same workers still waiting on the same futures a dump later can.
     */
    static final int STUCK_DUMPS = 2;

    private PoolStarvation() {
    }

    static List<Finding> find(List<ThreadDump> dumps, List<String> evidence) {
        List<Finding> out = new ArrayList<>();
        selfStarved(dumps, evidence, out);
        Set<String> waitingOnThemselves = new LinkedHashSet<>();
        out.forEach(f -> waitingOnThemselves.add(f.subject()));
        out.addAll(BlockedPools.find(dumps, waitingOnThemselves, evidence));
        resourceQueues(dumps, evidence, out);
        return out;
    }

    private static boolean worker(DumpThread t) {
        return t.frames().stream().anyMatch(f -> f.className().equals("java.util.concurrent.ThreadPoolExecutor")
                && f.method().equals("runWorker"));
    }

    private static boolean idle(DumpThread t) {
        return t.frames().stream().anyMatch(f -> f.className().equals("java.util.concurrent.ThreadPoolExecutor")
                && f.method().equals("getTask"));
    }

    private static boolean parked(DumpThread t) {
        return t.state().equals("WAITING") || t.state().equals("TIMED_WAITING");
    }

    /** The call that waits for a result, as the application made it (FutureTask.get, not its awaitDone), or null. */
    private static StackFrame resultWait(DumpThread t) {
        StackFrame found = null;
        for (StackFrame f : t.frames()) {
            if (found != null && CodeLibrary.application(f)) {
                return found;
            }
            for (String[] w : RESULT_WAITS) {
                if (f.className().equals(w[0]) && f.method().equals(w[1])) {
                    found = f;
                }
            }
        }
        return found;
    }

    /** The first application frame below {@code from} (exclusive), or null. */
    private static StackFrame appFrameBelow(DumpThread t, StackFrame from) {
        boolean past = from == null;
        for (StackFrame f : t.frames()) {
            if (past && CodeLibrary.application(f)) {
                return f;
            }
            past |= f == from;
        }
        return null;
    }

    private static void selfStarved(List<ThreadDump> dumps, List<String> evidence, List<Finding> out) {
        // per pool: how many dumps in a row showed every worker waiting on the very same objects, and the last of them
        Map<String, Set<String>> previous = new LinkedHashMap<>();
        Map<String, Integer> run = new LinkedHashMap<>();
        Map<String, Integer> seen = new LinkedHashMap<>();
        Map<String, List<DumpThread>> last = new LinkedHashMap<>();
        for (ThreadDump d : dumps) {
            Map<String, List<DumpThread>> pools = new LinkedHashMap<>();
            for (DumpThread t : d.threads()) {
                if (worker(t)) {
                    pools.computeIfAbsent(ThreadPools.pattern(t.name()), k -> new ArrayList<>()).add(t);
                }
            }
            Map<String, Set<String>> now = new LinkedHashMap<>();
            for (Map.Entry<String, List<DumpThread>> p : pools.entrySet()) {
                boolean allWait = p.getValue().stream().allMatch(t -> parked(t) && !idle(t) && resultWait(t) != null
                        && t.waitingOn() != null);
                if (!allWait) {
                    continue;
                }
                Set<String> waits = new LinkedHashSet<>();
                p.getValue().forEach(t -> waits.add(stillWaiting(t)));
                now.put(p.getKey(), waits);
                int r = waits.equals(previous.get(p.getKey())) ? run.getOrDefault(p.getKey(), 1) + 1 : 1;
                run.put(p.getKey(), r);
                seen.merge(p.getKey(), r, Math::max);
                if (r >= STUCK_DUMPS) {
                    last.put(p.getKey(), p.getValue());
                }
            }
            previous = now;
        }
        for (Map.Entry<String, List<DumpThread>> p : last.entrySet()) {
            List<DumpThread> workers = p.getValue();
            StackFrame wait = resultWait(workers.get(0));
            Map<String, Integer> where = new LinkedHashMap<>();
            for (DumpThread t : workers) {
                StackFrame app = appFrameBelow(t, resultWait(t));
                where.merge(app == null ? "(no application frame)" : app.className() + "." + app.method(), 1, Integer::sum);
            }
            String at = where.entrySet().stream().max(Map.Entry.comparingByValue()).get().getKey();
            int dumpsSeen = seen.get(p.getKey());
            Map<String, Object> d = Detail.map(new PoolStarvationDetail(p.getKey(), PoolKind.THREAD_POOL, workers.size(), 0, workers.size(),
                    workers.stream().map(DumpThread::name).toList(), wait.className() + "." + wait.method(), at, null, dumpsSeen,
                    dumps.size(), "a task must not wait for tasks it submits to its own pool: submit them to another executor,"
                    + " compose the results (CompletableFuture.thenCombine / allOf ... thenApply) instead of blocking in get(),"
                    + " or use a ForkJoinPool, whose join() runs queued tasks while it waits"));
            out.add(new Finding(FindingKind.POOL_STARVATION, Severity.CRITICAL,
                    String.format("All %d threads of %s wait for results (%s in %s) and none is idle, on the same futures"
                                    + " in %d dumps in a row: tasks queued to this pool cannot run — a pool waiting on itself",
                            workers.size(), p.getKey(), LockRef.simpleName(wait.className()) + "." + wait.method(), at,
                            dumpsSeen), p.getKey(), evidence, d));
        }
    }

    /**
     * What must be the same in the next dump for a worker to be still waiting on the same futures. Not the future's
     * address alone: a dump prints where the object is now, and a young collection between two dumps moves a fresh
     * FutureTask to a survivor region (seen on a loaded machine: a 64 MB JVM whose other pools allocate collected
     * between dumps 300 ms apart, and a pool stuck for good was missed). A thread whose CPU time has not advanced and
     * whose stack waits at the same call has not run a single task since the last dump; where the dump has no CPU
     * time (JDK 8 jstack), the address is all there is.
     */
    private static String stillWaiting(DumpThread t) {
        StackFrame wait = resultWait(t);
        String at = t.key() + " in " + wait + " from " + appFrameBelow(t, wait);
        return t.cpuMs() >= 0 ? at + " cpu " + t.cpuMs() + " ms" : at + " on " + t.waitingOn().identity();
    }

    /** The borrow a parked thread is in, or null. */
    private static Borrow borrow(DumpThread t) {
        if (!parked(t)) {
            return null;
        }
        List<StackFrame> frames = t.frames();
        for (int i = 0; i < frames.size(); i++) {
            StackFrame f = frames.get(i);
            for (Borrow b : BORROWS) {
                if (f.className().equals(b.className()) && f.method().equals(b.method())) {
                    return b.poolKind() == PoolKind.SEMAPHORE && handOff(frames, i) ? null : b;
                }
            }
        }
        return null;
    }

    /**
     * True when a Semaphore's acquire is a library handing work between its own threads, not a resource rationed: the
     * first frame below it that is not the JDK's is Jetty's reserved thread (ReservedThreadExecutor$ReservedThread,
     * Jetty 9.4 to 12), which waits in Semaphore.tryAcquire for a job the selector hands it — one or more at every
     * instant of a healthy Jetty server. A Semaphore the application or a bulkhead library takes still rations.
     */
    static boolean handOff(List<StackFrame> frames, int semaphoreFrame) {
        for (int i = semaphoreFrame + 1; i < frames.size(); i++) {
            if (!frames.get(i).jdk()) {
                return frames.get(i).className().equals("org.eclipse.jetty.util.thread.ReservedThreadExecutor$ReservedThread");
            }
        }
        return false;
    }

    private static StackFrame borrowFrame(DumpThread t, Borrow b) {
        for (StackFrame f : t.frames()) {
            if (f.className().equals(b.className()) && f.method().equals(b.method())) {
                return f;
            }
        }
        return null;
    }

    private static void resourceQueues(List<ThreadDump> dumps, List<String> evidence, List<Finding> out) {
        record Queue(Borrow borrow, String key, List<DumpThread> waiters, List<DumpThread> holders, ThreadDump dump) {
        }
        Map<String, Queue> best = new LinkedHashMap<>();
        Map<String, Integer> seen = new LinkedHashMap<>();
        for (ThreadDump d : dumps) {
            Map<String, List<DumpThread>> byPool = new LinkedHashMap<>();
            Map<String, Borrow> borrows = new LinkedHashMap<>();
            for (DumpThread t : d.threads()) {
                Borrow b = borrow(t);
                if (b == null) {
                    continue;
                }
                // a library's pool by its kind; an application's Semaphore by the code that takes it, not by its
                // address: a dump prints where the object is now, and a collection between two dumps moves it (seen:
                // one Semaphore reported as three pools "in 1 of 3 dumps" after a collection between each two dumps).
                // Two Semaphores taken at one call site count as one pool — the place a user would change.
                String key = b.pool();
                if (b.poolKind() == PoolKind.SEMAPHORE) {
                    StackFrame app = appFrameBelow(t, borrowFrame(t, b));
                    key += app == null ? "" : " taken in " + app.className() + "." + app.method();
                }
                byPool.computeIfAbsent(key, k -> new ArrayList<>()).add(t);
                borrows.put(key, b);
            }
            for (Map.Entry<String, List<DumpThread>> e : byPool.entrySet()) {
                seen.merge(e.getKey(), 1, Integer::sum);
                Queue prev = best.get(e.getKey());
                if (prev == null || e.getValue().size() > prev.waiters().size()) {
                    Borrow b = borrows.get(e.getKey());
                    best.put(e.getKey(), new Queue(b, e.getKey(), e.getValue(), holders(d, e.getValue(), b), d));
                }
            }
        }
        for (Queue q : best.values()) {
            int dumpsSeen = seen.get(q.key());
            if (q.waiters().size() < 2 && dumpsSeen < 2) {
                continue;
            }
            DumpThread first = q.waiters().get(0);
            StackFrame app = appFrameBelow(first, borrowFrame(first, q.borrow()));
            String at = app == null ? null : app.className() + "." + app.method();
            String pool = q.borrow().poolKind() == PoolKind.SEMAPHORE && at != null
                    ? "the Semaphore taken in " + at : q.borrow().pool();
            List<PoolStarvationDetail.Holder> holders = new ArrayList<>();
            for (DumpThread h : q.holders().subList(0, Math.min(5, q.holders().size()))) {
                StackFrame hf = appFrameBelow(h, null);
                holders.add(new PoolStarvationDetail.Holder(h.name(), h.state(), String.valueOf(h.top()), hf == null ? null : hf.toString()));
            }
            Map<String, Object> d = Detail.map(new PoolStarvationDetail(pool, q.borrow().poolKind(), null, null, q.waiters().size(),
                    q.waiters().stream().map(DumpThread::name).toList(), q.borrow().className() + "." + q.borrow().method(), at, holders,
                    dumpsSeen, dumps.size(), "more threads need the pool than it has to give: look at what the holders do while they"
                    + " hold it (a slow query, a remote call inside a transaction) and shorten it, or size the pool to the"
                    + " concurrency its resource can serve; more threads than the pool has only queue"));
            Severity sev = q.waiters().size() >= FindingWriter.CRITICAL_WAITERS ? Severity.CRITICAL : Severity.WARNING;
            String holderText = q.holders().isEmpty() ? "" : "; held by " + q.holders().size() + " threads, "
                    + q.holders().get(0).name() + " at " + describe(q.holders().get(0));
            out.add(new Finding(FindingKind.POOL_STARVATION, sev, String.format("%d threads queued to borrow from %s%s%s%s",
                    q.waiters().size(), pool, at == null || pool.contains(at) ? "" : " (in " + at + ")", holderText,
                    dumps.size() > 1 ? " — in " + dumpsSeen + " of " + dumps.size() + " dumps" : ""), pool, evidence, d));
        }
    }

    private static String describe(DumpThread t) {
        StackFrame app = appFrameBelow(t, null);
        StackFrame top = t.top();
        if (app == null || app.equals(top)) {
            return String.valueOf(top == null ? "?" : top.shortForm());
        }
        return top.shortForm() + " in " + app.shortForm();
    }

    /**
     * Threads of the dump that hold what the waiters wait for: not borrowing themselves, and either past the waiters'
     * own code (the application method that called the borrowing one is on the holder's stack) or, for a connection
     * pool, inside the database driver; of the waiters' own thread group when any of those hold.
     */
    private static List<DumpThread> holders(ThreadDump d, List<DumpThread> waiters, Borrow b) {
        Set<String> waiterNames = new LinkedHashSet<>();
        waiters.forEach(w -> waiterNames.add(w.key()));
        DumpThread first = waiters.get(0);
        // the code that borrowed, one call out: a holder came through it and went on to use what it got
        StackFrame borrower = appFrameBelow(first, borrowFrame(first, b));
        StackFrame caller = borrower == null ? null : appFrameBelow(first, borrower);
        StackFrame app = caller != null ? caller : borrower;
        List<DumpThread> out = new ArrayList<>();
        for (DumpThread t : d.threads()) {
            if (waiterNames.contains(t.key()) || borrow(t) != null) {
                continue;
            }
            boolean sameCode = app != null && t.frames().stream().anyMatch(f -> f.className().equals(app.className())
                    && f.method().equals(app.method()));
            boolean inDriver = b.poolKind().equals(PoolKind.CONNECTION_POOL) && t.frames().stream().anyMatch(
                    f -> LibraryFamily.of(f.className() + "." + f.method()) == LibraryFamily.DATABASE
                            && !f.className().startsWith("com.zaxxer.hikari.") && !f.className().startsWith("org.apache.commons."));
            if (sameCode || inDriver) {
                out.add(t);
            }
        }
        // the same code may serve another pool (two desks, two data sources): threads of the waiters' own group, when
        // some hold, are the ones that hold this pool
        Set<String> groups = new LinkedHashSet<>();
        waiters.forEach(w -> groups.add(ThreadPools.pattern(w.name())));
        List<DumpThread> sameGroup = out.stream().filter(t -> groups.contains(ThreadPools.pattern(t.name()))).toList();
        return sameGroup.isEmpty() ? out : sameGroup;
    }
}
