package dev.brink.load.engine;

import java.util.SplittableRandom;

/**
 * Per-request values shared by every template of one request: the sequence number and the CSV row, so a
 * path and a body that both say {@code ${seq}} or {@code ${csv.id}} get the same value. Single-threaded:
 * one instance per event loop, reset by {@link #next} before each request is encoded.
 */
public final class RequestContext {
    final SplittableRandom random;
    final CsvFeeder feeder;
    long seq;
    /** The user whose request this is, from 0 (-1: none, an open model without flows); set by the loop. */
    int user = -1;
    /** That user's request number from 1, its flow run number from 1, and the run's number among all users' flow runs. */
    long userSeq;
    long userFlow;
    long flowTicket;
    public byte[][] row;
    /** Bit i set: column i of {@link #row} cannot go into a path / a header value (see {@link Template.Field}). */
    public long unsafeInPath;
    public long unsafeInHeader;
    /** The user whose request is being encoded, or null when the plan keeps no sessions. Set by the loop. */
    public Session session;

    public RequestContext(long seed, CsvFeeder feeder) {
        this.random = new SplittableRandom(seed);
        this.feeder = feeder;
    }

    /** The CSV row of this request (null without data), columns in the plan's data order. */
    public byte[][] row() {
        return row;
    }

    public void next() {
        seq++;
        // without a user, each request is its own user's only request of its own flow run (the loop sets better ones)
        user = -1;
        userSeq = seq;
        userFlow = seq;
        flowTicket = seq;
        if (feeder == null) return;
        int i = feeder.next(random);
        row = feeder.row(i);
        unsafeInPath = feeder.unsafe(i, Template.Field.PATH);
        unsafeInHeader = feeder.unsafe(i, Template.Field.HEADER);
    }
}
