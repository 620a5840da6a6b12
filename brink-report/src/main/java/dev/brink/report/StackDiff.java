package dev.brink.report;

import dev.brink.core.evidence.FoldedStacks;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The knee's differential flame graph: the first bad step's stacks drawn as a flame graph (each frame as wide as its
 * samples there, as Brendan Gregg's differential flame graphs draw the later profile), each frame coloured by how its
 * samples per second grew from the last good step against how the load grew. A frame whose cost grew with the load
 * is the service doing more of the same; one that grew faster than the load is where the extra time per request
 * went — a lock's queue, a cache that stopped fitting, a regex on longer input. Red: grew more than {@value #FASTER} ×
 * the load's growth (the threshold brink-jfr's step comparison uses); blue: less than 1/{@value #FASTER} of it; the
 * deeper the colour, the larger the gap (full at {@value #FULL} ×).
 */
final class StackDiff {
    static final double FASTER = 1.25;
    static final double FULL = 4;
    private static final String NEUTRAL = "#e8e4da";

    private final FoldedStacks before;
    private final FoldedStacks after;
    private final double beforeSeconds;
    private final double afterSeconds;
    private final double loadGrowth;

    /**
     * @param loadGrowth the first bad step's achieved rate over the last good step's
     */
    StackDiff(FoldedStacks before, double beforeSeconds, FoldedStacks after, double afterSeconds, double loadGrowth) {
        this.before = before;
        this.after = after;
        this.beforeSeconds = beforeSeconds;
        this.afterSeconds = afterSeconds;
        this.loadGrowth = loadGrowth;
    }

    /** The first bad step's tree, each frame with the last good step's samples of the same path as its baseline. */
    FlameGraphHtml.Node tree() {
        FlameGraphHtml.Node root = FlameGraphHtml.tree(after);
        for (Map.Entry<String, Long> e : before.stacks().entrySet()) {
            FlameGraphHtml.Node at = root;
            at.baseline += e.getValue();
            for (String frame : e.getKey().split(";")) {
                at = at.children.get(frame);
                if (at == null) {
                    break; // a path the bad step never ran: nothing to draw it on
                }
                at.baseline += e.getValue();
            }
        }
        return root;
    }

    /** The node's samples per second after over before, against the load's growth; +∞ for a path new in the bad step. */
    double relativeGrowth(FlameGraphHtml.Node n) {
        if (n.baseline == 0) {
            return Double.POSITIVE_INFINITY;
        }
        return (n.samples / afterSeconds) / (n.baseline / beforeSeconds) / loadGrowth;
    }

    FlameGraphHtml.Paint paint() {
        return new FlameGraphHtml.Paint() {
            @Override
            public String fill(FlameGraphHtml.Node node) {
                double r = relativeGrowth(node);
                if (r >= FASTER) {
                    return blend(0xf4c7c3, 0xc62828, depth(r));
                }
                if (r <= 1 / FASTER) {
                    return blend(0xc5daf0, 0x1565c0, depth(1 / r));
                }
                return NEUTRAL;
            }

            @Override
            public String note(FlameGraphHtml.Node node) {
                double r = relativeGrowth(node);
                return node.baseline == 0 ? "; not in the last good step"
                        : String.format(Locale.ROOT, "; %d samples in the last good step: %.2f × the samples per second for %.2f × "
                        + "the load", node.baseline, r * loadGrowth, loadGrowth);
            }
        };
    }

    /** Whether any frame grew faster than the load: a red frame to look for. */
    List<String> fasterThanTheLoad(FlameGraphHtml.Node root, double minShare) {
        List<String> out = new ArrayList<>();
        collect(root, root.samples, minShare, out);
        return out;
    }

    private void collect(FlameGraphHtml.Node n, long total, double minShare, List<String> out) {
        if ((double) n.samples / total < minShare) {
            return;
        }
        if (relativeGrowth(n) >= FASTER && !n.name.equals("all")) {
            out.add(n.name);
        }
        for (FlameGraphHtml.Node k : n.children.values()) {
            collect(k, total, minShare, out);
        }
    }

    /**
     * Both steps as differential folded stacks (the format of Brendan Gregg's difffolded.pl, which flamegraph.pl
     * draws): one line per stack of either step, its frames, the last good step's count, the first bad step's count.
     */
    String folded() {
        Set<String> stacks = new LinkedHashSet<>(after.stacks().keySet());
        stacks.addAll(before.stacks().keySet());
        List<String> lines = new ArrayList<>();
        for (String s : stacks) {
            lines.add(s + " " + before.stacks().getOrDefault(s, 0L) + " " + after.stacks().getOrDefault(s, 0L));
        }
        return String.join("\n", lines) + "\n";
    }

    private static double depth(double ratio) {
        return Double.isInfinite(ratio) ? 1 : Math.min(1, Math.log(ratio / FASTER) / Math.log(FULL / FASTER));
    }

    private static String blend(int light, int deep, double t) {
        int r = (int) Math.round(((light >> 16) & 0xff) + t * (((deep >> 16) & 0xff) - ((light >> 16) & 0xff)));
        int g = (int) Math.round(((light >> 8) & 0xff) + t * (((deep >> 8) & 0xff) - ((light >> 8) & 0xff)));
        int b = (int) Math.round((light & 0xff) + t * ((deep & 0xff) - (light & 0xff)));
        return String.format(Locale.ROOT, "#%02x%02x%02x", r, g, b);
    }
}
