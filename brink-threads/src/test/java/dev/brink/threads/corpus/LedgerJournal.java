package dev.brink.threads.corpus;

import java.util.concurrent.locks.ReentrantLock;

/** ReentrantLock contention: five journal writers park on one lock whose holder fsyncs (sleeps) under it. */
public final class LedgerJournal {
    static final ReentrantLock APPEND_LOCK = new ReentrantLock();

    static void append(String entry) throws InterruptedException {
        APPEND_LOCK.lock();
        try {
            Thread.sleep(500); // the slow fsync, under the lock
        } finally {
            APPEND_LOCK.unlock();
        }
    }

    public static void main(String[] args) throws Exception {
        for (int i = 0; i < 5; i++) {
            String e = "entry-" + i;
            Programs.start("journal-writer-" + i, () -> {
                while (true) append(e);
            });
        }
        Programs.await("journal-writer-", Thread.State.WAITING, 4);
        Programs.ready();
    }
}
