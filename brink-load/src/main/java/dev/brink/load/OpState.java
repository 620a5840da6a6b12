package dev.brink.load;

/** One operation on the event loop: its encoder, its place in the open schedule, its live counters. */
final class OpState {
    final int index;
    final String name;
    final double rps;
    final int checkStatus;
    final RequestEncoder encoder;
    final Counters live = new Counters();
    long scheduled; // requests taken from the open schedule in this step
    long dueInStep; // requests the open schedule owes in this step
    int sizeHint = 256;

    OpState(int index, Plan.Operation op, RequestEncoder encoder) {
        this.index = index;
        this.name = op.name();
        this.rps = op.rps();
        this.checkStatus = op.check().status();
        this.encoder = encoder;
    }

    /** True when {@code status} passes the check; otherwise the caller counts http-NNN or check-failed. */
    boolean passes(int status) {
        return checkStatus == 0 ? status >= 200 && status < 400 : status == checkStatus;
    }
}
