package dev.brink.jfr;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Counts and weights per key (a method, a class, a site, an address), and for each key the most frequent
 * second key (an owner thread, an application frame), or with {@link #secondByWeight()} the heaviest one. Memory
 * grows with the number of distinct keys, not events: the second keys of one key are capped at {@link #SECOND_KEYS}
 * (later distinct ones are counted under "(other)"), so a recording of any length has a bounded tally.
 */
final class Tally {
    static final int SECOND_KEYS = 64;
    static final String OTHER = "(other)";

    private static final class Cell {
        long count;
        double weight;
        double max;
        Map<String, Double> second;
    }

    private final Map<String, Cell> cells = new HashMap<>();
    /** Second keys ranked by their summed weight rather than their number of events. */
    private final boolean secondByWeight;
    private long totalCount;
    private double totalWeight;

    Tally() {
        this(false);
    }

    private Tally(boolean secondByWeight) {
        this.secondByWeight = secondByWeight;
    }

    /**
     * A tally whose second key is the heaviest, not the most frequent: the class of an allocation site is the one
     * with the most bytes there. Allocation samples are not one per object — each weighs the bytes its thread
     * allocated since its previous sample — so the most frequent class can be a small one sampled often (a map entry)
     * beside arrays that hold most of the bytes. Owners of a monitor and park blockers stay counted: their question
     * is who most often held the lock, and their waits' weight is already the row's.
     */
    static Tally secondByWeight() {
        return new Tally(true);
    }

    void add(String key, double weight, String secondKey) {
        Cell c = cells.computeIfAbsent(key, k -> new Cell());
        c.count++;
        c.weight += weight;
        c.max = Math.max(c.max, weight);
        totalCount++;
        totalWeight += weight;
        if (secondKey != null) {
            if (c.second == null) {
                c.second = new HashMap<>();
            }
            String k2 = c.second.size() < SECOND_KEYS || c.second.containsKey(secondKey) ? secondKey : OTHER;
            c.second.merge(k2, secondByWeight ? weight : 1.0, Double::sum);
        }
    }

    /** Adds {@code count} entries of {@code weight} in all to {@code key} (no second key): another tally's row moved here. */
    void add(String key, long count, double weight) {
        Cell c = cells.computeIfAbsent(key, k -> new Cell());
        c.count += count;
        c.weight += weight;
        c.max = Math.max(c.max, count == 0 ? 0 : weight / count);
        totalCount += count;
        totalWeight += weight;
    }

    long totalCount() {
        return totalCount;
    }

    double totalWeight() {
        return totalWeight;
    }

    long count(String key) {
        Cell c = cells.get(key);
        return c == null ? 0 : c.count;
    }

    /** The {@code limit} heaviest keys (by weight, then count), shares taken of the tally's total weight. */
    List<Ranked> top(int limit) {
        List<Map.Entry<String, Cell>> all = new ArrayList<>(cells.entrySet());
        all.sort((a, b) -> {
            int w = Double.compare(b.getValue().weight, a.getValue().weight);
            return w != 0 ? w : Long.compare(b.getValue().count, a.getValue().count);
        });
        List<Ranked> out = new ArrayList<>();
        for (Map.Entry<String, Cell> e : all.subList(0, Math.min(limit, all.size()))) {
            Cell c = e.getValue();
            double share = totalWeight > 0 ? c.weight / totalWeight : 0;
            out.add(new Ranked(e.getKey(), c.count, c.weight, c.max, share, topSecond(c)));
        }
        return out;
    }

    /** The most frequent (or heaviest: {@link #secondByWeight()}) second key of {@code key}, or null. */
    String topSecond(String key) {
        Cell c = cells.get(key);
        return c == null ? null : topSecond(c);
    }

    private static String topSecond(Cell c) {
        if (c.second == null) {
            return null;
        }
        String best = null;
        double n = -1;
        for (Map.Entry<String, Double> e : c.second.entrySet()) {
            if (e.getValue() > n || e.getValue() == n && e.getKey().compareTo(best) < 0) {
                best = e.getKey();
                n = e.getValue();
            }
        }
        return best;
    }
}
