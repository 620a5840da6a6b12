package dev.brink.report;

import dev.brink.core.BrinkUserException;
import dev.brink.core.EvidenceFiles;
import dev.brink.core.LibraryFamily;
import dev.brink.core.RunDirectory;
import dev.brink.core.evidence.FoldedStacks;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The flame graph of the step that broke, drawn from its folded stacks (evidence/stacks-x&lt;N&gt;.folded, the
 * step's JFR execution samples): an icicle chart in inline SVG, the root on top and each frame as wide as its
 * share of the samples, so the page needs no script and no network. Each frame's tooltip gives its samples and
 * share; frames are coloured by library family (the classifier the findings use), so the regex or crypto a
 * finding names is the colour to look for.
 */
final class FlameGraphHtml {
    static final int WIDTH = 1200;
    static final int ROW = 17;
    /** Deeper rows are cut: JFR records 64 frames, and the cost is read in the first few dozen below the thread's root. */
    static final int MAX_DEPTH = 64;
    /** Narrower frames (and what they call) are not drawn: under a pixel and a half, nothing can be read or hovered. */
    static final double MIN_WIDTH = 1.5;
    private static final double CHAR_WIDTH = 6.6;

    private FlameGraphHtml() {
    }

    static void render(StringBuilder h, RunData run) {
        for (Path file : files(run.dir())) {
            int n = EvidenceFiles.foldedStacksMultiplier(file.getFileName().toString());
            FoldedStacks stacks;
            try {
                stacks = FoldedStacks.read(file);
            } catch (BrinkUserException e) {
                h.append("<p class=\"missing\">").append(Html.text(e.getMessage())).append("</p>\n");
                continue;
            }
            if (stacks.total() == 0) {
                continue;
            }
            h.append("<h2>Where the CPU went at ").append(n).append(" × profile</h2>\n<p class=\"meta\">")
                    .append(stacks.total()).append(" JFR execution samples of the step (")
                    .append(Html.text(RunDirectory.EVIDENCE + "/" + file.getFileName())).append("), the root on top; each frame is as wide as its share. "
                    + "Colours: the library family of the frame (").append(legend()).append(").</p>\n");
            svg(h, tree(stacks), stacks.total(), BY_FAMILY);
        }
    }

    /** How a frame is filled and what its tooltip adds to its samples and share. */
    interface Paint {
        String fill(Node node);

        String note(Node node);
    }

    /** The plain flame graph's: by library family, nothing more to say. */
    static final Paint BY_FAMILY = new Paint() {
        @Override
        public String fill(Node node) {
            return colour(node.name);
        }

        @Override
        public String note(Node node) {
            return "";
        }
    };

    private static List<Path> files(Path dir) {
        Path evidence = dir.resolve(RunDirectory.EVIDENCE);
        if (!Files.isDirectory(evidence)) {
            return List.of();
        }
        try (Stream<Path> s = Files.list(evidence)) {
            return s.filter(p -> EvidenceFiles.foldedStacksMultiplier(p.getFileName().toString()) >= 0).sorted().toList();
        } catch (IOException e) {
            return List.of();
        }
    }

    /** One frame of the merged stacks: its samples and the frames it called. */
    static final class Node {
        final String name;
        long samples;
        /** A differential graph's samples of the same frame in the step compared with (0 in a plain graph). */
        long baseline;
        final Map<String, Node> children = new LinkedHashMap<>();

        Node(String name) {
            this.name = name;
        }
    }

    static Node tree(FoldedStacks stacks) {
        Node root = new Node("all");
        for (Map.Entry<String, Long> e : stacks.stacks().entrySet()) {
            root.samples += e.getValue();
            Node at = root;
            for (String frame : e.getKey().split(";")) {
                at = at.children.computeIfAbsent(frame, Node::new);
                at.samples += e.getValue();
            }
        }
        return root;
    }

    static void svg(StringBuilder h, Node root, long total, Paint paint) {
        StringBuilder body = new StringBuilder(64 * 1024);
        int depth = draw(body, root, 0, 0, WIDTH, total, paint);
        h.append(String.format(Locale.ROOT, "<svg class=\"flame\" viewBox=\"0 0 %d %d\" width=\"100%%\" role=\"img\" "
                + "aria-label=\"flame graph\" font-family=\"monospace\" font-size=\"11\">%n", WIDTH, depth * ROW));
        h.append(body).append("</svg>\n");
    }

    /** Draws {@code node} and what it called; returns the number of rows used. */
    private static int draw(StringBuilder b, Node node, int depth, double x, double width, long total, Paint paint) {
        double share = (double) node.samples / total;
        String full = node.name;
        b.append(String.format(Locale.ROOT, "<g><title>%s: %d samples, %.1f %%%s</title><rect x=\"%.1f\" y=\"%d\" width=\"%.1f\" "
                        + "height=\"%d\" fill=\"%s\" stroke=\"#fff\" stroke-width=\"0.5\"/>",
                Html.text(full), node.samples, share * 100, Html.text(paint.note(node)), x, depth * ROW, width, ROW - 1, paint.fill(node)));
        String label = label(full, share, width);
        if (!label.isEmpty()) {
            b.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\">%s</text>", x + 3, depth * ROW + ROW - 5, Html.text(label)));
        }
        b.append("</g>\n");
        int rows = depth + 1;
        if (depth + 1 >= MAX_DEPTH) {
            return rows;
        }
        List<Node> kids = new ArrayList<>(node.children.values());
        kids.sort((p, q) -> Long.compare(q.samples, p.samples));
        double at = x;
        for (Node k : kids) {
            double w = width * k.samples / node.samples;
            if (w >= MIN_WIDTH) {
                rows = Math.max(rows, draw(b, k, depth + 1, at, w, total, paint));
            }
            at += w;
        }
        return rows;
    }

    /** "Pattern$Curly.match 38.2 %", shortened to what fits the frame; empty when nothing useful fits. */
    static String label(String frame, double share, double width) {
        // the package goes (lower-case segments), the class stays: a lambda's hidden class keeps its owner's name
        String shortName = frame.replaceFirst("^([a-z_][a-z0-9_]*\\.)+", "");
        String text = String.format(Locale.ROOT, "%s %.1f %%", shortName, share * 100);
        int fits = (int) ((width - 6) / CHAR_WIDTH);
        if (text.length() <= fits) {
            return text;
        }
        return fits >= 4 ? text.substring(0, fits - 1) + "…" : "";
    }

    /** JDK frames outside a family are grey: the eye goes to the families and to the application's own code. */
    private static String colour(String frame) {
        LibraryFamily f = LibraryFamily.of(frame);
        boolean jdk = frame.startsWith("java.") || frame.startsWith("jdk.") || frame.startsWith("sun.");
        return f == LibraryFamily.NONE && jdk ? "#d9d4c7" : colour(f);
    }

    private static String colour(LibraryFamily f) {
        return switch (f) {
            case REGEX -> "#e4572e";
            case FORMATTING -> "#f3a712";
            case CRYPTO -> "#a23b72";
            case LOGGING -> "#29a19c";
            case JSON -> "#669bbc";
            case REFLECTION -> "#8e7dbe";
            case CLASS_LOADING -> "#6a994e";
            case ORM -> "#bc6c25";
            case DATABASE -> "#386641";
            case NONE -> "#f6e8b1";
        };
    }

    private static String legend() {
        StringBuilder l = new StringBuilder();
        for (LibraryFamily f : LibraryFamily.values()) {
            l.append("<span style=\"color:").append(colour(f)).append("\">■</span> ")
                    .append(f == LibraryFamily.NONE ? "other code" : f.words()).append(f == LibraryFamily.NONE ? "" : ", ");
        }
        return l.append(", <span style=\"color:#d9d4c7\">■</span> other JDK code").toString();
    }
}
