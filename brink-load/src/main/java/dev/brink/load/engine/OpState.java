package dev.brink.load.engine;

import dev.brink.load.plan.Plan;
import dev.brink.load.plan.ThinkTime;

/** One operation on the event loop: its place in the open schedule, its live counters (its encoding is the protocol's). */
public final class OpState {
    public final int index;
    public final String name;
    final double rps;
    public final int checkStatus;
    /** By status code: passes the check (a lookup, so a list or range of statuses costs nothing per response). */
    private final boolean[] passing = new boolean[600];
    public final Counters live = new Counters();
    long scheduled; // requests taken from the open schedule in this step
    long dueInStep; // requests the open schedule owes in this step
    public int sizeHint = 256;
    /** What this operation takes from its response into the user's session (see {@link Session#absorb}). */
    public final dev.brink.load.flow.Extractor[] extractors;
    /** Checks on the response's content (body, header, JSON); each makes the operation capture its responses. */
    public final dev.brink.load.flow.ContentCheck[] contentChecks;
    /**
     * True when its responses are copied for the session: it extracts, or the plan keeps sessions (cookies).
     * False for every operation of a plan without flows or extraction: their path stays as it was, allocation-free.
     */
    public boolean captures;
    /** Redirects followed, at most (0: a 3xx is the answer); see {@link dev.brink.load.http.Http1Link}. */
    public final int followRedirects;
    /** The think time after this operation's answer when its step sets one, else null (the plan's). */
    final ThinkTime think;

    public OpState(int index, Plan.Operation op) {
        this.index = index;
        this.name = op.name();
        this.rps = op.rps();
        this.checkStatus = op.check().status();
        this.followRedirects = op.request().followRedirects();
        this.think = op.think();
        for (int st = 0; st < passing.length; st++) passing[st] = op.check().passes(st);
        this.contentChecks = op.check().content().stream().map(dev.brink.load.flow.ContentCheck::new)
                .toArray(dev.brink.load.flow.ContentCheck[]::new);
        this.extractors = op.extract().stream().map(dev.brink.load.flow.Extractor::new).toArray(dev.brink.load.flow.Extractor[]::new);
    }

    /** True when {@code status} passes the check; otherwise the caller counts http-NNN or check-failed. */
    public boolean passes(int status) {
        return status >= 0 && status < passing.length && passing[status];
    }
}
