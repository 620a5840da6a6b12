package dev.brink.bench;

import java.util.Arrays;

/**
 * The measurement iterations of one JMH fork (one JVM). {@code weights[i]} is how many operations iteration i's value
 * stands for: 1 for throughput, average-time and single-shot iterations (each is already one figure); the sample count
 * for a sample-mode iteration, whose value is the mean of its histogram. The fork's figure is the weighted mean, which
 * is what JMH itself reports as the score when the file holds a single fork.
 */
public record ForkSamples(double[] values, double[] weights) {
    public ForkSamples {
        if (values.length == 0) {
            throw new IllegalArgumentException("a fork needs at least one iteration");
        }
        if (weights.length != values.length) {
            throw new IllegalArgumentException("weights " + weights.length + " != values " + values.length);
        }
        values = values.clone();
        weights = weights.clone();
    }

    static ForkSamples unweighted(double[] values) {
        double[] w = new double[values.length];
        Arrays.fill(w, 1.0);
        return new ForkSamples(values, w);
    }

    public double mean() {
        double sum = 0;
        double n = 0;
        for (int i = 0; i < values.length; i++) {
            sum += values[i] * weights[i];
            n += weights[i];
        }
        return sum / n;
    }

    public int iterations() {
        return values.length;
    }

    ForkSamples scaled(double factor) {
        double[] v = values.clone();
        for (int i = 0; i < v.length; i++) {
            v[i] *= factor;
        }
        return new ForkSamples(v, weights);
    }

    @Override
    public double[] values() {
        return values.clone();
    }

    @Override
    public double[] weights() {
        return weights.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ForkSamples f && Arrays.equals(values, f.values) && Arrays.equals(weights, f.weights);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(values) + Arrays.hashCode(weights);
    }

    @Override
    public String toString() {
        return "ForkSamples" + Arrays.toString(values);
    }
}
