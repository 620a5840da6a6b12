package dev.brink.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import dev.brink.core.BrinkUserException;
import dev.brink.core.Json;
import dev.brink.core.JsonlReader;
import dev.brink.core.RunDirectory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The report's own JSONL scanner against Jackson (the project's one JSON parser), on run files and on mutated ones. */
class ColumnReaderTest {
    /** What each file is read for (ChartCatalog and the generator section): these must match Jackson's numbers. */
    private static final java.util.Map<String, List<String>> POINTERS = java.util.Map.of(
            RunDirectory.LOAD, List.of("/target_rps", "/sent", "/ok", "/dropped", "/corrected/p50_ms", "/corrected/p99_ms",
                    "/corrected/max_ms", "/uncorrected/p50_ms", "/uncorrected/p99_ms", "/errors/http-503"),
            RunDirectory.JVM, List.of("/heap/used", "/heap/committed", "/heap_after_gc", "/threads/runnable", "/threads/blocked",
                    "/threads/waiting", "/threads/timed_waiting", "/cpu/process_load"),
            RunDirectory.GC, List.of("/duration_ms"),
            RunDirectory.GENERATOR, List.of("/process_cpu", "/loop_cpu", "/lag_p99_ms", "/gc_pause_ms", "/connections",
                    "/ephemeral_ports_in_use", "/ephemeral_port_range", "/time_wait", "/dropped"));

    @TempDir
    Path dir;

    @Test
    void readsTheSameNumbersAsJackson() throws Exception {
        LongRun.write(dir, 300);
        for (String name : List.of(RunDirectory.LOAD, RunDirectory.JVM, RunDirectory.GC, RunDirectory.GENERATOR)) {
            Path f = dir.resolve(name);
            sameAsJackson(f, ChartCatalog.reader(name).read(f), JsonlReader.readAll(f));
        }
        Columns gen = ChartCatalog.reader(RunDirectory.GENERATOR).read(dir.resolve(RunDirectory.GENERATOR));
        assertThat(gen.value("/reasons#count", 0)).isEqualTo(0.0);
        assertThat(ChartCatalog.reader(RunDirectory.LOAD).read(dir.resolve(RunDirectory.LOAD)).childNames("/errors")).containsExactly("http-503");
    }

    @Test
    void escapesBlankLinesAndCarriageReturnsAreJson() throws Exception {
        Path f = dir.resolve("generator.jsonl");
        Files.writeString(f, "{\"epoch_ms\": 1000, \"process_cpu\": 0.5, \"reasons\": [\"cpu 91 % > 85 %\", \"lag \\\"high\\\"\"]}\r\n\n"
                + "  \r\n{\"epoch_ms\":2000,\"pro\\u0063ess_cpu\":-1e-3,\"reasons\":[],\"x\":{\"a\":[1,{\"b\":\"}]\"}]},\"y\":null}\n");
        Columns c = ChartCatalog.reader(RunDirectory.GENERATOR).read(f);
        assertThat(c.rows()).isEqualTo(2);
        assertThat(c.epochMs(1)).isEqualTo(2000);
        assertThat(c.value("/process_cpu", 0)).isEqualTo(0.5);
        assertThat(c.value("/process_cpu", 1)).isEqualTo(-0.001);
        assertThat(c.value("/reasons#count", 0)).isEqualTo(2.0);
        assertThat(c.texts("/reasons")).containsEntry("lag \"high\"", 1).containsEntry("cpu 91 % > 85 %", 1);
    }

    @Test
    void aCutLastLineIsDroppedABadLineBeforeItIsAUserError() throws Exception {
        Path f = dir.resolve("load.jsonl");
        Files.writeString(f, "{\"epoch_ms\":1,\"sent\":3}\n{\"epoch_ms\":2,\"sent\":4}\n{\"epoch_ms\":3,\"se");
        Columns c = ChartCatalog.reader(RunDirectory.LOAD).read(f);
        assertThat(c.rows()).isEqualTo(2);
        assertThat(c.value("/sent", 1)).isEqualTo(4.0);
        Files.writeString(f, "{\"epoch_ms\":1,\"sent\":3}\n{\"epoch_ms\":2,\"sent\":4\n{\"epoch_ms\":3,\"sent\":5}\n");
        assertThatThrownBy(() -> ChartCatalog.reader(RunDirectory.LOAD).read(f)).isInstanceOf(BrinkUserException.class)
                .hasMessage(f + ":2: expected one JSON object per line");
        Files.writeString(f, "[1,2]\n{\"epoch_ms\":3}\n");
        assertThatThrownBy(() -> ChartCatalog.reader(RunDirectory.LOAD).read(f)).hasMessage(f + ":1: expected one JSON object per line");
    }

    /** Random damage to real lines: nothing but BrinkUserException escapes, and what Jackson reads whole reads the same. */
    @Test
    void fuzzedRunFiles() throws Exception {
        LongRun.write(dir.resolve("src"), 4);
        Random rnd = new Random(7);
        for (String name : List.of(RunDirectory.LOAD, RunDirectory.JVM, RunDirectory.GENERATOR)) {
            byte[] orig = Files.readAllBytes(dir.resolve("src").resolve(name));
            Path f = dir.resolve(name);
            for (int i = 0; i < 700; i++) {
                byte[] m = mutate(orig, rnd);
                Files.write(f, m);
                Columns c;
                try {
                    c = ChartCatalog.reader(name).read(f);
                } catch (BrinkUserException e) {
                    assertThat(e.getMessage()).startsWith(f.toString());
                    continue;
                }
                List<JsonNode> jackson = jacksonObjects(m);
                if (jackson != null) {
                    sameAsJackson(f, c, jackson);
                }
            }
        }
    }

    private static byte[] mutate(byte[] in, Random rnd) {
        byte[] b = in.clone();
        int edits = 1 + rnd.nextInt(3);
        for (int e = 0; e < edits; e++) {
            int at = rnd.nextInt(b.length);
            switch (rnd.nextInt(4)) {
                case 0 -> b[at] = (byte) "{}[]\",:0-.e \n\\atfn\u00ff".charAt(rnd.nextInt(18));
                case 1 -> b = java.util.Arrays.copyOf(b, at); // cut
                case 2 -> {
                    byte[] n = new byte[b.length - 1];
                    System.arraycopy(b, 0, n, 0, at);
                    System.arraycopy(b, at + 1, n, at, b.length - at - 1);
                    b = n;
                }
                default -> b[at] = (byte) rnd.nextInt(256);
            }
            if (b.length < 2) {
                break;
            }
        }
        return b;
    }

    /** Every non-blank line as a Jackson object, or null when some line is not one (then only "no crash" is checked). */
    private static List<JsonNode> jacksonObjects(byte[] bytes) {
        List<JsonNode> out = new ArrayList<>();
        for (String line : new String(bytes, StandardCharsets.UTF_8).split("\n", -1)) {
            if (line.isBlank()) continue;
            try {
                JsonNode n = Json.MAPPER.reader().with(DeserializationFeature.FAIL_ON_TRAILING_TOKENS).readTree(line);
                if (n == null || !n.isObject()) return null;
                out.add(n);
            } catch (Exception e) {
                return null;
            }
        }
        return out;
    }

    private static void sameAsJackson(Path f, Columns c, List<JsonNode> lines) {
        assertThat(c.rows()).as(f + " rows").isEqualTo(lines.size());
        for (int r = 0; r < lines.size(); r++) {
            JsonNode line = lines.get(r);
            JsonNode t = line.get("epoch_ms");
            assertThat(c.epochMs(r)).as(f + " epoch of line " + (r + 1)).isEqualTo(t != null && t.isNumber() ? t.asLong() : Columns.NO_TIME);
            for (String p : POINTERS.get(f.getFileName().toString())) {
                JsonNode v = line.at(p);
                double expected = v.isNumber() ? v.asDouble() : Double.NaN;
                assertThat(Double.valueOf(c.value(p, r))).as(f + " " + p + " of line " + (r + 1)).isEqualTo(Double.valueOf(expected));
            }
        }
    }
}
