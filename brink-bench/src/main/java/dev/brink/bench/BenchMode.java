package dev.brink.bench;

/**
 * JMH's benchmark modes as they appear in the result file's {@code "mode"} field. Throughput is the only mode where a
 * higher score is better; the other three measure time per operation.
 */
public enum BenchMode {
    THROUGHPUT("thrpt", true),
    AVERAGE_TIME("avgt", false),
    SAMPLE_TIME("sample", false),
    SINGLE_SHOT("ss", false);

    private final String jmhName;
    private final boolean higherIsBetter;

    BenchMode(String jmhName, boolean higherIsBetter) {
        this.jmhName = jmhName;
        this.higherIsBetter = higherIsBetter;
    }

    public String jmhName() {
        return jmhName;
    }

    public boolean higherIsBetter() {
        return higherIsBetter;
    }

    /** The mode named {@code name} in a JMH file, or null when JMH has no such mode. */
    static BenchMode fromJmh(String name) {
        for (BenchMode m : values()) {
            if (m.jmhName.equals(name)) {
                return m;
            }
        }
        return null;
    }
}
