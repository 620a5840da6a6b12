package dev.brink.gc;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * JDK 9+ unified logging ({@code -Xlog:gc*}, {@code -Xlog:gc}, {@code -Xlog:gc+heap=debug} …) for G1, Parallel,
 * Serial, ZGC (single and generational), Shenandoah and CMS, with any decorators or none.
 *
 * <p>An event is a {@code GC(n)} line whose message starts with "Pause", "Concurrent", "Garbage Collection",
 * "Major/Minor Collection" and ends in a duration or a heap transition (the summary line each collector
 * prints at info level), or an "Allocation Stall" line. The detail lines of the same GC id that come before it
 * (generations, regions, metaspace, "To-space exhausted") are attached to it. Lines with known decorators
 * that are not events are details, not unknown; unknown are lines whose decorators do not parse.
 * Cost: one pass, no regex on the common path; single thread.
 */
final class UnifiedLogParser implements LineParser {
    private final ParseSink sink;
    private final Transition tr = new Transition();
    /** Details seen for GC ids whose summary line has not come yet. */
    private final Map<Long, Pending> pending = new HashMap<>();
    private boolean cancelled;
    /**
     * Shenandoah names a cycle's cause on the line before its first GC line, not in the cycle's names ("Trigger: GC
     * request (System.gc())" on JDK 25, "Trigger: Explicit GC request (System.gc())" or "Trigger: Implicit GC request
     * (Metadata GC Threshold)" on JDK 17): the next GC id's first event takes it. A heuristic's trigger ("Free … is
     * below …", "Average GC time …") is the heap's own pace: "" (null: no trigger waiting).
     */
    private String triggerCause;
    /** Event names, causes and generation labels repeat: one String each instead of one per event. */
    private final Map<String, String> words = new HashMap<>();

    // decorators of the current line: positions always, values only for events
    private static final int MAX_DECORATORS = 12;
    private final int[] decoFrom = new int[MAX_DECORATORS];
    private final int[] decoTo = new int[MAX_DECORATORS];
    private int decorators;
    private String current = "";
    private double uptimeSec;
    private long epochMs;

    UnifiedLogParser(ParseSink sink) {
        this.sink = sink;
    }

    private final java.util.Map<Long, Long> liveById = new java.util.HashMap<>();

    /**
     * Shenandoah's pacer estimate of the live set ("Pacer for Mark. Expected Live: 31559K, …", gc+ergo) and
     * the GC id it was printed under; -1 when none is waiting. See {@link #pacerLive(long, String)}.
     */
    private long pacerLive = -1;
    private long pacerLiveId = -1;
    /** Pacer lines seen: the JVM's first is a prior, not a measurement. */
    private int pacerMarks;
    /** "Mode: Generational" (JDK 21+ -XX:ShenandoahGCMode=generational): its pacer averages young marks too. */
    private boolean generationalShenandoah;

    private static final class Pending {
        final List<Generation> gens = new ArrayList<>(4);
        final Set<GcFlag> flags = EnumSet.noneOf(GcFlag.class);
        long metaspaceBefore = -1;
        long metaspace = -1;
        long committed = -1;

        void metaspace(long before, long after) {
            if (metaspaceBefore < 0) {
                metaspaceBefore = before;
            }
            metaspace = after;
        }
    }

    @Override
    public void line(String line, long lineNo) {
        current = line;
        decorators = 0;
        int pos = decorators(line);
        if (pos < 0) {
            if (!line.isBlank()) {
                sink.unknown(lineNo, line);
            }
            return;
        }
        int n = line.length();
        while (pos < n && line.charAt(pos) == ' ') {
            pos++;
        }
        // hot path: most lines are per-phase details of a GC; decide on them without allocating
        if (line.startsWith("GC(", pos)) {
            int close = line.indexOf(')', pos);
            if (close < 0) {
                sink.unknown(lineNo, line);
                return;
            }
            double id = SizeText.number(line, pos + 3, close);
            if (Double.isNaN(id)) {
                sink.unknown(lineNo, line);
                return;
            }
            int b = close + 1;
            while (b < n && line.charAt(b) == ' ') {
                b++;
            }
            if (!interesting(line, b)) {
                return;
            }
            gcLine((long) id, line.substring(b).stripTrailing(), lineNo);
            return;
        }
        if (pos < n && "AUCHVRMIT".indexOf(line.charAt(pos)) >= 0) {
            message(line.substring(pos).strip(), lineNo);
        }
    }

    /**
     * Could the GC line body at b be an event or a detail we keep? Cheap prefix and character checks. Generational
     * ZGC prefixes every line with its generation ("Y: ", "O: ") and prints a dozen table rows per cycle, of which
     * only "Live:", "Capacity:" and "Metaspace:" are kept: the prefix is looked past so those rows cost no String.
     */
    private static boolean interesting(String s, int b) {
        int n = s.length();
        if (b + 3 <= n && s.charAt(b + 1) == ':' && s.charAt(b + 2) == ' ' && "YyOo".indexOf(s.charAt(b)) >= 0) {
            b += 3;
        }
        while (b < n && s.charAt(b) == ' ') {
            b++;
        }
        if (b >= n) {
            return false;
        }
        switch (s.charAt(b)) {
            case 'P':
                return s.startsWith("Pause ", b) || s.startsWith("Promotion failed", b) || s.startsWith(PACER_MARK, b)
                        || s.indexOf("->", b) > 0;
            case 'C':
                return s.startsWith("Concurrent ", b) || s.startsWith("Capacity:", b) || s.indexOf("->", b) > 0;
            case 'G':
                return s.startsWith("Garbage Collection", b) || s.indexOf("->", b) > 0;
            case 'M':
                return s.startsWith("Major Collection", b) || s.startsWith("Minor Collection", b)
                        || s.startsWith("Metaspace", b) || s.startsWith("Max Capacity", b) || s.indexOf("->", b) > 0;
            case 'T':
                return s.startsWith("To-space", b) || s.indexOf("->", b) > 0;
            case 'L':
                return s.startsWith("Live:", b);
            case 'H':
                // G1's gc+humongous debug line ("Humongous region 40 (object size 3911848 @ 0x…)") and gc+heap's
                // "Humongous regions: 136->0"
                return s.startsWith("Humongous region ", b) || s.indexOf("->", b) > 0;
            default:
                // generation lines: "DefNew: 1K(2K)->…", "Eden regions: 3->0(5)", "ParOldGen: …"
                return s.indexOf("->", b) > 0;
        }
    }

    @Override
    public void end() {
        pending.clear();
    }

    /**
     * Finds the leading [..] decorators and remembers where they are; their values are parsed only for lines
     * that become events (see {@link #stamp()}). Returns the message start, or -1 when a bracket is unbalanced.
     */
    private int decorators(String s) {
        int pos = 0;
        int n = s.length();
        for (int k = 0; k < MAX_DECORATORS && pos < n && s.charAt(pos) == '['; k++) {
            int end = s.indexOf(']', pos);
            if (end < 0) {
                return -1;
            }
            decoFrom[k] = pos + 1;
            decoTo[k] = end;
            decorators = k + 1;
            pos = end + 1;
        }
        return pos;
    }

    /** Parses the current line's time decorators into uptimeSec / epochMs. */
    private void stamp() {
        uptimeSec = Double.NaN;
        epochMs = -1;
        for (int k = 0; k < decorators; k++) {
            decorator(current, decoFrom[k], decoTo[k]);
        }
    }

    private void decorator(String s, int from, int to) {
        int len = to - from;
        if (len >= 19 && s.charAt(from + 4) == '-' && s.charAt(from + 10) == 'T') {
            epochMs = IsoTime.epochMs(s, from, to);
            return;
        }
        if (len < 2) {
            return;
        }
        char last = s.charAt(to - 1);
        if (last != 's') {
            return; // level, tags, pid, tid
        }
        char prev = s.charAt(to - 2);
        if (prev == 'm' || prev == 'n') {
            double v = SizeText.number(s, from, to - 2);
            if (Double.isNaN(v)) {
                return;
            }
            double ms = prev == 'm' ? v : v / 1e6;
            if (ms > 1e11) {
                epochMs = (long) ms; // timemillis / timenanos
            } else {
                uptimeSec = ms / 1000.0;
            }
        } else if (Character.isDigit(prev)) {
            double v = SizeText.number(s, from, to - 1);
            if (!Double.isNaN(v)) {
                uptimeSec = v;
            }
        }
    }

    private void message(String m, long lineNo) {
        if (m.startsWith("GC(")) {
            int close = m.indexOf(')');
            if (close < 0) {
                sink.unknown(lineNo, m);
                return;
            }
            double id = SizeText.number(m, 3, close);
            if (Double.isNaN(id)) {
                sink.unknown(lineNo, m);
                return;
            }
            String body = m.substring(Math.min(m.length(), close + 1)).stripLeading();
            gcLine((long) id, body, lineNo);
            return;
        }
        if (m.startsWith("Allocation Stall") || m.startsWith("Relocation Stall")) {
            event(-1, m, lineNo, null);
        } else if (m.startsWith("Metaspace (") && m.contains(" allocation failed")) {
            // the JVM's report as it throws OutOfMemoryError: Metaspace ("data") or Compressed class space ("class")
            stamp();
            sink.metaspaceOom(new MetaspaceOom(uptimeSec, epochMs, m.contains("(class)") ? MetaspaceOom.CLASS_SPACE
                    : MetaspaceOom.METASPACE, sink.where(lineNo)));
        } else if (m.startsWith("MaxMetaspaceSize: ")) {
            long v = sizeAfterColon(m.replace(" MB", "M").replace(" KB", "K").replace(" GB", "G"));
            if (v > 0) {
                sink.maxMetaspace = v;
            }
        } else if (m.startsWith("Using ")) {
            sink.collector = collector(m.substring(6).strip());
        } else if (m.startsWith("Mode: Generational")) {
            generationalShenandoah = true; // Shenandoah's init line (gc+init)
        } else if (m.startsWith("Trigger")) {
            // "Trigger: …" and generational Shenandoah's "Trigger (Young): …"
            triggerCause = m.contains("GC request (") ? word(cause(m)) : "";
        } else if (m.startsWith("Cancelling") && m.contains("GC")) {
            cancelled = true; // Shenandoah gave up a concurrent cycle; the next STW event pays for it
        } else if (m.startsWith("CPUs: ")) {
            int sp = m.indexOf(' ', 6);
            double v = SizeText.number(m, 6, sp < 0 ? m.length() : sp);
            if (!Double.isNaN(v)) {
                sink.cpus = (int) v;
            }
            int avail = m.indexOf(" available");
            int comma = m.indexOf(", ");
            if (avail > 0 && comma > 0 && comma < avail) {
                double a = SizeText.number(m, comma + 2, avail);
                if (!Double.isNaN(a)) {
                    sink.cpus = (int) a;
                }
            }
        } else if (m.startsWith("Heap Max Capacity: ") || m.startsWith("Max Capacity: ")) {
            long v = sizeAfterColon(m);
            if (v > 0) {
                sink.maxHeap = v;
            }
        } else if (m.startsWith("Heap Region Size: ")) {
            long v = sizeAfterColon(m);
            if (v > 0) {
                sink.regionSize = v;
            }
        } else if (m.startsWith("Heap Initial Capacity: ") || m.startsWith("Initial Capacity: ")) {
            long v = sizeAfterColon(m);
            if (v > 0) {
                sink.initialHeap = v;
            }
        } else if (m.startsWith("Version: ")) {
            sink.jvmVersion = m.substring(9).strip();
        }
    }

    /**
     * G1's {@code gc+humongous} debug line, one per humongous object at the start of every young collection (JDK 17
     * and 25: "Humongous region 40 (object size 3911848 @ 0x00000000f2800000) remset 0 …", the object's size in
     * bytes): the only place a log states how large its humongous objects are.
     */
    private void humongousObject(String body) {
        int at = body.indexOf("(object size ");
        if (at < 0) {
            return;
        }
        int from = at + 13;
        int to = from;
        while (to < body.length() && Character.isDigit(body.charAt(to))) {
            to++;
        }
        double v = SizeText.number(body, from, to);
        if (to > from && !Double.isNaN(v)) {
            sink.humongousObject((long) v);
        }
    }

    private static long sizeAfterColon(String m) {
        int c = m.indexOf(": ") + 2;
        int e = Transition.sizeEnd(m, c);
        return SizeText.parse(m, c, e);
    }

    static String collector(String using) {
        if (using.startsWith("G1")) {
            return "G1";
        } else if (using.startsWith("Serial")) {
            return "Serial";
        } else if (using.startsWith("Parallel")) {
            return "Parallel";
        } else if (using.contains("Z Garbage Collector")) {
            return using.contains("Generational") ? "Generational ZGC" : "ZGC";
        } else if (using.startsWith("Shenandoah")) {
            return "Shenandoah";
        } else if (using.startsWith("Concurrent Mark Sweep")) {
            return "CMS";
        } else if (using.startsWith("Epsilon")) {
            return "Epsilon";
        }
        return using;
    }

    private void gcLine(long id, String body, long lineNo) {
        // generational ZGC prefixes phases with the generation: "Y: Pause Mark Start", "O: Concurrent Mark"
        if (body.length() > 3 && body.charAt(1) == ':' && body.charAt(2) == ' ' && "YyOo".indexOf(body.charAt(0)) >= 0) {
            body = body.substring(3);
        }
        if (body.startsWith("Pause ") || body.startsWith("Concurrent ") || body.startsWith("Garbage Collection")
                || body.startsWith("Major Collection") || body.startsWith("Minor Collection")) {
            if (body.charAt(1) == 'a' && body.startsWith("Major Collection") || body.startsWith("Minor Collection")) {
                // JDK 23+ says "Using The Z Garbage Collector" for generational ZGC, its only mode from JDK 24 on
                if (sink.collector.equals("ZGC")) {
                    sink.collector = "Generational ZGC";
                }
            }
            // ZGC's phases ("Pause Mark End", "Concurrent Relocate") are events of their own inside a cycle whose
            // details (metaspace, capacity) belong to the cycle's summary line: generational ZGC prints the young
            // generation's details before the old generation's pauses, which must leave them for the summary
            boolean zgcPhase = sink.collector.contains("ZGC") && (body.startsWith("Pause ") || body.startsWith("Concurrent "));
            Pending p = zgcPhase ? null : pending.remove(id);
            Long live = body.contains("->") && !body.startsWith("Pause ") && !body.startsWith("Concurrent ") ? liveById.remove(id) : null;
            if (live != null) {
                p = p == null ? new Pending() : p;
                p.gens.add(new Generation(LIVE, -1, live, -1, false));
            } else if (id == pacerLiveId && body.contains("->") && isShenandoahCleanup(body)) {
                p = p == null ? new Pending() : p;
                p.gens.add(new Generation(EXPECTED_LIVE, -1, pacerLive, -1, false));
            }
            event(id, body, lineNo, p);
            return;
        }
        if (body.startsWith(PACER_MARK)) {
            pacerLive(id, body);
            return;
        }
        if (body.startsWith("Humongous region ")) {
            humongousObject(body);
            return;
        }
        if (body.startsWith("To-space exhausted")) {
            pend(id).flags.add(GcFlag.TO_SPACE_EXHAUSTED);
            return;
        }
        if (body.startsWith("Promotion failed")) {
            // Serial and Parallel (gc+promotion, JDK 9+): the young collection's summary line follows under the same id
            pend(id).flags.add(GcFlag.PROMOTION_FAILED);
            return;
        }
        if (body.startsWith("Max Capacity: ") && sink.maxHeap < 0) {
            sink.maxHeap = sizeAfterColon(body); // ZGC
            return;
        }
        if (body.stripLeading().startsWith("Live:")) {
            // ZGC's table: bytes marked live, at Mark End … Relocate End; generational ZGC prints a row per
            // generation. The cycle's "->after" also holds what was allocated while it ran (tens of MB at a high
            // allocation rate), so the live bytes are the floor a leak verdict should see (kept as generation "Live").
            // The Mark End column is the one to add up: marking measures liveness. Later columns of generational
            // ZGC's young row fall to nothing as its survivors are promoted (relocated into the old generation, where
            // the old row, marked from the old pages at mark start, does not count them): a 15 MB live set read as
            // 12 MB at Relocate End, and a few MB at times, which made a slow leak look flat.
            long live = firstSize(body);
            if (live >= 0) {
                if (liveById.size() > 64) {
                    liveById.clear(); // ids whose summary never came: forget them
                }
                liveById.merge(id, live, Long::sum);
            }
            return;
        }
        if (body.startsWith("Capacity: ")) {
            // ZGC's table: committed heap at mark start, first column
            pend(id).committed = sizeAfterColon(body.replaceFirst(":\\s+", ": "));
            return;
        }
        int colon = body.indexOf(": ");
        if (colon <= 0 || body.indexOf("->", colon) < 0) {
            if (colon > 0 && body.startsWith("Metaspace: ")) {
                // ZGC: "Metaspace: 17M used, 17M committed, 1040M reserved"
                int e = Transition.sizeEnd(body, 11);
                long used = SizeText.parse(body, 11, e);
                if (used >= 0) {
                    // generational ZGC prints a line per generation: the young one's comes before the old one's unloading
                    pend(id).metaspace(used, used);
                }
            }
            return;
        }
        generations(id, body);
    }

    /** The generation name under which a ZGC cycle's live bytes are kept. */
    static final String LIVE = "Live";
    /** ... and a Shenandoah cycle's pacer estimate of them (see {@link #pacerLive(long, String)}). */
    static final String EXPECTED_LIVE = "Expected Live";

    static final String PACER_MARK = "Pacer for Mark. Expected Live: ";

    /**
     * Keeps Shenandoah's pacer estimate of the live set for the cycle it was printed in, whose "Concurrent cleanup"
     * events then carry it as generation {@link #EXPECTED_LIVE}.
     *
     * <p>What the figure is (shenandoahPacer.cpp; the same wording in the JDK 17 and 25 logs read here): at each
     * concurrent mark's start the pacer logs "Expected Live", the mean of the bytes the last five concurrent marks found
     * live (its progress history, fed only by marking: evacuation and update-refs report to the budget, not to it), to
     * tax allocation while this mark runs. Marking counts the objects reachable at the mark's start; what is allocated
     * meanwhile is above the mark's top and is not counted, nor is garbage, so the figure measures the live set whatever
     * the cycle then manages to free. The cycle's "after" does not: a cycle starts at a fixed free level and evacuates at
     * most its reserve's worth of live data ("Max Evacuation: 2730K" in 64 MB, JDK 17's "Max CSet"), so with the live set
     * spread over every region it frees about the same amount each time and its "after" sits level, 39-41 MB for ten
     * cycles over 13 s, while a leak of 1.5 MB/s grew under it and Expected Live rose 6.7 → 31 MB (ClearingHouse, JDK 17
     * and 25). Its faults: it is a mean of five marks, so it lags a growing live set by about two cycles and takes five
     * cycles to settle after a fill, which flattens a slope seen over few cycles (GcLogAnalyzer reads both series for
     * that reason); and the JVM's first mark has no history, so it prints a prior, a tenth of the heap, which is skipped
     * (the first such line a log holds: in a log that starts mid-run one real reading is lost). Not read in generational
     * mode, where young marks feed the same history and the old cycles' estimate would be mostly the young generation's.
     * Absent with -Xlog:gc alone (the line is gc+ergo) or -XX:-ShenandoahPacing: then only "after" is read.
     */
    private void pacerLive(long id, String body) {
        if (pacerMarks++ == 0 || generationalShenandoah || !sink.collector.equals("Shenandoah")) {
            return;
        }
        long live = SizeText.parse(body, PACER_MARK.length(), Transition.sizeEnd(body, PACER_MARK.length()));
        if (live >= 0) {
            pacerLive = live;
            pacerLiveId = id;
        }
    }

    /**
     * A non-generational Shenandoah cycle's result: "Concurrent cleanup 57M->40M(64M)" (with "(unload classes)" when it
     * unloads), not generational mode's "Concurrent cleanup (Young)" or "(Old)".
     */
    private static boolean isShenandoahCleanup(String body) {
        return body.startsWith("Concurrent cleanup") && !body.contains("(Young)") && !body.contains("(Old)")
                && !body.contains("(Global)");
    }

    /** The first size ("15M") on a table row, in bytes; -1 when none. */
    static long firstSize(String body) {
        int n = body.length();
        for (int i = 1; i < n; i++) {
            char c = body.charAt(i);
            if ((c == 'K' || c == 'M' || c == 'G') && Character.isDigit(body.charAt(i - 1))
                    && (i + 1 == n || !Character.isLetterOrDigit(body.charAt(i + 1)))) {
                int start = i - 1;
                while (start > 0 && Character.isDigit(body.charAt(start - 1))) {
                    start--;
                }
                return SizeText.parse(body, start, i + 1);
            }
        }
        return -1;
    }

    private Pending pend(long id) {
        if (pending.size() > 64) {
            pending.clear(); // ids whose summary never came (filtered tags, truncated log): forget them
        }
        return pending.computeIfAbsent(id, k -> new Pending());
    }

    /** "DefNew: 17472K(19648K)->2175K(19648K) Eden: …", "Old regions: 3->5", "Metaspace: 1K(2K)->1K(2K) …". */
    private void generations(long id, String body) {
        int start = 0;
        boolean first = true;
        while (start < body.length()) {
            int colon = body.indexOf(": ", start);
            if (colon < 0) {
                return;
            }
            String label = word(body.substring(start, colon).strip());
            int v = colon + 2;
            if (label.endsWith(" regions")) {
                int arrow = body.indexOf("->", v);
                if (arrow < 0) {
                    return;
                }
                double b = SizeText.number(body, v, arrow);
                int e = arrow + 2;
                while (e < body.length() && Character.isDigit(body.charAt(e))) {
                    e++;
                }
                double a = SizeText.number(body, arrow + 2, e);
                // "Eden regions: 31->0(35)": the target G1 set for the next young list, in regions
                long target = -1;
                int close = e < body.length() && body.charAt(e) == '(' ? body.indexOf(')', e) : -1;
                if (close > e + 1) {
                    double t = SizeText.number(body, e + 1, close);
                    target = Double.isNaN(t) ? -1 : (long) t;
                }
                if (!Double.isNaN(b) && !Double.isNaN(a)) {
                    String name = label.substring(0, label.length() - 8);
                    Pending p = pend(id);
                    p.gens.add(new Generation(name, (long) b, (long) a, target, true));
                    if (name.equals("Humongous") && a > 0) {
                        p.flags.add(GcFlag.HUMONGOUS);
                    }
                }
                return;
            }
            if (!tr.parse(body, v)) {
                return;
            }
            if (label.equals("Metaspace") || label.equals("Metaspace used")) {
                pend(id).metaspace(tr.before, tr.after);
                return; // NonClass / Class follow: not heap
            }
            if (first) {
                // only the first label on a line is a generation; "Eden:"/"From:" after it are its spaces
                pend(id).gens.add(new Generation(label, tr.before, tr.after, tr.committed, false));
                first = false;
            }
            start = tr.end;
        }
    }

    private void event(long id, String body, long lineNo, Pending p) {
        int n = body.length();
        int lastSp = body.lastIndexOf(' ');
        if (lastSp < 0) {
            return;
        }
        double dur = SizeText.durationMs(body, lastSp + 1, n);
        int nameEnd = n;
        long before = -1;
        long after = -1;
        long committed = -1;
        if (!Double.isNaN(dur)) {
            nameEnd = lastSp;
        }
        int sp = body.lastIndexOf(' ', nameEnd - 1);
        if (sp > 0 && body.indexOf("->", sp) > 0 && body.indexOf("->", sp) < nameEnd && tr.parse(body, sp + 1)) {
            before = tr.before;
            after = tr.after;
            committed = tr.committed;
            // ZGC's summary "100M(78%)->66M(52%)": shares of the maximum heap, which -Xlog:gc alone does not print
            sink.percentOfMax(tr.before, tr.beforePercent);
            sink.percentOfMax(tr.after, tr.afterPercent);
            nameEnd = sp;
        }
        if (Double.isNaN(dur) && after < 0) {
            return; // a start line ("GC(3) Pause Young (Normal) (G1 Evacuation Pause)"): the summary follows
        }
        String name = word(body.substring(0, nameEnd).strip());
        GcKind kind = kind(name);
        if (kind == null) {
            return;
        }
        Set<GcFlag> flags = p == null ? EnumSet.noneOf(GcFlag.class) : p.flags;
        // A stall's parentheses name the thread that waited ("Allocation Stall (main) 0.204ms"), and generational ZGC's
        // "Y: Pause Mark Start (Major)" says the young collection is part of a major one: neither is a cause, which
        // that collector logs once per cycle ("Major Collection (Allocation Rate)").
        String group = cause(name);
        boolean notCause = kind == GcKind.ALLOCATION_STALL || kind == GcKind.OTHER_PAUSE && (group.equals("Major") || group.equals("Minor"));
        // Shenandoah's groups are the cycle's modes ("Pause Init Mark (unload classes)"), not causes: its cause comes from
        // the "Trigger:" line before the cycle
        boolean mode = group.equals("unload classes") || group.equals("process weakrefs") || group.equals("update refs");
        String cause = notCause || mode ? "" : word(group);
        if (triggerCause != null && id >= 0) {
            cause = cause.isEmpty() ? triggerCause : cause;
            triggerCause = null;
        }
        if (cause.contains("Humongous")) {
            flags.add(GcFlag.HUMONGOUS);
        }
        if (name.contains("Evacuation Failure")) {
            flags.add(GcFlag.TO_SPACE_EXHAUSTED);
        }
        if (cancelled && kind.isPause() && (kind == GcKind.DEGENERATED || kind == GcKind.FULL)) {
            flags.add(GcFlag.CANCELLED_CYCLE);
            cancelled = false;
        }
        if (committed < 0 && p != null) {
            committed = p.committed; // ZGC prints percentages in the summary, the capacity in its table
        }
        stamp();
        sink.event(new GcEvent(uptimeSec, epochMs, id, kind, name, cause, dur, before, after, committed,
                p == null ? -1 : p.metaspaceBefore, p == null ? -1 : p.metaspace, p == null ? List.of() : p.gens, flags, sink.where(lineNo)));
    }

    private String word(String w) {
        if (words.size() > 10_000) {
            return w; // a log with endless distinct names: stop caching
        }
        String known = words.putIfAbsent(w, w);
        return known == null ? w : known;
    }

    static GcKind kind(String name) {
        if (name.startsWith("Pause Young")) {
            return name.contains("(Mixed)") ? GcKind.MIXED : GcKind.YOUNG;
        } else if (name.startsWith("Pause Full")) {
            return GcKind.FULL;
        } else if (name.startsWith("Pause Degenerated")) {
            return GcKind.DEGENERATED;
        } else if (name.startsWith("Pause Remark") || name.startsWith("Pause Final Mark")) {
            return GcKind.REMARK;
        } else if (name.startsWith("Pause Cleanup")) {
            return GcKind.CLEANUP;
        } else if (name.startsWith("Pause Init")) {
            return GcKind.INITIAL_MARK;
        } else if (name.startsWith("Pause ")) {
            return GcKind.OTHER_PAUSE;
        } else if (name.startsWith("Allocation Stall") || name.startsWith("Relocation Stall")) {
            return GcKind.ALLOCATION_STALL;
        } else if (name.startsWith("Concurrent ") || name.startsWith("Garbage Collection")
                || name.startsWith("Major Collection") || name.startsWith("Minor Collection")) {
            return GcKind.CONCURRENT;
        }
        return null;
    }

    /** The last parenthesised group of the name, nested parentheses allowed: "System.gc()". */
    static String cause(String name) {
        int close = name.lastIndexOf(')');
        if (close < 0) {
            return "";
        }
        int depth = 0;
        for (int i = close; i >= 0; i--) {
            char c = name.charAt(i);
            if (c == ')') {
                depth++;
            } else if (c == '(') {
                depth--;
                if (depth == 0) {
                    return name.substring(i + 1, close);
                }
            }
        }
        return "";
    }
}
