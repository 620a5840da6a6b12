package dev.brink.bench;

import java.util.List;

/** One metric of one benchmark (the primary score or a secondary such as gc.alloc.rate.norm), fork by fork. */
public record Metric(String unit, List<ForkSamples> forks) {
    public Metric {
        if (unit == null || unit.isBlank()) {
            throw new IllegalArgumentException("unit is empty");
        }
        if (forks.isEmpty()) {
            throw new IllegalArgumentException("a metric needs at least one fork");
        }
        forks = List.copyOf(forks);
    }

    /** The figure of each fork: the unit of independence of every statistic brink bench computes. */
    public double[] forkMeans() {
        double[] m = new double[forks.size()];
        for (int i = 0; i < m.length; i++) {
            m[i] = forks.get(i).mean();
        }
        return m;
    }

    /** The same values in {@code unit}, when JMH's time units allow the conversion; else this metric. */
    Metric in(String otherUnit) {
        double f = Units.factor(unit, otherUnit);
        if (Double.isNaN(f)) {
            return this;
        }
        return new Metric(otherUnit, forks.stream().map(s -> s.scaled(f)).toList());
    }
}
