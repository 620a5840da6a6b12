package dev.brink.load;

/** One operation on the event loop: its place in the open schedule, its live counters (its encoding is the protocol's). */
public final class OpState {
    final int index;
    final String name;
    final double rps;
    final int checkStatus;
    final Counters live = new Counters();
    long scheduled; // requests taken from the open schedule in this step
    long dueInStep; // requests the open schedule owes in this step
    int sizeHint = 256;

    OpState(int index, Plan.Operation op) {
        this.index = index;
        this.name = op.name();
        this.rps = op.rps();
        this.checkStatus = op.check().status();
    }

    /** True when {@code status} passes the check; otherwise the caller counts http-NNN or check-failed. */
    boolean passes(int status) {
        return checkStatus == 0 ? status >= 200 && status < 400 : status == checkStatus;
    }
}
