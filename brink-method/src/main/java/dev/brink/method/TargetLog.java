package dev.brink.method;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/** The console of a target Brink launched (target.log), read from its end: what the target said last. */
final class TargetLog {
    /** How much of the file's end is read: one log line, however long the file. */
    static final int TAIL_BYTES = 8192;
    /** A line is cut here on the console. */
    static final int MAX_CHARS = 200;

    private TargetLog() {
    }

    /** The last non-blank line of {@code log}, control characters removed and cut at {@value #MAX_CHARS}; null if none. */
    static String lastLine(Path log) {
        try (RandomAccessFile f = new RandomAccessFile(log.toFile(), "r")) {
            long len = f.length();
            int n = (int) Math.min(len, TAIL_BYTES);
            byte[] b = new byte[n];
            f.seek(len - n);
            f.readFully(b);
            String[] lines = new String(b, StandardCharsets.UTF_8).split("\r?\n|\r");
            for (int i = lines.length - 1; i >= (n < len ? 1 : 0); i--) { // the first piece may be cut: never shown
                String l = lines[i].replaceAll("\\p{Cntrl}", "").strip();
                if (!l.isEmpty()) return l.length() > MAX_CHARS ? l.substring(0, MAX_CHARS) + "…" : l;
            }
            return null;
        } catch (IOException e) {
            return null;
        }
    }
}
