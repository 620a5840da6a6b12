package dev.brink.gc;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * JDK 8 and older {@code -XX:+PrintGCDetails} (with or without PrintGCDateStamps, PrintGCTimeStamps, PrintGCID,
 * PrintTenuringDistribution, PrintAdaptiveSizePolicy) for G1, CMS/ParNew, Parallel, Serial, and JDK 8
 * Shenandoah's bracketed lines.
 *
 * <p>An event is a bracketed record, "[GC …]" or "[Full GC …]", that may span lines: it is joined until its
 * brackets balance. Lines that other threads print into the middle of it (CMS and G1 concurrent phases,
 * G1Ergonomics, tenuring distribution, adaptive-size lines) are taken out: concurrent phases become their own
 * events, the rest is known noise. G1's detail lines after a pause ("[Eden: … Heap: a->b(c)]") complete the
 * pause before it. Single thread; regexes run once per event, not per line.
 */
final class Jdk8LogParser implements LineParser {
    private static final String DATE = "\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d[.,]\\d+[+-]\\d{4}";
    private static final Pattern HEAD = Pattern.compile(
            "^(?:(" + DATE + "): ?)?(?:(\\d+[.,]\\d+): ?)?(?:#(\\d+): ?)?\\[");
    /** A timestamp inside a record (before a nested bracket); removed before reading sizes. */
    private static final Pattern INNER_STAMP = Pattern.compile("(?:" + DATE + ": ?)?\\d+[.,]\\d+: ?(?=\\[)");
    /** Concurrent phases and ergonomics printed into the middle of a record. */
    private static final Pattern INLINE = Pattern.compile(
            "(?:" + DATE + ": ?)?(?:\\d+[.,]\\d+: ?)?(?:#\\d+: ?)?\\[(CMS-concurrent-[\\w-]+|GC concurrent-[\\w-]+|G1Ergonomics)([^\\[\\]]*)\\](?: ?\\[Times:[^\\]]*\\])?");
    private static final Pattern TIMES = Pattern.compile("\\[Times:[^\\]]*\\]");
    private static final Pattern SECS = Pattern.compile("(\\d+[.,]\\d+)(?:/(\\d+[.,]\\d+))? (secs|ms)\\]");
    private static final String SIZE = "\\d+(?:[.,]\\d+)?[BKMG]";
    private static final Pattern TRANSITION = Pattern.compile(
            "(" + SIZE + ")(?:\\((" + SIZE + ")\\))?->(" + SIZE + ")(?:\\((" + SIZE + ")\\))?");
    private static final Pattern STAMPS = Pattern.compile("^(?:" + DATE + ": ?)?(?:\\d+[.,]\\d+: ?)?(?:#\\d+: ?)?");
    private static final Pattern FLAG = Pattern.compile("-XX:([+-]?)(\\w+)(?:=(\\S+))?");

    private static final Set<String> OLD_GENS = Set.of("CMS", "Tenured", "ParOldGen", "PSOldGen");

    private final ParseSink sink;
    private final StringBuilder buf = new StringBuilder(512);
    private int depth;
    private long bufLine;
    /** The last complete record, held until its G1 detail lines ("[Eden: … Heap: …]") have passed. */
    private String held;
    private long heldLine;
    private String heldDetail;

    Jdk8LogParser(ParseSink sink) {
        this.sink = sink;
    }

    /** A line that starts (after optional time stamps) with a GC record. */
    static boolean looksLikeEvent(String s) {
        int b = s.indexOf('[');
        if (b < 0 || b > 60) {
            return false;
        }
        return (s.startsWith("[GC", b) || s.startsWith("[Full GC", b)) && HEAD.matcher(s).lookingAt();
    }

    @Override
    public void line(String line, long lineNo) {
        if (line.isBlank()) {
            return;
        }
        if (depth > 0) {
            if (interleaved(line, lineNo)) {
                return;
            }
            buf.append(line.startsWith(" ") || line.startsWith(",") || line.startsWith(":") ? "" : " ").append(line);
            depth += balance(line);
            if (depth <= 0 || buf.length() > 64 * 1024) {
                complete();
            }
            return;
        }
        String s = line.stripLeading();
        if (!s.isEmpty() && Character.isDigit(s.charAt(0))) {
            s = STAMPS.matcher(s).replaceFirst("");
        }
        Matcher head = HEAD.matcher(line);
        if (head.lookingAt()) {
            int b = head.end() - 1;
            if (line.startsWith("[GC", b) || line.startsWith("[Full GC", b) || line.startsWith("[Pause ", b)
                    || line.startsWith("[Concurrent ", b) || line.startsWith("[CMS-concurrent", b)) {
                flushHeld();
                buf.setLength(0);
                buf.append(line);
                bufLine = lineNo;
                depth = balance(line);
                if (depth <= 0) {
                    complete();
                }
                return;
            }
            if (line.startsWith("[G1Ergonomics", b) || line.startsWith("[Times", b)) {
                return;
            }
        }
        if (s.startsWith("[")) {
            if (held != null && s.contains("Heap:")) {
                heldDetail = s;
            }
            return; // G1 per-phase detail lines, "[Times: …]"
        }
        known(s, line, lineNo);
    }

    private void known(String s, String line, long lineNo) {
        if (s.startsWith("CommandLine flags:")) {
            commandLine(s.substring(18).strip());
        } else if ((s.startsWith("OpenJDK") || s.startsWith("Java HotSpot")) && s.contains("VM (")) {
            sink.jvmVersion = s.length() > 120 ? s.substring(0, 120) : s;
        } else if (s.startsWith("Total time for which") || s.startsWith("Application time") || s.startsWith("{Heap")
                || s.startsWith("}") || s.startsWith("Heap") || s.startsWith("Memory:") || s.startsWith("Desired survivor")
                || s.startsWith("- age") || s.contains("generation") || s.contains("perm gen") || s.contains(" space ") || s.startsWith("Metaspace")
                || s.startsWith("class space") || s.startsWith("garbage-first") || s.startsWith("region size")
                || s.contains("AdaptiveSize") || s.startsWith("avg_") || s.startsWith("Using ") || s.startsWith("Pacer")
                || s.startsWith("Trigger:") || s.startsWith("Free:") || s.startsWith("Adaptive CSet")
                || s.startsWith("Collectable Garbage") || s.startsWith("Shenandoah") || s.startsWith("Regions:")
                || s.startsWith("Humongous object") || s.startsWith("Max TLAB") || s.startsWith("GC threads")
                || s.startsWith("Heuristics") || s.startsWith("Initialize") || s.startsWith("Reference processing")
                || s.startsWith("Soft Max") || s.startsWith("Cancelling") || s.startsWith("Good progress")
                || s.startsWith("Failed to allocate") || s.startsWith("Concurrent") || s.startsWith("Immediate")) {
            if (s.startsWith("Initialize Shenandoah heap")) {
                sink.collector = "Shenandoah";
            }
        } else {
            sink.unknown(lineNo, line);
        }
    }

    /** A line printed into an open record by another thread; true when it was handled here. */
    private boolean interleaved(String line, long lineNo) {
        String s = line.strip();
        String bare = !s.isEmpty() && Character.isDigit(s.charAt(0)) ? STAMPS.matcher(s).replaceFirst("") : s;
        if (bare.startsWith("Total time for which") || bare.startsWith("Application time")) {
            return true;
        }
        if (s.startsWith("Desired survivor") || s.startsWith("- age") || s.contains("AdaptiveSize")
                || s.startsWith("avg_") || s.startsWith("Total time for which") || s.startsWith("Application time")) {
            return true;
        }
        Matcher head = HEAD.matcher(s);
        if (head.lookingAt() && balance(s) == 0) {
            int b = head.end() - 1;
            if (s.startsWith("[CMS-concurrent", b) || s.startsWith("[GC concurrent", b)) {
                inlineEvents(s, lineNo);
                return true;
            }
            return s.startsWith("[G1Ergonomics", b);
        }
        return false;
    }

    private static int balance(String s) {
        int d = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '[') {
                d++;
            } else if (c == ']') {
                d--;
            }
        }
        return d;
    }

    private void complete() {
        String rec = buf.toString();
        buf.setLength(0);
        depth = 0;
        rec = inlineEvents(rec, bufLine);
        if (rec.indexOf('[') < 0) {
            return; // the record was one concurrent phase, already emitted
        }
        held = rec;
        heldLine = bufLine;
        heldDetail = null;
        if (!rec.contains("[GC pause") && !rec.contains("[Full GC")) {
            flushHeld(); // only G1 pauses have detail lines after them
        }
    }

    @Override
    public void end() {
        if (depth > 0) {
            sink.unknown(bufLine, buf.length() > 200 ? buf.substring(0, 200) : buf.toString());
            buf.setLength(0);
            depth = 0;
        }
        flushHeld();
    }

    /** Emits the concurrent phases inside text as events and returns the text without them. */
    private String inlineEvents(String text, long lineNo) {
        Matcher m = INLINE.matcher(text);
        if (!m.find()) {
            return text;
        }
        StringBuilder rest = new StringBuilder(text.length());
        int last = 0;
        do {
            // a record that *is* one concurrent phase keeps its own stamps: only strip when it is inside another
            String name = m.group(1);
            if (!name.equals("G1Ergonomics") && !m.group(2).endsWith("-start") && !m.group(0).endsWith("start]")) {
                Matcher h = HEAD.matcher(m.group(0));
                double up = Double.NaN;
                long epoch = -1;
                if (h.lookingAt()) {
                    epoch = h.group(1) == null ? -1 : IsoTime.epochMs(h.group(1), 0, h.group(1).length());
                    up = h.group(2) == null ? Double.NaN : SizeText.number(h.group(2), 0, h.group(2).length());
                }
                double dur = Double.NaN;
                Matcher sm = SECS.matcher(m.group(0));
                if (sm.find()) {
                    String wall = sm.group(2) != null ? sm.group(2) : sm.group(1);
                    dur = SizeText.number(wall, 0, wall.length()) * (sm.group(3).equals("secs") ? 1000 : 1);
                }
                if (!Double.isNaN(dur)) {
                    sink.event(new GcEvent(up, epoch, -1, GcKind.CONCURRENT, name, "", dur, -1, -1, -1, -1, -1,
                            List.of(), Set.of(), sink.where(lineNo)));
                }
            }
            rest.append(text, last, m.start());
            last = m.end();
        } while (m.find());
        rest.append(text, last, text.length());
        return rest.toString();
    }

    private void flushHeld() {
        if (held == null) {
            return;
        }
        String rec = held;
        String detail = heldDetail;
        long lineNo = heldLine;
        held = null;
        heldDetail = null;
        record(rec, detail, lineNo);
    }

    private void record(String rec, String detail, long lineNo) {
        Matcher head = HEAD.matcher(rec);
        if (!head.lookingAt()) {
            if (!rec.isBlank()) {
                sink.unknown(lineNo, rec);
            }
            return;
        }
        long epoch = head.group(1) == null ? -1 : IsoTime.epochMs(head.group(1), 0, head.group(1).length());
        double up = head.group(2) == null ? Double.NaN : SizeText.number(head.group(2), 0, head.group(2).length());
        long id = head.group(3) == null ? -1 : (long) SizeText.number(head.group(3), 0, head.group(3).length());
        String body = rec.substring(head.end() - 1);
        if (body.endsWith("start]") || body.contains(", start]")) {
            return; // "[CMS-concurrent-mark-start]", "[Pause Init Mark, start]": the end line carries the time
        }
        String clean = INNER_STAMP.matcher(TIMES.matcher(body).replaceAll("")).replaceAll("");
        String name = name(clean);
        GcKind kind = kind(body, name);
        if (kind == null) {
            sink.unknown(lineNo, rec);
            return;
        }
        double dur = Double.NaN;
        Matcher sm = SECS.matcher(clean);
        while (sm.find()) {
            String v = sm.group(2) != null ? sm.group(2) : sm.group(1);
            dur = SizeText.number(v, 0, v.length()) * (sm.group(3).equals("secs") ? 1000 : 1);
        }
        Set<GcFlag> flags = EnumSet.noneOf(GcFlag.class);
        String lower = clean.toLowerCase(java.util.Locale.ROOT);
        if (lower.contains("promotion failed") || clean.startsWith("[GC--") || lower.contains("promotion failure")) {
            flags.add(GcFlag.PROMOTION_FAILED);
        }
        if (lower.contains("concurrent mode failure") || lower.contains("concurrent mode interrupted")) {
            flags.add(GcFlag.CONCURRENT_MODE_FAILURE);
        }
        if (lower.contains("to-space exhausted") || lower.contains("to-space overflow")) {
            flags.add(GcFlag.TO_SPACE_EXHAUSTED);
        }
        String cause = cause(body);
        if (cause.contains("Humongous")) {
            flags.add(GcFlag.HUMONGOUS);
        }
        long[] heap = {-1, -1, -1};
        long[] meta = {-1, -1};
        List<Generation> gens = new ArrayList<>(3);
        sizes(clean, heap, meta, gens);
        if (detail != null) {
            sizes(detail, heap, meta, gens);
        }
        if (kind == GcKind.YOUNG) {
            for (Generation g : gens) {
                if (OLD_GENS.contains(g.name())) {
                    kind = GcKind.FULL; // a young GC that failed promotion and collected the old generation too
                    break;
                }
            }
        }
        sink.event(new GcEvent(up, epoch, id, kind, name, cause, dur, heap[0], heap[1], heap[2], meta[0], meta[1], gens, flags,
                sink.where(lineNo)));
    }

    private static void sizes(String text, long[] heap, long[] meta, List<Generation> gens) {
        Matcher t = TRANSITION.matcher(text);
        while (t.find()) {
            long b = size(t.group(1));
            long a = size(t.group(3));
            long c = t.group(4) == null ? -1 : size(t.group(4));
            String label = label(text, t.start());
            if (label == null || label.equals("Heap")) {
                heap[0] = b;
                heap[1] = a;
                heap[2] = c;
            } else if (label.equals("Metaspace") || label.endsWith("Perm") || label.endsWith("PermGen")) {
                meta[0] = b;
                meta[1] = a;
            } else {
                gens.add(new Generation(label, b, a, c, false));
            }
        }
    }

    private static long size(String s) {
        return SizeText.parse(s, 0, s.length());
    }

    /** The "Name: " or "Name (note): " right before a size, or null when it stands alone (the whole heap). */
    static String label(String s, int at) {
        int i = at - 1;
        while (i >= 0 && s.charAt(i) == ' ') {
            i--;
        }
        if (i < 0 || s.charAt(i) != ':') {
            return null;
        }
        i--;
        while (i >= 0 && s.charAt(i) == ' ') {
            i--;
        }
        if (i >= 0 && s.charAt(i) == ')') {
            int d = 0;
            for (; i >= 0; i--) {
                if (s.charAt(i) == ')') {
                    d++;
                } else if (s.charAt(i) == '(' && --d == 0) {
                    break;
                }
            }
            i--;
            while (i >= 0 && s.charAt(i) == ' ') {
                i--;
            }
        }
        int end = i + 1;
        while (i >= 0 && (Character.isLetterOrDigit(s.charAt(i)) || s.charAt(i) == ' ' || s.charAt(i) == '-'
                || s.charAt(i) == '_')) {
            i--;
        }
        String label = s.substring(i + 1, Math.max(i + 1, end)).strip();
        // "…->1024.0K Heap" in G1's detail line: the label is the last word
        if (i >= 0 && s.charAt(i) != '[' && label.indexOf(' ') > 0) {
            label = label.substring(label.lastIndexOf(' ') + 1);
        }
        return label.isEmpty() ? null : label;
    }

    private static String name(String body) {
        int end = body.length();
        for (int i = 1; i < body.length(); i++) {
            char c = body.charAt(i);
            if (c == ',' || c == '[' || c == ']' || Character.isDigit(c) && body.charAt(i - 1) == ' ') {
                end = i;
                break;
            }
        }
        String n = body.substring(1, end).strip();
        return n.endsWith(":") ? n.substring(0, n.length() - 1) : n;
    }

    private static GcKind kind(String body, String name) {
        if (body.startsWith("[Full GC")) {
            return GcKind.FULL;
        } else if (body.startsWith("[GC pause")) {
            return name.contains("(mixed)") ? GcKind.MIXED : GcKind.YOUNG;
        } else if (body.startsWith("[GC remark") || name.contains("CMS Final Remark") || body.contains("CMS-remark")) {
            return GcKind.REMARK;
        } else if (body.startsWith("[GC cleanup")) {
            return GcKind.CLEANUP;
        } else if (name.contains("CMS Initial Mark") || body.contains("CMS-initial-mark")) {
            return GcKind.INITIAL_MARK;
        } else if (body.startsWith("[GC concurrent") || body.startsWith("[CMS-concurrent")) {
            return GcKind.CONCURRENT;
        } else if (body.startsWith("[GC")) {
            return GcKind.YOUNG;
        } else if (body.startsWith("[Pause ") || body.startsWith("[Concurrent ")) {
            return UnifiedLogParser.kind(name);
        }
        return null;
    }

    /** "(Allocation Failure)" after "GC", "Full GC" or "GC pause"; nested parentheses allowed. */
    private static String cause(String body) {
        int p = body.indexOf('(');
        int stop = body.indexOf('[', 1);
        if (p < 0 || (stop > 0 && p > stop)) {
            return "";
        }
        int d = 0;
        for (int i = p; i < body.length(); i++) {
            char c = body.charAt(i);
            if (c == '(') {
                d++;
            } else if (c == ')' && --d == 0) {
                return body.substring(p + 1, i);
            }
        }
        return "";
    }

    private void commandLine(String flags) {
        sink.commandLine = flags;
        Matcher m = FLAG.matcher(flags);
        while (m.find()) {
            String name = m.group(2);
            String v = m.group(3);
            if ("+".equals(m.group(1))) {
                switch (name) {
                    case "UseG1GC" -> sink.collector = "G1";
                    case "UseConcMarkSweepGC" -> sink.collector = "CMS";
                    case "UseParallelGC", "UseParallelOldGC" -> sink.collector = "Parallel";
                    case "UseSerialGC" -> sink.collector = "Serial";
                    case "UseShenandoahGC" -> sink.collector = "Shenandoah";
                    default -> { }
                }
            } else if (v != null && name.equals("MaxHeapSize")) {
                sink.maxHeap = (long) SizeText.number(v, 0, v.length());
            } else if (v != null && name.equals("InitialHeapSize")) {
                sink.initialHeap = (long) SizeText.number(v, 0, v.length());
            }
        }
    }
}
