package dev.brink.core.detail;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.util.List;

/**
 * {@code pool-starvation} from thread dumps (brink-threads): threads that cannot go on because a pool has nothing to give,
 * or a thread pool whose workers are all held in one blocking call.
 *
 * @param pool        the thread pool's name pattern ("report-worker-*"), or the resource pool ("HikariCP", "the Semaphore
 *                    taken in …")
 * @param workers     a thread pool's workers (all waiting); null for a resource pool
 * @param idleWorkers a thread pool's idle workers (0: none could run the queued tasks); null for a resource pool
 * @param waitFrame   the call they wait in ("java.util.concurrent.FutureTask.get", "com.zaxxer.hikari.pool.HikariPool.getConnection")
 * @param appFrame    the application method that waits (the first application frame below the wait)
 * @param holders     a resource pool's holders, at most five
 * @param dumpsSeen   in how many of the dumps it was seen
 * @param blockingCall a thread pool held by one blocking call: what kind of call; null for the other shapes
 * @param heldSeconds  a thread pool held by one blocking call: the wall time the dumps show the workers held in it, from
 *                     the first dump of the run to the last; null when the dumps carry no time
 * @param workerCpuMsPerS a thread pool held by one blocking call: the CPU a held worker used per second of that time
 *                        (the median of the held workers): 0 when one call that does not answer holds them, above 0
 *                        when they go from call to call of a downstream that answers slowly; null when the dumps
 *                        carry no CPU time
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record PoolStarvationDetail(String pool, PoolKind poolKind, Integer workers, Integer idleWorkers, int waiterCount,
                                   List<String> waiters, String waitFrame, String appFrame, List<Holder> holders, int dumpsSeen,
                                   int dumpsTotal, String advice, BlockingCall blockingCall,
                                   Double heldSeconds, Double workerCpuMsPerS) implements Detail {
    /** The shapes without a blocking call: a pool waiting on itself, a resource pool's queue. */
    public PoolStarvationDetail(String pool, PoolKind poolKind, Integer workers, Integer idleWorkers, int waiterCount,
                                List<String> waiters, String waitFrame, String appFrame, List<Holder> holders, int dumpsSeen,
                                int dumpsTotal, String advice) {
        this(pool, poolKind, workers, idleWorkers, waiterCount, waiters, waitFrame, appFrame, holders, dumpsSeen, dumpsTotal,
                advice, null, null, null);
    }

    /** A thread pool held by one blocking call, without the workers' CPU. */
    public PoolStarvationDetail(String pool, PoolKind poolKind, Integer workers, Integer idleWorkers, int waiterCount,
                                List<String> waiters, String waitFrame, String appFrame, List<Holder> holders, int dumpsSeen,
                                int dumpsTotal, String advice, BlockingCall blockingCall, Double heldSeconds) {
        this(pool, poolKind, workers, idleWorkers, waiterCount, waiters, waitFrame, appFrame, holders, dumpsSeen, dumpsTotal,
                advice, blockingCall, heldSeconds, null);
    }

    public PoolStarvationDetail {
        if (poolKind == null) throw new IllegalArgumentException("pool_kind: expected thread-pool, connection-pool, object-pool or semaphore");
        Ranges.atLeastZero("workers", workers);
        Ranges.atLeastZero("idle_workers", idleWorkers);
        Ranges.atLeastZero("waiter_count", waiterCount);
        Ranges.atLeastZero("held_seconds", heldSeconds);
        Ranges.atLeastZero("worker_cpu_ms_per_s", workerCpuMsPerS);
        if (dumpsSeen < 1 || dumpsSeen > dumpsTotal) {
            throw new IllegalArgumentException("dumps_seen: expected 1.." + dumpsTotal + " (dumps_total), got " + dumpsSeen);
        }
        waiters = waiters == null ? null : List.copyOf(waiters);
        holders = holders == null ? null : List.copyOf(holders);
    }

    /** A thread holding what the waiters wait for: its name, state, top frame and first application frame (null: none). */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record Holder(String thread, String state, String frame, String appFrame) {
    }
}
