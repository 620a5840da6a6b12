package dev.brink.jfr.programs;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A back office that is mostly idle, the way a service between requests is, and parks almost all of its threads:
 * sixteen {@code job-worker-N} pool threads waiting for work in LinkedBlockingQueue.take, a scheduled executor's
 * {@code ticker-N} threads waiting for the next tick in its delay queue, a cached pool's threads waiting for a hand-off
 * in a SynchronousQueue, the common ForkJoinPool's workers idling, a dispatcher waiting on the futures it submitted
 * (FutureTask.get on a job that waits 25 ms for a back end, CompletableFuture.join), and a {@code shutdown-hook} thread awaiting a CountDownLatch for the whole
 * phase. One {@link ReentrantLock} guards a rate card that the jobs update, each for a few microseconds, a few hundred
 * times a second: taken, never queued on. None of this is lock contention.
 */
final class QuietBackOffice {
    static volatile long sink;
    private static final ReentrantLock RATES = new ReentrantLock();
    private static long rateCard;

    private QuietBackOffice() {
    }

    static void run(long deadline) throws Exception {
        ExecutorService jobs = Executors.newFixedThreadPool(16, named("job-worker-"));
        ScheduledExecutorService ticker = Executors.newScheduledThreadPool(2, named("ticker-"));
        ExecutorService handOff = Executors.newCachedThreadPool(named("hand-off-"));
        CountDownLatch closing = new CountDownLatch(1);
        Thread hook = new Thread(() -> {
            try {
                closing.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "shutdown-hook");
        hook.start();
        ticker.scheduleAtFixedRate(() -> updateRates(1), 0, 50, TimeUnit.MILLISECONDS);
        int n = 0;
        while (System.currentTimeMillis() < deadline) {
            int job = n++;
            // every eighth job waits on a slow back end first (25 ms, over the profile settings' 10 ms park threshold),
            // so the dispatcher's get() parks in FutureTask however idle the machine: on a quiet one a job of a few
            // microseconds was done before get() was called, and no FutureTask park was recorded
            Future<?> done = jobs.submit(job % 8 == 0 ? () -> slowBackEnd(job) : () -> updateRates(job));
            if (job % 8 == 0) {
                done.get();
                handOff.submit(() -> updateRates(-job)).get();
                sink += CompletableFuture.supplyAsync(() -> (long) job * 31).join();
            }
            Thread.sleep(4);
        }
        closing.countDown();
        hook.join();
        for (ExecutorService e : new ExecutorService[] {jobs, ticker, handOff}) {
            e.shutdown();
            e.awaitTermination(10, TimeUnit.SECONDS);
        }
    }

    private static void slowBackEnd(int job) {
        try {
            Thread.sleep(25);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        updateRates(job);
    }

    private static void updateRates(int job) {
        RATES.lock();
        try {
            rateCard = rateCard * 31 + job;
        } finally {
            RATES.unlock();
        }
    }

    private static ThreadFactory named(String prefix) {
        AtomicInteger n = new AtomicInteger();
        return r -> new Thread(r, prefix + n.incrementAndGet());
    }
}
