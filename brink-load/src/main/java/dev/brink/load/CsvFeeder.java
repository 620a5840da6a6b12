package dev.brink.load;

import dev.brink.core.BrinkUserException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The {@code data:} CSV feeder: rows read once into byte arrays (so a request copies bytes, never builds a
 * String), handed out sequentially or at random, wrapping around at the end. The first line names the
 * columns. Quoted fields ("a,b" and "" for a quote) are supported; embedded newlines are not.
 * Single-threaded (the engine's event loop).
 */
final class CsvFeeder {
    private final List<String> columns;
    private final byte[][][] rows;
    private final boolean random;
    private int cursor;

    private CsvFeeder(List<String> columns, byte[][][] rows, boolean random) {
        this.columns = columns;
        this.rows = rows;
        this.random = random;
    }

    static CsvFeeder load(Path file, boolean random) throws BrinkUserException {
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new BrinkUserException("cannot read CSV " + file + ": " + e.getMessage());
        }
        if (lines.isEmpty()) {
            throw new BrinkUserException(file + ":1: expected a header line naming the columns, got an empty file");
        }
        List<String> columns = split(lines.get(0), file, 1);
        List<byte[][]> rows = new ArrayList<>();
        for (int i = 1; i < lines.size(); i++) {
            if (lines.get(i).isBlank()) continue;
            List<String> cells = split(lines.get(i), file, i + 1);
            if (cells.size() != columns.size()) {
                throw new BrinkUserException(file + ":" + (i + 1) + ": expected " + columns.size() + " fields, got " + cells.size());
            }
            byte[][] row = new byte[cells.size()][];
            for (int c = 0; c < row.length; c++) row[c] = cells.get(c).getBytes(StandardCharsets.UTF_8);
            rows.add(row);
        }
        if (rows.isEmpty()) {
            throw new BrinkUserException(file + ":2: expected at least one data row after the header");
        }
        return new CsvFeeder(List.copyOf(columns), rows.toArray(new byte[0][][]), random);
    }

    /** Column names of a CSV file's header (for plan validation). */
    static List<String> header(Path file) throws BrinkUserException {
        try (var in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String first = in.readLine();
            if (first == null) throw new BrinkUserException(file + ":1: expected a header line naming the columns, got an empty file");
            return split(first, file, 1);
        } catch (IOException e) {
            throw new BrinkUserException("cannot read CSV " + file + ": " + e.getMessage());
        }
    }

    List<String> columns() {
        return columns;
    }

    int size() {
        return rows.length;
    }

    byte[][] next(SplittableRandom rnd) {
        if (random) return rows[rnd.nextInt(rows.length)];
        byte[][] row = rows[cursor];
        cursor = cursor + 1 == rows.length ? 0 : cursor + 1;
        return row;
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
