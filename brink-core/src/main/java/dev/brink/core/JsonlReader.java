package dev.brink.core;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads a run-directory JSONL file back. A run killed mid-write can leave a half line at the end: that
 * last line is skipped and counted, any other bad line is a user error naming file and line.
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
     * is some 100 MB of JSON); an absent file has none.
     */
    public static void forEach(Path file, Visitor visitor) throws BrinkUserException {
        if (!Files.exists(file)) {
            return;
        }
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String line;
            String pendingBad = null;
            int pendingLine = 0;
            int n = 0;
            while ((line = in.readLine()) != null) {
                n++;
                if (pendingBad != null) {
                    throw new BrinkUserException(file + ":" + pendingLine + ": expected one JSON document per line");
                }
                if (line.isBlank()) {
                    continue;
                }
                JsonNode node;
                try {
                    node = Json.MAPPER.readTree(line);
                } catch (JsonProcessingException e) {
                    pendingBad = line; // tolerated only if it is the last line: a write cut by a kill
                    pendingLine = n;
                    continue;
                }
                visitor.line(node);
            }
        } catch (IOException e) {
            throw new BrinkUserException("cannot read " + file + ": " + e.getMessage());
        }
    }
}
