package dev.brink.load.engine;

/**
 * A load over time as segments, each moving linearly from its start value to its end value over its seconds: a
 * constant step is one flat segment, a ramp one sloped segment, a plan's {@code stages} several, a spike a jump between
 * two flat ones. The value is a multiplier of the profile's rates (open model) or a number of users (closed model).
 *
 * <p>The open schedule needs the inverse of the load's integral: request k of an operation at {@code rps} per unit of
 * the value is due when the integral reaches k / rps ({@link #timeOfArea}); solved exactly per segment (a quadratic on a
 * ramp), so intended send times never drift and never depend on how often the loop ticks, whatever the shape: the
 * same coordinated-omission-free schedule a constant step has. Immutable; allocation-free after construction.
 */
public final class Shape {
    private final double[] from;
    private final double[] to;
    private final double[] seconds;
    /** The integral of the value from 0 to each segment's start (value × seconds), and to the end at [n]. */
    private final double[] areaAt;
    private final double[] startS;

    public Shape(double[] from, double[] to, double[] seconds) {
        int n = from.length;
        if (n == 0 || to.length != n || seconds.length != n) throw new IllegalArgumentException("one from, to and duration per segment");
        this.from = from.clone();
        this.to = to.clone();
        this.seconds = seconds.clone();
        this.areaAt = new double[n + 1];
        this.startS = new double[n + 1];
        for (int i = 0; i < n; i++) {
            if (!(from[i] >= 0 && to[i] >= 0 && seconds[i] > 0) || Double.isInfinite(from[i]) || Double.isInfinite(to[i])) {
                throw new IllegalArgumentException("values >= 0 and durations > 0");
            }
            areaAt[i + 1] = areaAt[i] + (from[i] + to[i]) / 2 * seconds[i];
            startS[i + 1] = startS[i] + seconds[i];
        }
    }

    /** One segment from {@code from} to {@code to} over {@code seconds}. */
    public static Shape linear(double from, double to, double seconds) {
        return new Shape(new double[] {from}, new double[] {to}, new double[] {seconds});
    }

    public double seconds() {
        return startS[from.length];
    }

    /** The integral of the value over the whole shape. */
    public double area() {
        return areaAt[from.length];
    }

    /** The value at {@code t} seconds from the start (the last segment's end value after it). */
    public double valueAt(double t) {
        int n = from.length;
        for (int i = 0; i < n; i++) {
            if (t < startS[i + 1]) {
                double x = Math.max(0, t - startS[i]) / seconds[i];
                return from[i] + (to[i] - from[i]) * x;
            }
        }
        return to[n - 1];
    }

    /** The integral of the value from 0 to {@code t} seconds. */
    public double areaTo(double t) {
        int n = from.length;
        for (int i = 0; i < n; i++) {
            if (t < startS[i + 1]) {
                double x = Math.max(0, t - startS[i]);
                return areaAt[i] + from[i] * x + (to[i] - from[i]) / (2 * seconds[i]) * x * x;
            }
        }
        return areaAt[n];
    }

    /** The mean value between {@code t0} and {@code t1} seconds. */
    public double mean(double t0, double t1) {
        return t1 <= t0 ? valueAt(t0) : (areaTo(t1) - areaTo(t0)) / (t1 - t0);
    }

    /**
     * The time, in seconds from the start, at which the integral reaches {@code area}: where request k of an operation at
     * {@code rps} per unit is due for {@code area} = k / rps. Segments with nothing to send (a value of 0) are passed over.
     */
    public double timeOfArea(double area) {
        int n = from.length;
        int i = 0;
        while (i < n - 1 && area >= areaAt[i + 1]) i++;
        double local = area - areaAt[i];
        double a = (to[i] - from[i]) / (2 * seconds[i]); // area within the segment: a x² + b x
        double b = from[i];
        double x = Math.abs(a) < 1e-12 ? (b == 0 ? seconds[i] : local / b) : (-b + Math.sqrt(Math.max(0, b * b + 4 * a * local))) / (2 * a);
        return startS[i] + x;
    }
}
