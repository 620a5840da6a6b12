package dev.brink.sample;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

/**
 * The fixed pool of {@code BookThread-N} workers that run the blocking part of each request (storage
 * call, request log). Its queue is bounded and a full queue rejects: the request answers 503, so the
 * service's capacity ends in errors, as in field report 000.
 */
@Component
public class BookThreads implements AutoCloseable {
    private final ThreadPoolExecutor pool;

    public BookThreads(@Value("${book.pool.size:8}") int size, @Value("${book.pool.queue:100}") int queue) {
        AtomicInteger n = new AtomicInteger();
        ThreadFactory names = r -> {
            Thread t = new Thread(r, "BookThread-" + n.getAndIncrement());
            t.setDaemon(true);
            return t;
        };
        this.pool = new ThreadPoolExecutor(size, size, 0, TimeUnit.MILLISECONDS,
                new ArrayBlockingQueue<>(queue), names, new ThreadPoolExecutor.AbortPolicy());
        pool.prestartAllCoreThreads(); // all BookThreads show in a thread dump from the start
    }

    public ThreadPoolExecutor executor() {
        return pool;
    }

    @Override
    public void close() {
        pool.shutdownNow();
    }
}
