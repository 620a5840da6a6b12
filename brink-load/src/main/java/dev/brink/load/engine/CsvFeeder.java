package dev.brink.load.engine;

import dev.brink.core.BrinkUserException;
import dev.brink.core.InputFiles;
import dev.brink.core.InputKind;
import dev.brink.core.UserText;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The {@code data:} CSV feeder: rows read once into byte arrays (so a request copies bytes, never builds a
 * String), handed out sequentially or at random, wrapping around at the end. The first line names the
 * columns. Quoted fields ("a,b" and "" for a quote) are supported; embedded newlines are not. Limits, each
 * refused with one line: {@value #MAX_BYTES} bytes, {@value #MAX_LINE_CHARS} characters per line,
 * {@value #MAX_COLUMNS} columns, UTF-8 text. A value that a request field cannot carry (a NUL or space in a
 * value used in a path, a NUL in a header) is marked per row, and a request drawing it fails as
 * {@code invalid-value} instead of putting the bytes on the wire. Single-threaded (the engine's event loop).
 */
public final class CsvFeeder {
    /** A longer line is not a CSV row a person wrote (a binary file, a missing newline): refused with its number. */
    static final int MAX_LINE_CHARS = 64 * 1024;
    /** Columns are tracked in a {@code long} bit mask per row (see {@link #unsafe}). */
    static final int MAX_COLUMNS = 64;

    private final List<String> columns;
    private final byte[][][] rows;
    /** Per row, bit i set: column i holds a byte the given field cannot carry (indexed by {@link Template.Field#ordinal}). */
    private final long[][] unsafe;
    private final boolean random;
    private int cursor;

    private CsvFeeder(List<String> columns, byte[][][] rows, boolean random) {
        this.columns = columns;
        this.rows = rows;
        this.random = random;
        this.unsafe = new long[Template.Field.values().length][rows.length];
        for (Template.Field f : Template.Field.values()) {
            for (int r = 0; r < rows.length; r++) {
                for (int c = 0; c < rows[r].length; c++) if (f.forbids(rows[r][c])) unsafe[f.ordinal()][r] |= 1L << c;
            }
        }
    }

    public static CsvFeeder load(Path file, boolean random) throws BrinkUserException {
        return load(file, random, dev.brink.core.Shard.WHOLE);
    }

    /** Rows of {@code shard} only: data row k (0-based) is shard {@code k mod N}'s, so no two shards send one row. */
    public static CsvFeeder load(Path file, boolean random, dev.brink.core.Shard shard) throws BrinkUserException {
        List<String> lines = InputFiles.readUtf8(file, InputKind.CSV).lines().toList();
        if (lines.isEmpty()) {
            throw new BrinkUserException(file + ":1: expected a header line naming the columns, got an empty file");
        }
        List<String> columns = header(lines.get(0), file);
        List<byte[][]> rows = new ArrayList<>();
        long dataRows = 0;
        for (int i = 1; i < lines.size(); i++) {
            if (lines.get(i).isBlank()) continue;
            checkLength(lines.get(i), file, i + 1);
            List<String> cells = split(lines.get(i), file, i + 1);
            if (cells.size() != columns.size()) {
                throw new BrinkUserException(file + ":" + (i + 1) + ": expected " + columns.size() + " fields, got " + cells.size());
            }
            if (!shard.owns(dataRows++)) continue;
            byte[][] row = new byte[cells.size()][];
            for (int c = 0; c < row.length; c++) row[c] = cells.get(c).getBytes(StandardCharsets.UTF_8);
            rows.add(row);
        }
        if (rows.isEmpty() && dataRows > 0) {
            throw new BrinkUserException(file + ": " + dataRows + " data rows for shard " + shard
                    + ": expected at least one row per shard (row k goes to shard k mod N)");
        }
        if (rows.isEmpty()) {
            throw new BrinkUserException(file + ":2: expected at least one data row after the header");
        }
        return new CsvFeeder(List.copyOf(columns), rows.toArray(new byte[0][][]), random);
    }

    /** Column names of a CSV file's header (for plan validation). */
    public static List<String> header(Path file) throws BrinkUserException {
        InputFiles.checkRegular(file, InputKind.CSV);
        CharsetDecoder utf8 = StandardCharsets.UTF_8.newDecoder();
        try (BufferedReader in = new BufferedReader(new InputStreamReader(Files.newInputStream(file), utf8))) {
            // read at most one line's limit, so a file without a newline is not read whole into one String
            char[] buf = new char[MAX_LINE_CHARS + 2];
            int n = 0;
            int r;
            while (n < buf.length && (r = in.read(buf, n, buf.length - n)) > 0) {
                int end = indexOfLineEnd(buf, n, n + r);
                n += r;
                if (end >= 0) {
                    n = end;
                    break;
                }
            }
            if (n == 0) throw new BrinkUserException(file + ":1: expected a header line naming the columns, got an empty file");
            String first = new String(buf, 0, n);
            if (first.startsWith("\uFEFF")) first = first.substring(1);
            return header(first, file);
        } catch (CharacterCodingException e) {
            throw InputFiles.notUtf8(file + ":1", e, InputKind.CSV.what());
        } catch (IOException e) {
            throw new BrinkUserException("cannot read CSV " + file + ": " + UserText.oneLine(e.getMessage()));
        }
    }

    private static int indexOfLineEnd(char[] buf, int from, int to) {
        for (int i = from; i < to; i++) if (buf[i] == '\n' || buf[i] == '\r') return i;
        return -1;
    }

    private static List<String> header(String line, Path file) throws BrinkUserException {
        checkLength(line, file, 1);
        List<String> columns = split(line, file, 1);
        if (columns.size() > MAX_COLUMNS) {
            throw new BrinkUserException(file + ":1: expected at most " + MAX_COLUMNS + " columns, got " + columns.size());
        }
        return columns;
    }

    private static void checkLength(String line, Path file, int lineNo) throws BrinkUserException {
        if (line.length() > MAX_LINE_CHARS) {
            throw new BrinkUserException(file + ":" + lineNo + ": expected a line of at most " + MAX_LINE_CHARS
                    + " characters, got " + (line.length() > MAX_LINE_CHARS + 1 ? "more" : line.length()) + " (a binary file?)");
        }
    }

    public List<String> columns() {
        return columns;
    }

    public int size() {
        return rows.length;
    }

    /** The index of the next row (sequential, wrapping, or random). */
    int next(SplittableRandom rnd) {
        if (random) return rnd.nextInt(rows.length);
        int row = cursor;
        cursor = cursor + 1 == rows.length ? 0 : cursor + 1;
        return row;
    }

    public byte[][] row(int index) {
        return rows[index];
    }

    /** Bit i set: column i of row {@code index} holds a byte that {@code field} cannot carry. */
    public long unsafe(int index, Template.Field field) {
        return unsafe[field.ordinal()][index];
    }

    private static List<String> split(String line, Path file, int lineNo) throws BrinkUserException {
        List<String> out = new ArrayList<>();
        StringBuilder cell = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char ch = line.charAt(i);
            if (quoted) {
                if (ch == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
                    cell.append('"');
                    i++;
                } else if (ch == '"') {
                    quoted = false;
                } else {
                    cell.append(ch);
                }
            } else if (ch == '"' && cell.length() == 0) {
                quoted = true;
            } else if (ch == ',') {
                out.add(cell.toString());
                cell.setLength(0);
            } else {
                cell.append(ch);
            }
        }
        if (quoted) {
            throw new BrinkUserException(file + ":" + lineNo + ": expected a closing quote");
        }
        out.add(cell.toString());
        return out;
    }
}
