package dev.brink.cli;

import static dev.brink.cli.BrinkRun.brink;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.brink.core.Json;
import dev.brink.core.Sizes;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code brink heap} and {@code brink heap diff} on dumps written by real child JVMs: the same service with 1 000 and
 * with 40 000 sessions, and another program.
 */
class HeapCommandTest {
    @TempDir
    static Path dir;
    static Path small;
    static Path big;
    static Path other;

    @BeforeAll
    static void dumps() throws Exception {
        small = dump(HeapDumpingChild.class, "small.hprof", 1_000);
        big = dump(HeapDumpingChild.class, "big.hprof", 40_000);
        other = dump(OtherServiceChild.class, "other.hprof", 20_000);
    }

    private static Path dump(Class<?> main, String name, int entries) throws Exception {
        Path file = dir.resolve(name);
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx128m",
                "-cp", System.getProperty("java.class.path"), main.getName(), file.toString(), String.valueOf(entries))
                .redirectErrorStream(true).start();
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8)).isZero();
        return file;
    }

    @Test
    void jsonNamesTheSuspectFieldWithShareAndPathButNoLeakFromOneDump() throws Exception {
        BrinkRun r = brink("heap", "--json", big.toString());
        assertThat(r.code).as(r.err).isZero();
        JsonNode report = Json.MAPPER.readTree(r.out);
        JsonNode finding = report.get("findings").get(0);
        assertThat(finding.get("kind").asText()).isEqualTo("leak-suspect");
        for (JsonNode f : report.get("findings")) {
            assertThat(f.get("kind").asText()).as("one dump cannot tell a leak").isNotEqualTo("memory-leak");
        }
        assertThat(finding.get("detail").get("next_step").asText()).contains("brink heap diff");
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
                "Class histogram", "Top dominators", ".SESSIONS → java.util.concurrent.ConcurrentHashMap",
                "one dump shows size, not growth");
    }

    /** The other program's three 1 MiB receive buffers: 3 MiB of native memory the heap's own figures never show. */
    @Test
    void textAndJsonShowTheNativeMemoryOfDirectBuffers() throws Exception {
        JsonNode report = Json.MAPPER.readTree(brink("heap", "--json", other.toString()).out);
        long bytes = report.get("directBufferBytes").asLong();
        assertThat(bytes).isBetween(3L << 20, 4L << 20); // the JDK may keep a small one of its own
        assertThat(report.get("directBuffers").asLong()).isGreaterThanOrEqualTo(3);
        BrinkRun text = brink("heap", other.toString());
        assertThat(text.out).contains(String.format(java.util.Locale.ROOT, "(%,d B) held outside the heap by %,d direct buffers",
                bytes, report.get("directBuffers").asLong()));
        assertThat(brink("heap", small.toString()).out).doesNotContain("held outside the heap");
    }

    @Test
    void diffNamesTheFieldThatGrewWithItsGrowthAndTheClasses() throws Exception {
        Path page = dir.resolve("diff.html");
        BrinkRun r = brink("heap", "diff", "--json", "--html", page.toString(), small.toString(), big.toString());
        assertThat(r.code).as(r.err).isZero();
        JsonNode diff = Json.MAPPER.readTree(r.out);
        JsonNode leak = diff.get("findings").get(0);
        assertThat(diff.get("findings")).hasSize(1);
        assertThat(leak.get("kind").asText()).isEqualTo("memory-leak");
        assertThat(leak.get("subject").asText()).isEqualTo(HeapDumpingChild.class.getName() + ".SESSIONS");
        JsonNode d = leak.get("detail");
        assertThat(d.get("elements_before").asLong()).isEqualTo(1_000);
        assertThat(d.get("elements_after").asLong()).isEqualTo(40_000);
        assertThat(d.get("growth_bytes").asLong()).isEqualTo(d.get("retained_bytes").asLong() - d.get("retained_bytes_before").asLong())
                .isGreaterThan(39_000L * 64);
        assertThat(d.get("path_from_gc_root").get(0).asText()).startsWith("static field of class " + HeapDumpingChild.class.getName());
        assertThat(diff.get("growth").get("grown").get(0).get("holder").asText()).isEqualTo("static " + HeapDumpingChild.class.getName() + ".SESSIONS");
        boolean nodes = false;
        for (JsonNode c : diff.get("classes")) {
            if (c.get("className").asText().equals("java.util.concurrent.ConcurrentHashMap$Node")) {
                nodes = true;
                assertThat(c.get("countB").asLong() - c.get("countA").asLong()).isEqualTo(39_000);
            }
        }
        assertThat(nodes).as(r.out).isTrue();
        assertThat(page).content().contains("Grown holders", "static " + HeapDumpingChild.class.getName() + ".SESSIONS", "memory-leak");
        BrinkRun text = brink("heap", "diff", small.toString(), big.toString());
        assertThat(text.out).contains("Grown holders: 1 memory-leak finding", leak.get("title").asText(), "Stable holders",
                "java.util.concurrent.ConcurrentHashMap$Node");
    }

    /**
     * A Netty pool that grew to a burst four times larger, every buffer released: the diff lists it as filling, not as
     * a leak, and shows the native memory that grew behind its few KiB of heap, in text, JSON and HTML alike.
     */
    @Test
    void aPoolGrownToItsWorkingSetIsListedWithItsNativeMemoryAndNoFinding() throws Exception {
        Path before = dir.resolve("relay-before.hprof");
        Path after = dir.resolve("relay-after.hprof");
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx64m",
                "-cp", System.getProperty("java.class.path"), PooledRelayChild.class.getName(), before.toString(), after.toString())
                .redirectErrorStream(true).start();
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8)).isZero();
        Path page = dir.resolve("relay.html");
        BrinkRun r = brink("heap", "diff", "--json", "--html", page.toString(), before.toString(), after.toString());
        assertThat(r.code).as(r.err).isZero();
        JsonNode diff = Json.MAPPER.readTree(r.out);
        assertThat(diff.get("findings")).as(r.out).isEmpty();
        JsonNode pool = diff.get("growth").get("filling").get(0);
        assertThat(pool.get("holder").asText()).contains(PooledRelayChild.class.getName() + ".RELAY_BUFFERS");
        long nativeBefore = pool.get("native_bytes_before").asLong();
        long nativeAfter = pool.get("native_bytes_after").asLong();
        // more than one 4 MiB chunk more: the growth is the native memory, not the pool's few KiB of heap
        assertThat(nativeAfter - nativeBefore).as(pool.toString()).isGreaterThan(4L << 20);
        BrinkRun text = brink("heap", "diff", before.toString(), after.toString());
        assertThat(text.code).as(text.err).isZero();
        assertThat(text.out).contains("No leak: ", "Filling, not leaking", Sizes.human(nativeBefore) + " → " + Sizes.human(nativeAfter),
                PooledRelayChild.class.getName() + ".RELAY_BUFFERS");
        assertThat(page).content().contains("Filling, not leaking", Sizes.human(nativeBefore) + " → " + Sizes.human(nativeAfter));
    }

    @Test
    void theSameDumpTwiceHasNoGrowth() throws Exception {
        BrinkRun r = brink("heap", "diff", small.toString(), small.toString());
        assertThat(r.code).as(r.err).isZero();
        assertThat(r.out).contains("No growth");
        assertThat(Json.MAPPER.readTree(brink("heap", "diff", "--json", small.toString(), small.toString()).out).get("findings")).isEmpty();
    }

    @Test
    void dumpsOfTwoApplicationsOrATruncatedOneAreOneLineAndExitTwo() throws Exception {
        BrinkRun unrelated = brink("heap", "diff", small.toString(), other.toString());
        assertThat(unrelated.code).isEqualTo(2);
        assertThat(unrelated.err).startsWith("brink: " + small + " and " + other + " are not dumps of one application")
                .doesNotContain("Exception").hasLineCount(1);

        byte[] bytes = Files.readAllBytes(big);
        Path cut = Files.write(dir.resolve("cut-big.hprof"), Arrays.copyOf(bytes, bytes.length - 4096));
        BrinkRun truncated = brink("heap", "diff", small.toString(), cut.toString());
        assertThat(truncated.code).isEqualTo(2);
        assertThat(truncated.err).startsWith("brink: " + cut + ": at byte ").contains("expected").hasLineCount(1);
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
