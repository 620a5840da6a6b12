package dev.brink.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.brink.core.Json;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code brink gc} on logs real JVMs write here: a leak into an OutOfMemoryError, and a healthy program. */
class GcCommandTest {
    @TempDir
    static Path tmp;
    static Path leakLog;
    static Path healthyLog;

    /** Child program: a static map growing ~9 MB/s until the 64 MB heap is gone (≤ 25 s). */
    public static final class Leak {
        static final Map<Integer, byte[]> MAP = new HashMap<>();

        public static void main(String[] args) throws InterruptedException {
            long end = System.nanoTime() + 25_000_000_000L;
            for (int i = 0; System.nanoTime() < end; ) {
                for (int k = 0; k < 8; k++) {
                    MAP.put(i++, new byte[4096]);
                }
                Thread.sleep(3);
            }
        }
    }

    /** Child program: a bounded 20 MB cache filled in ~2 s, then only replaced, for 8 s. */
    public static final class Healthy {
        static final byte[][] CACHE = new byte[5000][];

        public static void main(String[] args) throws InterruptedException {
            long end = System.nanoTime() + 8_000_000_000L;
            for (int i = 0; System.nanoTime() < end; ) {
                for (int k = 0; k < 8; k++) {
                    CACHE[i++ % CACHE.length] = new byte[4096];
                }
                for (int k = 0; k < 64; k++) {
                    CACHE[0] = CACHE[0] == null ? null : CACHE[0]; // keep the loop honest
                    byte[] garbage = new byte[2048];
                    garbage[0] = 1;
                }
                Thread.sleep(3);
            }
        }
    }

    @BeforeAll
    static void writeLogs() throws Exception {
        leakLog = tmp.resolve("leak.log");
        healthyLog = tmp.resolve("healthy.log");
        Process leak = start(Leak.class, leakLog);
        Process healthy = start(Healthy.class, healthyLog);
        assertThat(leak.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(healthy.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(Files.readString(tmp.resolve("Leak.out"))).contains("OutOfMemoryError");
        assertThat(healthy.exitValue()).isZero();
    }

    private static Process start(Class<?> main, Path log) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String cp = Path.of(GcCommandTest.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        List<String> cmd = new ArrayList<>(List.of(java, "-Xmx64m", "-XX:+UseSerialGC", "-XX:ActiveProcessorCount=1",
                "-Xlog:gc*:file=" + log + ":time,uptime,level,tags", "-cp", cp, main.getName()));
        return new ProcessBuilder(cmd).redirectErrorStream(true)
                .redirectOutput(tmp.resolve(main.getSimpleName() + ".out").toFile()).start();
    }

    record Result(int code, String out, String err) {
    }

    static Result brink(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = BrinkMain.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Result(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void json_leakToOom_memoryLeakAndFullGcStormWithCount() throws Exception {
        Result r = brink("gc", "--json", leakLog.toString());
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode doc = Json.MAPPER.readTree(r.out());
        List<String> kinds = new ArrayList<>();
        doc.get("findings").forEach(f -> kinds.add(f.get("kind").asText()));
        assertThat(kinds).contains("memory-leak", "gc-pressure");
        int fullGcs = doc.get("pauses").get("full_gcs").asInt();
        assertThat(fullGcs).isGreaterThanOrEqualTo(3);
        List<JsonNode> storms = new ArrayList<>();
        doc.get("findings").forEach(f -> {
            if (f.get("title").asText().startsWith("Full-GC storm")) {
                storms.add(f);
            }
        });
        assertThat(storms).hasSize(1);
        assertThat(storms.get(0).get("title").asText()).contains(fullGcs + " full GCs");
        assertThat(storms.get(0).get("detail").get("full_gcs").asInt()).isEqualTo(fullGcs);
        assertThat(doc.get("settings").get("collector").asText()).isEqualTo("Serial");
    }

    @Test
    void json_healthy_neitherLeakNorStorm() throws Exception {
        Result r = brink("gc", "--json", healthyLog.toString());
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode doc = Json.MAPPER.readTree(r.out());
        doc.get("findings").forEach(f -> {
            assertThat(f.get("kind").asText()).isNotEqualTo("memory-leak");
            assertThat(f.get("title").asText()).doesNotStartWith("Full-GC storm");
        });
    }

    @Test
    void text_findingsFirstThenStatistics_andSeriesWritten() throws Exception {
        Path series = tmp.resolve("series");
        Result r = brink("gc", "--series", series.toString(), leakLog.toString());
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).startsWith("Findings:");
        assertThat(r.out().indexOf("memory-leak")).isLessThan(r.out().indexOf("Pauses:"));
        assertThat(Files.readAllLines(series.resolve("gc.jsonl"))).isNotEmpty();
        assertThat(Files.readAllLines(series.resolve("gc-series.jsonl")).get(0)).contains("heap_after");
        // the series is a run directory's gc.jsonl: brink gc reads it back through the same analysis
        Result again = brink("gc", series.toString());
        assertThat(again.code()).as(again.err()).isZero();
        assertThat(again.out()).contains("memory-leak");
    }

    /** A System.gc() loop (brink-gc's committed scenario log): the cause, its advice and the collections by cause. */
    @Test
    void text_explicitGcNamedByCause() throws Exception {
        Path log = Path.of(GcCommandTest.class.getResource("/explicit-g1-jdk17.log.gz").toURI());
        Result r = brink("gc", log.toString());
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).startsWith("Findings:").contains("[info] gc-pressure: System.gc() called 25 times")
                .contains("More heap (-Xmx) changes nothing").contains("Collections by cause: {System.gc()=25")
                .doesNotContain("Full-GC storm");
    }

    @Test
    void notAGcLog_oneLineExit2() throws Exception {
        Path junk = Files.writeString(tmp.resolve("notes.txt"), "hello\nworld\n");
        Result r = brink("gc", junk.toString());
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err().strip()).startsWith("brink: ").contains("notes.txt").doesNotContain("\n");
        Result missing = brink("gc", tmp.resolve("nope.log").toString());
        assertThat(missing.code()).isEqualTo(2);
        assertThat(missing.err()).contains("no such file");
    }
}
