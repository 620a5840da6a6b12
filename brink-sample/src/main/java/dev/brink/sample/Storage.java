package dev.brink.sample;

import java.util.concurrent.ThreadLocalRandom;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

/** Stands in for a database call: blocks the calling BookThread for a few milliseconds. */
@Component
public class Storage {
    private final long latencyMicros;

    public Storage(@Value("${book.storage.latency-ms:3}") double latencyMs) {
        this.latencyMicros = (long) (latencyMs * 1000);
    }

    public void call() {
        if (latencyMicros <= 0) {
            return;
        }
        // ±25 % jitter, as a real store has
        long micros = latencyMicros * 3 / 4 + ThreadLocalRandom.current().nextLong(latencyMicros / 2 + 1);
        try {
            Thread.sleep(micros / 1000, (int) (micros % 1000) * 1000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
