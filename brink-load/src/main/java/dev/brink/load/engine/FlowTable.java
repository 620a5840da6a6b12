package dev.brink.load.engine;

import dev.brink.load.plan.Plan;
import java.util.SplittableRandom;

/**
 * The plan's flows as the event loop reads them: per flow, its steps' operation indexes, and the cumulative
 * weights to pick one. A plan without {@code flows:} is one single-step flow per operation weighted by its
 * rps, which is how operations were chosen before flows existed. Immutable.
 */
public final class FlowTable {
    final int[][] steps;
    /** Flow whose first step operation i is, or -1: the open schedule starts flows at their first step's rate. */
    final int[] flowStartedBy;
    private final double[] cumulative;
    /** True when users carry state between requests: explicit flows, any extraction, or a redirect followed. */
    final boolean sessions;

    private FlowTable(int[][] steps, double[] weights, int operations, boolean sessions) {
        this.steps = steps;
        this.sessions = sessions;
        this.cumulative = new double[weights.length];
        double sum = 0;
        for (int i = 0; i < weights.length; i++) cumulative[i] = sum += weights[i];
        this.flowStartedBy = new int[operations];
        java.util.Arrays.fill(flowStartedBy, -1);
        for (int f = 0; f < steps.length; f++) flowStartedBy[steps[f][0]] = f;
    }

    public static FlowTable of(Plan plan) {
        int n = plan.profile().size();
        // a followed redirect carries the cookies it sets to its next hop (a login's session), as a browser does
        boolean extracts = plan.profile().stream().anyMatch(o -> !o.extract().isEmpty() || o.request().followRedirects() > 0);
        if (plan.flows().isEmpty()) {
            int[][] steps = new int[n][];
            double[] weights = new double[n];
            for (int i = 0; i < n; i++) {
                steps[i] = new int[] {i};
                weights[i] = plan.profile().get(i).rps();
            }
            return new FlowTable(steps, weights, n, extracts);
        }
        int[][] steps = new int[plan.flows().size()][];
        double[] weights = new double[steps.length];
        for (int f = 0; f < steps.length; f++) {
            steps[f] = plan.flows().get(f).steps().stream().mapToInt(Integer::intValue).toArray();
            weights[f] = plan.flows().get(f).rate();
        }
        return new FlowTable(steps, weights, n, true);
    }

    /** A flow chosen by weight; allocation-free. */
    int pick(SplittableRandom random) {
        double pick = random.nextDouble() * cumulative[cumulative.length - 1];
        int i = 0;
        while (i < cumulative.length - 1 && pick >= cumulative[i]) i++;
        return i;
    }
}
