package dev.brink.threads.child;

import java.util.concurrent.Semaphore;

/**
 * A connection pool written in the application: a Semaphore of as many permits as connections. {@link #runQuery}
 * holds a connection for a slow query.
 */
final class ConnectionDesk {
    private final Semaphore connections;

    ConnectionDesk(int size) {
        connections = new Semaphore(size, true);
    }

    void withConnection(long queryMs) throws InterruptedException {
        borrow();
        try {
            runQuery(queryMs);
        } finally {
            connections.release();
        }
    }

    private void borrow() throws InterruptedException {
        connections.acquire();
    }

    private void runQuery(long ms) throws InterruptedException {
        Thread.sleep(ms); // the database's time
    }
}
