package dev.brink.sample;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * logging.contention.enabled: under concurrent load the BookThreads queue on the synchronous Log4j2
 * appender's manager monitor. Seen as field report 000 saw it: BLOCKED threads in jcmd Thread.print.
 */
class LogContentionDefectTest {
    /** A BookThread BLOCKED waiting for the Log4j2 appender's OutputStreamManager monitor. */
    private static final Pattern BLOCKED_ON_MANAGER = Pattern.compile(
            "\"BookThread-\\d+\"[^\\n]*\\n\\s+java\\.lang\\.Thread\\.State: BLOCKED \\(on object monitor\\)\\n"
                    + "(?:\\s+at [^\\n]+\\n)*?\\s+- waiting to lock <0x[0-9a-f]+> \\(a org\\.apache\\.logging\\.log4j\\.core\\.appender\\.OutputStreamManager\\)");

    @Test
    void mostThreadDumpsUnderLoadShowABookThreadBlockedOnTheAppenderManager() throws Exception {
        assertThat(blockedDumps("--logging.contention.enabled=true")).as("dumps of 10 with a BLOCKED BookThread").isGreaterThanOrEqualTo(6);
    }

    @Test
    void theBufferedDefaultDoesNotBlockTheSameWay() throws Exception {
        assertThat(blockedDumps()).as("dumps of 10 with a BLOCKED BookThread").isLessThanOrEqualTo(3);
    }

    private static int blockedDumps(String... extra) throws Exception {
        String[] args = new String[extra.length + 3];
        args[0] = "--book.pool.size=16";
        args[1] = "--book.pool.queue=1000";
        args[2] = "--book.storage.latency-ms=3";
        System.arraycopy(extra, 0, args, 3, extra.length);
        try (SampleProcess sample = SampleProcess.start(args)) {
            AtomicBoolean running = new AtomicBoolean(true);
            AtomicInteger answered = new AtomicInteger();
            int clients = 24;
            ExecutorService load = Executors.newFixedThreadPool(clients);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60); // the load is bounded in time
            for (int c = 0; c < clients; c++) {
                int first = c;
                load.submit(() -> {
                    int i = first;
                    while (running.get() && System.nanoTime() < deadline) {
                        sample.get("/books/" + (1 + i++ % 1000));
                        answered.incrementAndGet();
                    }
                    return null;
                });
            }
            try {
                // the dumps start once every client has had answers, however slowly this machine warmed up
                await().atMost(Duration.ofSeconds(30)).until(() -> answered.get() >= 10 * clients);
                int blocked = 0;
                for (int d = 0; d < 10; d++) {
                    if (BLOCKED_ON_MANAGER.matcher(sample.jcmd("Thread.print")).find()) {
                        blocked++;
                    }
                    Thread.sleep(200);
                }
                return blocked;
            } finally {
                running.set(false);
                load.shutdown();
                load.awaitTermination(30, TimeUnit.SECONDS);
            }
        }
    }
}
