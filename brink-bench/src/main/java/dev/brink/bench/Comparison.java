package dev.brink.bench;

import dev.brink.core.stats.Verdict;

/**
 * One benchmark (method, mode, parameters) and one metric compared between BASE and NEW.
 *
 * @param key          benchmark label and mode, as matched between the files
 * @param label        method with its parameters
 * @param metric       "score" for the primary metric, else the secondary metric's name (gc.alloc.rate.norm)
 * @param unit         unit of both sides' figures (NEW is converted to BASE's time unit when they differ)
 * @param higherIsBetter direction of the metric
 * @param base         fork figures of BASE
 * @param news         fork figures of NEW
 * @param ratio        mean(NEW)/mean(BASE)
 * @param ratioLow     lower end of the bootstrap confidence interval of the ratio
 * @param ratioHigh    upper end
 * @param p            two-sided Mann-Whitney p-value on fork figures
 * @param verdict      the conclusion
 * @param forksNeeded  for INCONCLUSIVE: how many more forks each side needs; 0 otherwise
 * @param beyondThreshold what the CI gate fails on: the point estimate is worse by more than the threshold and the
 *                        verdict is WORSE, or INCONCLUSIVE without --allow-inconclusive ({@code Significance.gateFails})
 * @param note         why, in a few words (e.g. "1 fork per side: forks are the unit of independence")
 */
public record Comparison(String key, String label, String mode, String metric, String unit, boolean higherIsBetter,
                         Side base, Side news, double ratio, double ratioLow, double ratioHigh, double p,
                         Verdict verdict, int forksNeeded, boolean beyondThreshold, String note) {

    /** One side's data: fork figures and, for the HTML page, every iteration. */
    public record Side(double mean, double[] forkMeans, double[][] iterations) {
    }

    public boolean primary() {
        return metric.equals("score");
    }

    /** Change in percent, (ratio - 1) × 100: negative time or positive throughput is an improvement. */
    public double changePercent() {
        return (ratio - 1) * 100;
    }

    /** The gate fails on it although nothing is significant: too few forks to rule the change out. */
    public boolean inconclusiveRegression() {
        return beyondThreshold && verdict == Verdict.INCONCLUSIVE;
    }

    /** The verdict as a person reads it for this metric. */
    public String verdictText() {
        boolean bytes = unit.startsWith("B/");
        return switch (verdict) {
            case BETTER -> bytes ? "less allocation" : "faster";
            case WORSE -> bytes ? "more allocation" : "slower";
            case NO_CHANGE -> "no significant change";
            case INCONCLUSIVE -> "inconclusive" + (forksNeeded > 0 ? ": run " + forksNeeded + " more fork"
                    + (forksNeeded == 1 ? "" : "s") + " per side" : "");
        };
    }
}
