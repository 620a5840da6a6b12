package dev.brink.heap;

import dev.brink.core.BrinkUserException;
import dev.brink.core.InputFiles;
import dev.brink.core.InputKind;
import dev.brink.core.JvmTypeNames;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A class histogram as {@code jcmd PID GC.class_histogram} (or {@code jmap -histo}) prints it: instances and
 * shallow bytes per class. Two of them, one taken early and one late, are the cheapest leak evidence there is:
 * no heap dump, one full GC on the target each, and the class that keeps growing is named at once.
 *
 * @param rows       one row per class, as printed (largest first)
 * @param totalBytes the "Total" line's bytes (sum of rows when the line is missing)
 */
public record ClassHistogram(List<Row> rows, long totalBytes) {
    /** One class: its name as Java writes it ("byte[]" where jcmd prints "[B"), without the module suffix. */
    public record Row(String className, long instances, long bytes) {
    }

    /** A class that grew between two histograms. */
    public record Growth(String className, long instancesBefore, long instancesAfter, long bytesBefore, long bytesAfter) {
        public long bytesDelta() {
            return bytesAfter - bytesBefore;
        }

        public long instancesDelta() {
            return instancesAfter - instancesBefore;
        }
    }

    // counts of at most 18 digits fit a long: a longer one is not what jmap prints, and the line is skipped
    private static final Pattern ROW = Pattern.compile("^\\s*\\d+:\\s+(\\d{1,18})\\s+(\\d{1,18})\\s+(\\S+)");
    private static final Pattern TOTAL = Pattern.compile("^Total\\s+\\d+\\s+(\\d{1,18})");

    public ClassHistogram {
        rows = List.copyOf(rows);
    }

    /** Reads a histogram file; a file with no histogram row is a user error naming the file. */
    public static ClassHistogram read(Path file) throws BrinkUserException {
        ClassHistogram h = parse(new String(InputFiles.readBytes(file, InputKind.CLASS_HISTOGRAM), StandardCharsets.UTF_8));
        if (h.rows().isEmpty()) {
            throw new BrinkUserException(file + ": expected a class histogram (lines like '   1:   120   4096  [B'), found none");
        }
        return h;
    }

    /** Parses histogram text; lines that are not rows (header, rule, pid line) are skipped. */
    public static ClassHistogram parse(String text) {
        List<Row> rows = new ArrayList<>();
        long total = -1;
        for (String line : text.split("\n")) {
            Matcher m = ROW.matcher(line);
            if (m.find()) {
                rows.add(new Row(JvmTypeNames.ofDotted(m.group(3)), Long.parseLong(m.group(1)), Long.parseLong(m.group(2))));
                continue;
            }
            Matcher t = TOTAL.matcher(line);
            if (t.find()) {
                total = Long.parseLong(t.group(1));
            }
        }
        return new ClassHistogram(rows, total >= 0 ? total : rows.stream().mapToLong(Row::bytes).sum());
    }

    /** The classes that grew in bytes from {@code before} to this histogram, most growth first, at most {@code top}. */
    public List<Growth> grownSince(ClassHistogram before, int top) {
        Map<String, Row> old = new HashMap<>();
        for (Row r : before.rows) {
            old.merge(r.className(), r, (a, b) -> new Row(a.className(), a.instances() + b.instances(), a.bytes() + b.bytes()));
        }
        Map<String, Row> now = new HashMap<>();
        for (Row r : rows) {
            now.merge(r.className(), r, (a, b) -> new Row(a.className(), a.instances() + b.instances(), a.bytes() + b.bytes()));
        }
        List<Growth> grown = new ArrayList<>();
        for (Row r : now.values()) {
            Row o = old.get(r.className());
            long ob = o == null ? 0 : o.bytes();
            if (r.bytes() > ob) {
                grown.add(new Growth(r.className(), o == null ? 0 : o.instances(), r.instances(), ob, r.bytes()));
            }
        }
        grown.sort(Comparator.comparingLong(Growth::bytesDelta).reversed().thenComparing(Growth::className));
        return grown.subList(0, Math.min(top, grown.size()));
    }
}
