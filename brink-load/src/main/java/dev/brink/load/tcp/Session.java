package dev.brink.load.tcp;

/**
 * The state of one device's session (one TCP connection): its variables' current values, which packet of the
 * lifecycle comes next, and the CSV row it was bound to at login. Allocated once per session, never per
 * packet; event-loop confined.
 */
public final class Session {
    final double[] values;
    /** Packets sent so far in this session (0 before login). */
    long sent;
    /** Index of this session among all the protocol's sessions (0-based): a device number without CSV. */
    long number;
    long startEpochMs;
    byte[][] row;
    private long random;

    public Session(int variables) {
        this.values = new double[variables];
    }

    /** The current value of variable {@code slot} (tests and checks read it; packets write it). */
    public double value(int slot) {
        return values[slot];
    }

    void seed(long seed) {
        random = seed == 0 ? 0x9E3779B97F4A7C15L : seed;
    }

    /** Uniform in [0, 1): xorshift64*, enough for plausible telemetry, and free of allocation and locks. */
    double nextUnit() {
        long x = random;
        x ^= x >>> 12;
        x ^= x << 25;
        x ^= x >>> 27;
        random = x;
        return ((x * 0x2545F4914F6CDD1DL) >>> 11) * 0x1.0p-53;
    }
}
