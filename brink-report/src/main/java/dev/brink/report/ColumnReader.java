package dev.brink.report;

import static dev.brink.report.JsonBytes.blank;
import static dev.brink.report.JsonBytes.expect;
import static dev.brink.report.JsonBytes.indexOf;
import static dev.brink.report.JsonBytes.literal;
import static dev.brink.report.JsonBytes.numberEnd;
import static dev.brink.report.JsonBytes.skip;
import static dev.brink.report.JsonBytes.stringEnd;
import static dev.brink.report.JsonBytes.unescape;
import static dev.brink.report.JsonBytes.ws;

import dev.brink.core.BrinkUserException;
import dev.brink.core.InputKind;
import dev.brink.core.LineInput;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Streams a JSONL run file into {@link Columns}, keeping only the numbers the report asks for. A 24-hour run has
 * 86 400 lines of about 1.5 KB per file, most of it (per-operation stats, memory pools) not charted: this reader
 * scans the bytes itself, skips every value no wanted pointer goes through with a bracket-and-quote counter, and
 * decodes only the wanted numbers — several times faster than a token stream, and small enough for the JIT to
 * compile early in a cold {@code brink report}. It checks the structure of what it reads (objects, strings,
 * literals; inside skipped values only brackets and quotes). As {@code JsonlReader}: a bad last line (a write cut
 * by a kill) is skipped, any other bad line is a user error naming file and line. Thread-safe: one file per call.
 *
 * @see ChartCatalog#pointers(String) which pointers each file is read for
 */
final class ColumnReader {
    private final Set<String> wanted;
    private final Set<String> wildcardParents;
    private final Set<String> textArrays;
    private final Set<String> descend = new HashSet<>();
    /** Each object the reader goes into, by pointer ("" the line itself), with the keys it looks for there. */
    private final Map<String, Level> levels = new HashMap<>();

    /** Child kinds of a {@link Level}. */
    private static final int LEAF = 1;
    private static final int OBJECT = 2;
    private static final int TEXTS = 4;
    private static final int EPOCH = 8;

    /**
     * The keys wanted in one object, as UTF-8 bytes, so a line's keys are matched without making a String of each
     * (a 24-hour run has some 20 million keys).
     */
    private static final class Level {
        final String path;
        final boolean wildcard;
        final List<byte[]> names = new ArrayList<>();
        final List<String> ptrs = new ArrayList<>();
        final List<Integer> kinds = new ArrayList<>();

        Level(String path, boolean wildcard) {
            this.path = path;
            this.wildcard = wildcard;
        }

        void add(String ptr, int kind) {
            String key = ptr.substring(ptr.lastIndexOf('/') + 1).replace("~1", "/").replace("~0", "~");
            int i = ptrs.indexOf(ptr);
            if (i >= 0) {
                kinds.set(i, kinds.get(i) | kind);
                return;
            }
            names.add(key.getBytes(StandardCharsets.UTF_8));
            ptrs.add(ptr);
            kinds.add(kind);
        }

        int find(byte[] b, int start, int len) {
            outer:
            for (int i = 0; i < names.size(); i++) {
                byte[] n = names.get(i);
                if (n.length != len) continue;
                for (int k = 0; k < len; k++) {
                    if (n[k] != b[start + k]) continue outer;
                }
                return i;
            }
            return -1;
        }

        int find(String key) {
            byte[] k = key.getBytes(StandardCharsets.UTF_8);
            return find(k, 0, k.length);
        }
    }

    /**
     * @param wanted          exact pointers ("/corrected/p99_ms") whose numbers are kept
     * @param wildcardParents objects ("/errors") whose every numeric child is kept
     * @param textArrays      arrays of strings ("/reasons") whose words are counted, and their length kept as
     *                        pointer + "#count"
     */
    ColumnReader(Set<String> wanted, Set<String> wildcardParents, Set<String> textArrays) {
        this.wanted = wanted;
        this.wildcardParents = wildcardParents;
        this.textArrays = textArrays;
        for (Set<String> s : List.of(wanted, wildcardParents, textArrays)) {
            for (String p : s) {
                for (int i = p.indexOf('/', 1); i > 0; i = p.indexOf('/', i + 1)) {
                    descend.add(p.substring(0, i));
                }
            }
        }
        descend.addAll(wildcardParents);
        levels.put("", new Level("", false));
        for (String d : descend) {
            levels.put(d, new Level(d, wildcardParents.contains(d)));
        }
        levels.get("").add("/epoch_ms", EPOCH);
        for (String d : descend) {
            levels.get(parent(d)).add(d, OBJECT);
        }
        for (String w : wanted) {
            levels.get(parent(w)).add(w, LEAF);
        }
        for (String t : textArrays) {
            levels.get(parent(t)).add(t, TEXTS);
        }
    }

    private static String parent(String ptr) {
        return ptr.substring(0, ptr.lastIndexOf('/'));
    }

    /**
     * Reads file (absent: no rows) line by line ({@link LineInput}: a regular file within the series limits, lines of
     * at most {@link InputKind#RUN_SERIES}'s line limit, else one line naming file:line).
     */
    Columns read(Path file) throws BrinkUserException {
        Columns c = new Columns();
        if (!Files.exists(file)) {
            return c;
        }
        try (LineInput in = LineInput.open(file, InputKind.RUN_SERIES)) {
            long bad = 0;
            while (in.next()) {
                if (blank(in.bytes(), in.start(), in.end())) {
                    continue;
                }
                if (bad > 0) {
                    throw new BrinkUserException(file + ":" + bad + ": expected one JSON object per line");
                }
                if (!line(in.bytes(), in.start(), in.end(), c)) {
                    bad = in.number(); // tolerated only if it is the last line: a write cut by a kill
                }
            }
        }
        return c;
    }

    private boolean line(byte[] b, int start, int end, Columns c) {
        int row = c.addRow(Columns.NO_TIME);
        try {
            int p = ws(b, start, end);
            p = object(b, p, end, levels.get(""), c, row);
            if (ws(b, p, end) != end) {
                throw JsonBytes.Bad.INSTANCE;
            }
            return true;
        } catch (JsonBytes.Bad | NumberFormatException e) {
            c.dropLastRow();
            return false;
        }
    }

    /** Reads the object at p (which must be '{') at level; returns the position after its '}'. */
    private int object(byte[] b, int p, int end, Level level, Columns c, int row) {
        p = expect(b, p, end, '{');
        p = ws(b, p, end);
        if (p < end && b[p] == '}') {
            return p + 1;
        }
        while (true) {
            p = ws(b, p, end);
            if (p >= end || b[p] != '"') {
                throw JsonBytes.Bad.INSTANCE;
            }
            int nameEnd = stringEnd(b, p, end);
            int nameStart = p + 1;
            int nameLen = nameEnd - p - 2;
            String key = null;
            if (indexOf(b, nameStart, nameStart + nameLen, (byte) '\\') >= 0) {
                key = unescape(new String(b, nameStart, nameLen, StandardCharsets.UTF_8)); // rare: escapes in a key
            }
            int idx = key == null ? level.find(b, nameStart, nameLen) : level.find(key);
            int kind = idx < 0 ? 0 : level.kinds.get(idx);
            p = ws(b, expect(b, ws(b, nameEnd, end), end, ':'), end);
            if (p >= end) {
                throw JsonBytes.Bad.INSTANCE;
            }
            byte v = b[p];
            if (v == '{') {
                p = (kind & OBJECT) != 0 ? object(b, p, end, levels.get(level.ptrs.get(idx)), c, row) : skip(b, p, end);
            } else if (v == '[') {
                p = (kind & TEXTS) != 0 ? texts(b, p, end, level.ptrs.get(idx), c, row) : skip(b, p, end);
            } else if (v == '"') {
                p = stringEnd(b, p, end);
            } else if (v == '-' || (v >= '0' && v <= '9')) {
                int q = numberEnd(b, p, end);
                if ((kind & EPOCH) != 0) {
                    c.setEpoch(row, (long) number(b, p, q));
                } else if ((kind & LEAF) != 0) {
                    c.set(level.ptrs.get(idx), row, number(b, p, q));
                } else if (level.wildcard) {
                    String name = key != null ? key : new String(b, nameStart, nameLen, StandardCharsets.UTF_8);
                    c.set(level.path + "/" + escape(name), row, number(b, p, q));
                }
                p = q;
            } else {
                p = literal(b, p, end);
            }
            p = ws(b, p, end);
            if (p < end && b[p] == ',') {
                p++;
            } else if (p < end && b[p] == '}') {
                return p + 1;
            } else {
                throw JsonBytes.Bad.INSTANCE;
            }
        }
    }

    private static double number(byte[] b, int from, int to) {
        return Double.parseDouble(new String(b, from, to - from, StandardCharsets.ISO_8859_1));
    }

    /** An array of strings: each counted, the length kept as ptr#count. */
    private static int texts(byte[] b, int p, int end, String ptr, Columns c, int row) {
        p = ws(b, p + 1, end);
        int count = 0;
        if (p < end && b[p] == ']') {
            c.set(ptr + "#count", row, 0);
            return p + 1;
        }
        while (true) {
            p = ws(b, p, end);
            if (p < end && b[p] == '"') {
                int q = stringEnd(b, p, end);
                String text = new String(b, p + 1, q - p - 2, StandardCharsets.UTF_8);
                c.count(ptr, text.indexOf('\\') >= 0 ? unescape(text) : text);
                p = q;
            } else {
                p = skip(b, p, end);
            }
            count++;
            p = ws(b, p, end);
            if (p < end && b[p] == ',') {
                p++;
            } else if (p < end && b[p] == ']') {
                c.set(ptr + "#count", row, count);
                return p + 1;
            } else {
                throw JsonBytes.Bad.INSTANCE;
            }
        }
    }


    private static String escape(String name) {
        return name.indexOf('/') < 0 && name.indexOf('~') < 0 ? name : name.replace("~", "~0").replace("/", "~1");
    }
}
