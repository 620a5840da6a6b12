package dev.brink.core;

/**
 * Least-squares line through (x, y) points, with r². The one implementation of "is this series rising"
 * shared by the soak's leak verdict and the GC-log analysis, so both say the same about the same data.
 *
 * @param slope     y units per x unit
 * @param intercept y at x = 0
 * @param r2        coefficient of determination, 0..1 (0 when y is constant or there are < 3 points)
 * @param points    how many points the fit used
 */
public record LinearTrend(double slope, double intercept, double r2, int points) {

    /** Fits y = slope·x + intercept over the first n points of xs and ys. Allocation-free. */
    public static LinearTrend fit(double[] xs, double[] ys, int n) {
        if (n < 2) {
            return new LinearTrend(0, n == 1 ? ys[0] : 0, 0, n);
        }
        double mx = 0;
        double my = 0;
        for (int i = 0; i < n; i++) {
            mx += xs[i];
            my += ys[i];
        }
        mx /= n;
        my /= n;
        double sxx = 0;
        double sxy = 0;
        double syy = 0;
        for (int i = 0; i < n; i++) {
            double dx = xs[i] - mx;
            double dy = ys[i] - my;
            sxx += dx * dx;
            sxy += dx * dy;
            syy += dy * dy;
        }
        if (sxx == 0) {
            return new LinearTrend(0, my, 0, n);
        }
        double slope = sxy / sxx;
        double r2 = (syy == 0 || n < 3) ? 0 : (sxy * sxy) / (sxx * syy);
        return new LinearTrend(slope, my - slope * mx, r2, n);
    }

    public static LinearTrend fit(double[] xs, double[] ys) {
        if (xs.length != ys.length) {
            throw new IllegalArgumentException("xs and ys differ in length: " + xs.length + " vs " + ys.length);
        }
        return fit(xs, ys, xs.length);
    }
}
