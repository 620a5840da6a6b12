package dev.brink.report;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * One run-directory JSONL file as the report needs it: per line its {@code epoch_ms} and the numbers at the JSON
 * pointers asked for, column by column ({@link Double#NaN} where a line has none), plus the words counted under
 * text-array pointers (a generator line's "reasons"). Columnar and primitive, so a 24-hour run's 86 400 lines
 * per file cost a few MB, not a tree of objects per line. Not thread-safe; built once by {@link ColumnReader}.
 */
final class Columns {
    /** The epoch of a line that has none. */
    static final long NO_TIME = Long.MIN_VALUE;

    private long[] epochMs = new long[1024];
    private int rows;
    private final Map<String, double[]> values = new LinkedHashMap<>();
    private final Map<String, Map<String, Integer>> texts = new LinkedHashMap<>();

    static Columns of(long[] epochMs, String pointer, double[] values) {
        Columns c = new Columns();
        for (int i = 0; i < epochMs.length; i++) {
            int r = c.addRow(epochMs[i]);
            c.set(pointer, r, values[i]);
        }
        return c;
    }

    int rows() {
        return rows;
    }

    boolean isEmpty() {
        return rows == 0;
    }

    long epochMs(int row) {
        return epochMs[row];
    }

    /** The first line's epoch, {@link #NO_TIME} when none. */
    long firstEpochMs() {
        for (int r = 0; r < rows; r++) {
            if (epochMs[r] != NO_TIME) return epochMs[r];
        }
        return NO_TIME;
    }

    long lastEpochMs() {
        for (int r = rows - 1; r >= 0; r--) {
            if (epochMs[r] != NO_TIME) return epochMs[r];
        }
        return NO_TIME;
    }

    /** The value at pointer in row, NaN when that line has none. */
    double value(String pointer, int row) {
        double[] col = values.get(pointer);
        return col == null || row >= col.length ? Double.NaN : col[row];
    }

    boolean has(String pointer) {
        return values.containsKey(pointer);
    }

    /** Pointers seen below parent ("/errors/http-503" under "/errors"), in first-seen order, unescaped last segment. */
    Set<String> childNames(String parent) {
        TreeMap<String, Boolean> names = new TreeMap<>();
        String prefix = parent + "/";
        for (String p : values.keySet()) {
            if (p.startsWith(prefix) && p.indexOf('/', prefix.length()) < 0) {
                names.put(p.substring(prefix.length()).replace("~1", "/").replace("~0", "~"), Boolean.TRUE);
            }
        }
        return names.keySet();
    }

    /** How often each text appeared under pointer (a text array), over all lines. */
    Map<String, Integer> texts(String pointer) {
        return texts.getOrDefault(pointer, Map.of());
    }

    int addRow(long epoch) {
        if (rows == epochMs.length) {
            epochMs = Arrays.copyOf(epochMs, rows * 2);
        }
        epochMs[rows] = epoch;
        return rows++;
    }

    void setEpoch(int row, long epoch) {
        epochMs[row] = epoch;
    }

    void set(String pointer, int row, double v) {
        double[] col = values.get(pointer);
        if (col == null || col.length <= row) {
            int old = col == null ? 0 : col.length;
            double[] grown = col == null ? new double[Math.max(epochMs.length, row + 1)] : Arrays.copyOf(col, Math.max(epochMs.length, row + 1));
            Arrays.fill(grown, old, grown.length, Double.NaN);
            values.put(pointer, grown);
            col = grown;
        }
        col[row] = v;
    }

    void count(String pointer, String text) {
        texts.computeIfAbsent(pointer, k -> new TreeMap<>()).merge(text, 1, Integer::sum);
    }

    /** Forgets the last row (a line that turned out not to be JSON) and whatever it set. */
    void dropLastRow() {
        rows--;
        for (double[] col : values.values()) {
            if (col.length > rows) col[rows] = Double.NaN;
        }
    }
}
