package dev.brink.sample;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** A full BookThread queue answers 503 at once: capacity ends in errors, never in hangs. */
class PoolSaturationTest {
    @Test
    void aBurstBeyondPoolAndQueueGets503sAndEveryRequestEnds() throws Exception {
        try (SampleProcess sample = SampleProcess.start("--book.pool.size=2", "--book.pool.queue=2",
                "--book.storage.latency-ms=200")) {
            int burst = 40;
            ExecutorService clients = Executors.newFixedThreadPool(burst);
            try {
                List<Future<Integer>> codes = new ArrayList<>();
                for (int i = 0; i < burst; i++) {
                    int id = 1 + i;
                    codes.add(clients.submit(() -> sample.get("/books/" + id).statusCode()));
                }
                int ok = 0;
                int unavailable = 0;
                for (Future<Integer> f : codes) {
                    int code = f.get(60, TimeUnit.SECONDS); // a hang fails here
                    if (code == 200) ok++;
                    else if (code == 503) unavailable++;
                }
                assertThat(unavailable).as("503 answers").isGreaterThan(0);
                assertThat(ok).as("200 answers").isGreaterThan(0);
                assertThat(ok + unavailable).as("only 200 and 503").isEqualTo(burst);
            } finally {
                clients.shutdownNow();
            }
            HttpAfterBurst.assertServes(sample);
        }
    }

    /** After the burst the service recovers: the queue drains and requests succeed again. */
    static final class HttpAfterBurst {
        static void assertServes(SampleProcess sample) throws Exception {
            assertThat(sample.get("/books/1").statusCode()).isEqualTo(200);
        }
    }
}
