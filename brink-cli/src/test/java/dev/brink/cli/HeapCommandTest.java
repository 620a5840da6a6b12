package dev.brink.cli;

import static dev.brink.cli.BrinkRun.brink;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.brink.core.Json;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code brink heap} on dumps written by a real child JVM. */
class HeapCommandTest {
    @TempDir
    static Path dir;
    static Path small;
    static Path big;

    @BeforeAll
    static void dumps() throws Exception {
        small = dump("small.hprof", 1_000);
        big = dump("big.hprof", 40_000);
    }

    private static Path dump(String name, int entries) throws Exception {
        Path file = dir.resolve(name);
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx128m",
                "-cp", System.getProperty("java.class.path"), HeapDumpingChild.class.getName(), file.toString(), String.valueOf(entries))
                .redirectErrorStream(true).start();
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8)).isZero();
        return file;
    }

    @Test
    void jsonNamesTheLeakingFieldWithShareAndPath() throws Exception {
        BrinkRun r = brink("heap", "--json", big.toString());
        assertThat(r.code).as(r.err).isZero();
        JsonNode report = Json.MAPPER.readTree(r.out);
        JsonNode finding = report.get("findings").get(0);
        assertThat(finding.get("kind").asText()).isEqualTo("memory-leak");
        assertThat(finding.get("subject").asText()).isEqualTo(HeapDumpingChild.class.getName() + ".SESSIONS");
        assertThat(finding.get("detail").get("share_of_heap").asDouble()).isGreaterThan(0.10).isLessThanOrEqualTo(1.0);
        assertThat(finding.get("detail").get("retained_bytes").asLong()).isPositive();
        assertThat(finding.get("detail").get("path_from_gc_root").get(0).asText()).startsWith("static field of class " + HeapDumpingChild.class.getName());
        assertThat(report.get("sizeModel").get("compressedOops").asBoolean()).isTrue();
        assertThat(r.err).isEmpty(); // no progress bar when stderr is not a terminal
    }

    @Test
    void textAndJsonShowTheSameFindings() throws Exception {
        BrinkRun text = brink("heap", big.toString());
        BrinkRun json = brink("heap", "--json", big.toString());
        JsonNode findings = Json.MAPPER.readTree(json.out).get("findings");
        assertThat(findings).isNotEmpty();
        for (JsonNode f : findings) {
            assertThat(text.out).contains(f.get("kind").asText() + " ", f.get("title").asText());
        }
    }

    @Test
    void textReportShowsSuspectHistogramAndSizeModel() {
        BrinkRun r = brink("heap", "--top", "5", big.toString());
        assertThat(r.code).as(r.err).isZero();
        assertThat(r.out).contains("Leak suspect 1: " + HeapDumpingChild.class.getName() + ".SESSIONS",
                "Accumulation point: java.util.concurrent.ConcurrentHashMap$Node[]", "Size model: compressed oops: yes",
                "Class histogram", "Top dominators", ".SESSIONS → java.util.concurrent.ConcurrentHashMap");
    }

    @Test
    void diffShowsTheGrowingClasses() throws Exception {
        BrinkRun r = brink("heap", "diff", "--json", small.toString(), big.toString());
        assertThat(r.code).as(r.err).isZero();
        JsonNode classes = Json.MAPPER.readTree(r.out).get("classes");
        boolean nodes = false;
        for (JsonNode c : classes) {
            if (c.get("className").asText().equals("java.util.concurrent.ConcurrentHashMap$Node")) {
                nodes = true;
                assertThat(c.get("countB").asLong() - c.get("countA").asLong()).isEqualTo(39_000);
            }
        }
        assertThat(nodes).as(r.out).isTrue();
        assertThat(brink("heap", "diff", small.toString(), big.toString()).out).contains("java.util.concurrent.ConcurrentHashMap$Node");
    }

    @Test
    void badInputIsOneLineAndExitTwo() throws Exception {
        BrinkRun missing = brink("heap", dir.resolve("nope.hprof").toString());
        assertThat(missing.code).isEqualTo(2);
        assertThat(missing.err).startsWith("brink: cannot read heap dump").doesNotContain("Exception").hasLineCount(1);

        byte[] bytes = Files.readAllBytes(small);
        Path cut = Files.write(dir.resolve("cut.hprof"), Arrays.copyOf(bytes, bytes.length / 2));
        BrinkRun truncated = brink("heap", cut.toString());
        assertThat(truncated.code).isEqualTo(2);
        assertThat(truncated.err).startsWith("brink: " + cut + ": at byte ").contains("expected").hasLineCount(1);

        Path text = Files.writeString(dir.resolve("notes.hprof"), "hello");
        BrinkRun notHprof = brink("heap", text.toString());
        assertThat(notHprof.code).isEqualTo(2);
        assertThat(notHprof.err).contains("JAVA PROFILE 1.0.2");

        assertThat(brink("heap").code).isEqualTo(2);
        assertThat(brink("heap", "--top", "0", small.toString()).code).isEqualTo(2);
    }
}
