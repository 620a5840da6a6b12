package dev.brink.core.evidence;

import dev.brink.core.BrinkUserException;
import dev.brink.core.InputFiles;
import dev.brink.core.InputKind;
import dev.brink.core.OutputFiles;
import dev.brink.core.UserText;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Execution samples as folded stacks, the text format flame-graph tools share (Brendan Gregg's stackcollapse,
 * async-profiler's collapsed output): one line per distinct stack, its frames from the root to the leaf joined
 * by {@code ;}, a space, and how many samples had that stack. Frames are {@code package.Class.method}; a frame
 * name never holds {@code ;} or a line break (JVM method and class names cannot), so the format needs no escaping.
 * Lines are written most-sampled first, so the head of the file is the hot part.
 *
 * @param stacks samples by folded stack (root first)
 */
public record FoldedStacks(Map<String, Long> stacks) {
    /** A sample count above this is no count of samples (a year at a sample per microsecond): the sums cannot overflow. */
    static final long MAX_COUNT = 1L << 45;

    public FoldedStacks {
        stacks = Collections.unmodifiableMap(new LinkedHashMap<>(stacks));
    }

    /** All samples. */
    public long total() {
        long t = 0;
        for (long n : stacks.values()) {
            t += n;
        }
        return t;
    }

    /** Writes the stacks to {@code file}, atomically ({@link OutputFiles}). */
    public void write(Path file) throws BrinkUserException {
        List<Map.Entry<String, Long>> lines = new ArrayList<>(stacks.entrySet());
        lines.sort(Map.Entry.<String, Long>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()));
        OutputFiles.write(file, out -> {
            Writer w = new OutputStreamWriter(out, StandardCharsets.UTF_8);
            for (Map.Entry<String, Long> e : lines) {
                w.write(e.getKey());
                w.write(' ');
                w.write(Long.toString(e.getValue()));
                w.write('\n');
            }
            w.flush();
        });
    }

    /**
     * Reads a folded-stacks file; a line that is not {@code frames count} is one error line with its number.
     * Repeated stacks add up, as every flame-graph tool reads them.
     */
    public static FoldedStacks read(Path file) throws BrinkUserException {
        String text = InputFiles.readUtf8(file, InputKind.FOLDED_STACKS);
        Map<String, Long> out = new LinkedHashMap<>();
        int lineNo = 0;
        for (String line : text.split("\n", -1)) {
            lineNo++;
            if (line.isBlank()) {
                continue;
            }
            int space = line.lastIndexOf(' ');
            long n = -1;
            if (space > 0) {
                try {
                    n = Long.parseLong(line.substring(space + 1).trim());
                } catch (NumberFormatException e) {
                    n = -1;
                }
            }
            if (n < 0 || n > MAX_COUNT) {
                // quote() escapes control characters: lines ended by a bare CR are one line here, and their CRs
                // must not reach the terminal inside the one-line message
                throw new BrinkUserException(file + ": line " + lineNo + ": expected 'frame;frame;… count', found '"
                        + UserText.quote(line) + "'");
            }
            out.merge(line.substring(0, space), n, Long::sum);
        }
        return new FoldedStacks(out);
    }
}
