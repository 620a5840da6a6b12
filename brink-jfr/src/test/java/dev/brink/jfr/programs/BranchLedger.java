package dev.brink.jfr.programs;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A branch's ledger that every teller posts to under one {@link ReentrantLock}, held while the ledger re-balances
 * (CPU work inside the lock, as a reconciliation or a checksum over the journal would be). The hold is measured in
 * the holder's CPU time, {@link #HOLD_CPU_NS}, so that eight tellers queue the same way on a fast or a slow machine:
 * each waits for about seven holds, tens of milliseconds, above any recording's locking threshold.
 */
final class BranchLedger {
    static final long HOLD_CPU_NS = 4_000_000;
    private static final ThreadMXBean CPU = ManagementFactory.getThreadMXBean();
    private final ReentrantLock lock = new ReentrantLock();
    private final long[] balances = new long[4096];
    private long checksum;

    void post(int account, long cents) {
        lock.lock();
        try {
            balances[account & (balances.length - 1)] += cents;
            rebalance();
        } finally {
            lock.unlock();
        }
    }

    private void rebalance() {
        long until = CPU.getCurrentThreadCpuTime() + HOLD_CPU_NS;
        do {
            for (int i = 0; i < balances.length; i++) {
                checksum = checksum * 31 + balances[i];
            }
        } while (CPU.getCurrentThreadCpuTime() < until);
    }
}
