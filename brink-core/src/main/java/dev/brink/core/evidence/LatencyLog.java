package dev.brink.core.evidence;

import dev.brink.core.BrinkUserException;
import dev.brink.core.InputFiles;
import dev.brink.core.InputKind;
import dev.brink.core.Sizes;
import dev.brink.core.UserText;
import java.io.BufferedInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;

/**
 * latency.hlog read back: the load engine's HdrHistogram interval log (HdrHistogram's documented log format), one
 * histogram per interval and tag, values in microseconds. Tags ({@link #CORRECTED}, {@link #UNCORRECTED}, and
 * {@link #corrected(String)} per operation when a run has more than one) are the contract the load engine writes and
 * {@code brink merge}, {@code brink compare} and report.html's knee read.
 *
 * <p>A kill can cut the last line: it is left out and {@link Visitor} is told nothing of it, the seconds before it are
 * whole ({@link #forEach} returns true). Any other line the HdrHistogram reader cannot decode is a corrupt file: one
 * line naming the file and the interval after which it failed. Streams: memory holds one interval at a time.
 */
public final class LatencyLog {
    /** Latency from the intended send time (no coordinated omission): what the user of the service would measure. */
    public static final String CORRECTED = "corrected";
    /** Latency from the actual send: the service's time alone. */
    public static final String UNCORRECTED = "uncorrected";

    private LatencyLog() {
    }

    /** One interval's histogram, its times absolute (epoch ms). */
    public record Interval(String tag, long startMs, long endMs, Histogram histogram) {
    }

    /** Sees each interval in file order. */
    @FunctionalInterface
    public interface Visitor {
        void interval(Interval interval) throws BrinkUserException;
    }

    /** The tag of an operation's corrected latency ("corrected.checkout"); written only when a run has several. */
    public static String corrected(String operation) {
        return CORRECTED + "." + operation;
    }

    /** The tag of an operation's uncorrected latency. */
    public static String uncorrected(String operation) {
        return UNCORRECTED + "." + operation;
    }

    /** Every whole interval of file; an absent file has none. */
    public static List<Interval> readAll(Path file) throws BrinkUserException {
        List<Interval> out = new ArrayList<>();
        forEach(file, out::add);
        return out;
    }

    /**
     * Hands each whole interval of {@code file} to {@code visitor}; an absent file has none.
     *
     * @return true when the file ends in the middle of a line (a write a kill cut), which was left out
     */
    public static boolean forEach(Path file, Visitor visitor) throws BrinkUserException {
        if (!Files.exists(file)) {
            return false;
        }
        long size = InputFiles.checkRegular(file, InputKind.LATENCY_LOG);
        long whole = wholeLines(file);
        int n = 0;
        try (InputStream in = new Bounded(new BufferedInputStream(InputFiles.open(file, InputKind.LATENCY_LOG), 1 << 16), whole)) {
            HistogramLogReader reader = new HistogramLogReader(in);
            EncodableHistogram h;
            while (true) {
                try {
                    h = reader.nextIntervalHistogram();
                } catch (LineTooLong e) {
                    throw new BrinkUserException(file + ": after interval " + n + ": a line longer than "
                            + Sizes.human(InputKind.LATENCY_LOG.maxLineBytes()) + ", expected " + InputKind.LATENCY_LOG.what());
                } catch (RuntimeException e) {
                    throw new BrinkUserException(file + ": after interval " + n + ": expected an HdrHistogram interval log line ("
                            + oneLine(e) + ")");
                }
                if (h == null) {
                    break;
                }
                n++;
                if (!(h instanceof Histogram hist)) {
                    throw new BrinkUserException(file + ": interval " + n + ": expected an integer histogram (Brink writes"
                            + " microseconds), got " + h.getClass().getSimpleName());
                }
                visitor.interval(new Interval(hist.getTag() == null ? "" : hist.getTag(), hist.getStartTimeStamp(),
                        hist.getEndTimeStamp(), hist));
            }
        } catch (IOException e) {
            throw new BrinkUserException("cannot read " + file + ": " + oneLine(e));
        }
        return whole < size;
    }

    /**
     * The length of the file up to and including its last line break, looked for backwards from the end for at most a
     * line's limit (a file of zeros is not read whole).
     */
    private static long wholeLines(Path file) throws BrinkUserException {
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "r")) {
            long length = f.length();
            long end = length;
            byte[] buf = new byte[4096];
            while (end > 0) {
                if (length - end > InputKind.LATENCY_LOG.maxLineBytes()) {
                    throw new BrinkUserException(file + ": its last line is longer than "
                            + Sizes.human(InputKind.LATENCY_LOG.maxLineBytes()) + ", expected " + InputKind.LATENCY_LOG.what());
                }
                int n = (int) Math.min(buf.length, end);
                f.seek(end - n);
                f.readFully(buf, 0, n);
                for (int i = n - 1; i >= 0; i--) {
                    if (buf[i] == '\n') {
                        return end - n + i + 1;
                    }
                }
                end -= n;
            }
            return 0;
        } catch (IOException e) {
            throw new BrinkUserException("cannot read " + file + ": " + oneLine(e));
        }
    }

    private static String oneLine(Exception e) {
        return UserText.oneLine(e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage());
    }

    /**
     * The first {@code limit} bytes of a stream, failing on a line over {@link InputKind#LATENCY_LOG}'s limit. The failure
     * is unchecked: HdrHistogram's reader reads through a {@code Scanner}, which takes an IOException for the end of the
     * input and would stop without a word.
     */
    private static final class Bounded extends FilterInputStream {
        private final int maxLine = InputKind.LATENCY_LOG.maxLineBytes();
        private long left;
        private int line;

        Bounded(InputStream in, long limit) {
            super(in);
            left = limit;
        }

        @Override
        public int read() throws IOException {
            if (left <= 0) {
                return -1;
            }
            int b = super.read();
            if (b >= 0) {
                left--;
                count(b);
            }
            return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (left <= 0) {
                return -1;
            }
            int n = super.read(b, off, (int) Math.min(len, left));
            if (n > 0) {
                left -= n;
                for (int i = off; i < off + n; i++) {
                    count(b[i]);
                }
            }
            return n;
        }

        private void count(int b) {
            line = b == '\n' ? 0 : line + 1;
            if (line > maxLine) {
                throw new LineTooLong();
            }
        }
    }

    private static final class LineTooLong extends RuntimeException {
        LineTooLong() {
            super(null, null, false, false);
        }
    }
}
