package dev.brink.load;

import java.util.SplittableRandom;

/**
 * Per-request values shared by every template of one request: the sequence number and the CSV row, so a
 * path and a body that both say {@code ${seq}} or {@code ${csv.id}} get the same value. Single-threaded:
 * one instance per event loop, reset by {@link #next} before each request is encoded.
 */
final class RequestContext {
    final SplittableRandom random;
    final CsvFeeder feeder;
    long seq;
    byte[][] row;

    RequestContext(long seed, CsvFeeder feeder) {
        this.random = new SplittableRandom(seed);
        this.feeder = feeder;
    }

    void next() {
        seq++;
        row = feeder == null ? null : feeder.next(random);
    }
}
