package dev.brink.core;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads a run-directory JSONL file back, streaming, one line in memory at a time ({@link LineInput}): the file must be
 * a regular file within its {@link InputKind}'s size, and a line longer than the kind's line limit stops the reading
 * with file:line. A run killed mid-write can leave a half line at the end: that last line is skipped, any other bad
 * line is a user error naming file and line.
 */
public final class JsonlReader {
    private JsonlReader() {
    }

    /** All complete lines of file; an absent file reads as no lines (a run may not have reached it). */
    public static List<JsonNode> readAll(Path file) throws BrinkUserException {
        List<JsonNode> lines = new ArrayList<>();
        forEach(file, lines::add);
        return lines;
    }

    /** Sees each line of a JSONL file. */
    @FunctionalInterface
    public interface Visitor {
        void line(JsonNode line) throws BrinkUserException;
    }

    /**
     * Hands each complete line of file to {@code visitor} in order, holding one line at a time (a day of 1-second lines
     * is some 100 MB of JSON); an absent file has none. The kind (its limits) follows the file's name:
     * {@link RunDirectory#kindOf}.
     */
    public static void forEach(Path file, Visitor visitor) throws BrinkUserException {
        forEach(file, RunDirectory.kindOf(String.valueOf(file.getFileName())), visitor);
    }

    /** As {@link #forEach(Path, Visitor)}, for a file of the given kind. */
    public static void forEach(Path file, InputKind kind, Visitor visitor) throws BrinkUserException {
        each(file, kind, (node, where) -> visitor.line(node));
    }

    /** Sees each line of a JSONL file as the record its writer wrote. */
    @FunctionalInterface
    public interface RecordVisitor<T> {
        void line(T line) throws BrinkUserException;
    }

    /**
     * As {@link #forEach(Path, Visitor)}, each line read as {@code type} (a run file's line record, {@link RunLines#RECORDS}),
     * so a reader names no key; a line that is JSON but not such a record is a user error naming file and line.
     */
    public static <T> void forEach(Path file, Class<T> type, RecordVisitor<T> visitor) throws BrinkUserException {
        each(file, RunDirectory.kindOf(String.valueOf(file.getFileName())), (node, where) -> {
            T line;
            try {
                line = Json.MAPPER.treeToValue(node, type);
            } catch (JsonProcessingException e) {
                throw new BrinkUserException(where + ": expected a " + file.getFileName() + " line ("
                        + UserText.oneLine(String.valueOf(e.getOriginalMessage())) + ")");
            } catch (IllegalArgumentException e) {
                throw new BrinkUserException(where + ": expected a " + file.getFileName() + " line ("
                        + UserText.oneLine(String.valueOf(e.getMessage())) + ")");
            }
            visitor.line(line);
        });
    }

    /** All complete lines of file as {@code type}; an absent file reads as no lines. */
    public static <T> List<T> readAll(Path file, Class<T> type) throws BrinkUserException {
        List<T> lines = new ArrayList<>();
        forEach(file, type, lines::add);
        return lines;
    }

    /** A line and where it is (file:line), for a reader that checks more than JSON and must say where it failed. */
    @FunctionalInterface
    public interface Located {
        void line(JsonNode node, String where) throws BrinkUserException;
    }

    /** As {@link #forEach(Path, Visitor)}, each line handed with its place ("events.jsonl:12"). */
    public static void forEachLocated(Path file, Located visitor) throws BrinkUserException {
        each(file, RunDirectory.kindOf(String.valueOf(file.getFileName())), visitor);
    }

    private static void each(Path file, InputKind kind, Located visitor) throws BrinkUserException {
        if (!Files.exists(file)) {
            return;
        }
        try (LineInput in = LineInput.open(file, kind)) {
            long pendingBad = 0;
            while (in.next()) {
                if (pendingBad > 0) {
                    throw new BrinkUserException(file + ":" + pendingBad + ": expected one JSON document per line");
                }
                if (in.blank()) {
                    continue;
                }
                JsonNode node;
                try {
                    node = Json.MAPPER.readTree(in.bytes(), in.start(), in.end() - in.start());
                } catch (JsonProcessingException e) {
                    pendingBad = in.number(); // tolerated only if it is the last line: a write cut by a kill
                    continue;
                } catch (IOException e) {
                    throw new BrinkUserException(in.where() + ": cannot read: " + UserText.oneLine(OutputFiles.reason(e)));
                }
                if (node == null || node.isMissingNode()) {
                    continue;
                }
                visitor.line(node, in.where());
            }
        }
    }
}
