package dev.brink.load.plan.jmx;

import dev.brink.load.plan.jmx.JmxValues.Unconvertible;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** A delay before a sampler: the sum of JMeter's timers in its scope, as a range of milliseconds. */
record JmxDelay(long minMs, long maxMs) {
    static final JmxDelay NONE = new JmxDelay(0, 0);

    JmxDelay plus(JmxDelay d) {
        return new JmxDelay(minMs + d.minMs, maxMs + d.maxMs);
    }

    /** As the plan writes a think time: {@code 300ms} or {@code 1000ms..1100ms}. */
    String think() {
        return minMs == maxMs ? minMs + "ms" : minMs + "ms.." + maxMs + "ms";
    }

    /**
     * The sum of the timers in {@code scope}: JMeter runs each before the sampler, one after the other. Each timer
     * converted is added to {@code used}, each one not to {@code why}.
     */
    static JmxDelay ofTimers(List<JmxElement> scope, JmxValues values, Map<JmxElement, String> why, Set<JmxElement> used) {
        JmxDelay d = NONE;
        for (JmxElement t : scope) {
            if (!JmeterElements.TIMERS.contains(t.testclass())) continue;
            try {
                double delay = JmxLoad.number(values, values.fixed(or(t.prop("ConstantTimer.delay"), "0")));
                double range = JmxLoad.number(values, values.fixed(or(t.prop("RandomTimer.range"), "0")));
                d = d.plus(switch (t.testclass()) {
                    case "ConstantTimer" -> new JmxDelay((long) delay, (long) delay);
                    case "UniformRandomTimer" -> new JmxDelay((long) delay, (long) (delay + range));
                    // Brink's think times are constant, uniform or exponential: a Gaussian (mean delay, deviation range)
                    // and a Poisson (mean delay + lambda, deviation sqrt(lambda)) keep their mean and spread as a
                    // uniform of the same standard deviation, half-width sqrt(3) deviations
                    case "GaussianRandomTimer" -> around(delay, range);
                    default -> around(delay + range, Math.sqrt(range));
                });
                used.add(t);
            } catch (Unconvertible u) {
                why.putIfAbsent(t, "its delay " + u.getMessage());
            }
        }
        return d;
    }

    private static JmxDelay around(double mean, double deviation) {
        double half = deviation * Math.sqrt(3);
        return new JmxDelay(Math.max(0, Math.round(mean - half)), Math.max(0, Math.round(mean + half)));
    }

    private static String or(String a, String b) {
        return a.isEmpty() ? b : a;
    }
}
