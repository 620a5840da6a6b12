package dev.brink.bench;

import java.util.Map;

/**
 * JMH's score units: "ops/ms" (throughput), "ms/op" (time), "B/op" (gc.alloc.rate.norm). Two files of the same
 * benchmark can use different time units (the user changed @OutputTimeUnit or passed -tu), so time units convert.
 */
final class Units {
    private static final Map<String, Double> SECONDS = Map.of(
            "ns", 1e-9, "us", 1e-6, "\u00b5s", 1e-6, "ms", 1e-3, "s", 1.0, "min", 60.0, "hr", 3600.0, "day", 86400.0);

    private Units() {
    }

    /** The factor that turns a value in {@code from} into one in {@code to}; NaN when they do not convert. */
    static double factor(String from, String to) {
        if (from.equals(to)) {
            return 1.0;
        }
        String[] a = from.split("/", 2);
        String[] b = to.split("/", 2);
        if (a.length != 2 || b.length != 2) {
            return Double.NaN;
        }
        if (a[0].equals("ops") && b[0].equals("ops")) { // ops per time: per-ms to per-s multiplies by 1000
            Double fa = SECONDS.get(a[1]);
            Double fb = SECONDS.get(b[1]);
            return fa == null || fb == null ? Double.NaN : fb / fa;
        }
        if (a[1].equals("op") && b[1].equals("op")) { // time per op
            Double fa = SECONDS.get(a[0]);
            Double fb = SECONDS.get(b[0]);
            return fa == null || fb == null ? Double.NaN : fa / fb;
        }
        return Double.NaN;
    }

    /**
     * Whether a higher value is better: throughput ("ops/…") is, time and bytes per operation ("…/op") are not.
     * The primary metric's direction comes from the mode; this decides it for secondary metrics.
     */
    static boolean higherIsBetter(String unit) {
        return unit.startsWith("ops/");
    }
}
