package dev.brink.core;

/** How numbers are written into the run directory's files. */
public final class Numbers {
    private Numbers() {
    }

    /**
     * Rounded to three decimals: the precision of every derived number Brink writes (shares, seconds, rates, r²).
     * More digits are noise of the measurement, and fewer would turn a share of 0.0004 into 0.
     */
    public static double round(double v) {
        return Math.round(v * 1000) / 1000.0;
    }
}
