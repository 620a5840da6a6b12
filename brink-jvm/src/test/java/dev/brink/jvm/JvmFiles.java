package dev.brink.jvm;

import com.fasterxml.jackson.databind.JsonNode;
import dev.brink.core.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Reads run-directory JSONL files back the way a later analyser would: every line must parse. */
final class JvmFiles {
    private JvmFiles() {
    }

    static List<JsonNode> lines(Path file) throws IOException {
        List<JsonNode> out = new ArrayList<>();
        if (!Files.exists(file)) return out;
        for (String line : Files.readAllLines(file)) {
            out.add(Json.MAPPER.readTree(line));
        }
        return out;
    }
}
