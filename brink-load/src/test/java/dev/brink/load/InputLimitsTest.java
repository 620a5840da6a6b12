package dev.brink.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.brink.core.BrinkUserException;
import dev.brink.load.engine.CsvFeeder;
import dev.brink.load.plan.Plan;
import dev.brink.load.plan.bind.PlanReader;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Inputs of any size and shape give one line that says what was expected, fast and in bounded memory:
 * a plan or CSV over its limit, a long line, a file in the wrong encoding, a binary file, overflowing
 * durations and rates, ports out of range. Large files are sparse: they cost no disk.
 */
class InputLimitsTest {
    @TempDir
    Path dir;

    private static final String PLAN = """
            name: p
            target: {base_url: "BASE"}
            profile:
              - name: a
                rps: 2
                request: {path: /a}
            phases:
              capacity: {step_duration: STEP, max: MAX}
            """;

    private Plan plan(String base, String step, String max) throws BrinkUserException {
        return PlanReader.parse(PLAN.replace("BASE", base).replace("STEP", step).replace("MAX", max), "plan.yaml", dir, n -> null);
    }

    private Path sparse(String name, long size) throws Exception {
        Path f = dir.resolve(name);
        try (RandomAccessFile raf = new RandomAccessFile(f.toFile(), "rw")) {
            raf.setLength(size);
        }
        return f;
    }

    private static void oneLine(Throwable e) {
        assertThat(e).isInstanceOf(BrinkUserException.class);
        assertThat(e.getMessage()).doesNotContain("\n").doesNotContain("\r").hasSizeLessThan(400);
    }

    @Test
    void aPlanOver2GiBIsRefusedBeforeItIsRead() throws Exception {
        Path big = sparse("big.yaml", 3L << 30);
        long t0 = System.nanoTime();
        assertThatThrownBy(() -> PlanReader.load(big)).satisfies(InputLimitsTest::oneLine)
                .hasMessage(big + ": 3.0 GiB, expected a plan (YAML) of at most 1.0 MiB (set BRINK_MAX_PLAN=SIZE (like 4g) "
                        + "to raise it)");
        assertThat(System.nanoTime() - t0).isLessThan(5_000_000_000L);
    }

    @Test
    void aLongSingleLinePlanIsRefusedWithItsLineNotParsedForSeconds() throws Exception {
        Path f = dir.resolve("long.yaml");
        Files.writeString(f, "name: " + "x".repeat(900_000) + "\n");
        long t0 = System.nanoTime();
        assertThatThrownBy(() -> PlanReader.load(f)).satisfies(InputLimitsTest::oneLine)
                .hasMessage(f + ":1: expected a line of at most 16384 characters, got 900006");
        assertThat(System.nanoTime() - t0).isLessThan(5_000_000_000L);
    }

    @Test
    void planEncodingErrorsSayWhatTheFileLooksLike() throws Exception {
        Path u16 = dir.resolve("u16.yaml");
        Files.write(u16, ("\uFEFF" + PLAN).getBytes(StandardCharsets.UTF_16LE));
        assertThatThrownBy(() -> PlanReader.load(u16)).satisfies(InputLimitsTest::oneLine)
                .hasMessageContaining("expected a plan (YAML) as UTF-8 text, found UTF-16 text");
        Path latin = dir.resolve("latin.yaml");
        Files.write(latin, "name: café\n".getBytes(StandardCharsets.ISO_8859_1));
        assertThatThrownBy(() -> PlanReader.load(latin)).satisfies(InputLimitsTest::oneLine)
                .hasMessageContaining("latin.yaml: byte 9: expected a plan (YAML) as UTF-8 text")
                .hasMessageNotContaining("Input length");
        assertThatThrownBy(() -> PlanReader.load(Path.of("/dev/zero"))).satisfies(InputLimitsTest::oneLine)
                .hasMessage("/dev/zero: not a regular file (a device, pipe or socket), expected a plan (YAML)");
    }

    @Test
    void durationsRatesAndPortsHaveStatedBounds() {
        assertThatThrownBy(() -> plan("http://127.0.0.1:8080", "99999999999999h", "10")).satisfies(InputLimitsTest::oneLine)
                .hasMessageContaining("phases.capacity.step_duration: expected a duration like 30s, 5m or 1h, at most 365d");
        assertThatThrownBy(() -> plan("http://127.0.0.1:8080", "1e300s", "10"))
                .hasMessageContaining("phases.capacity.step_duration");
        assertThatThrownBy(() -> PlanReader.parse(PLAN.replace("BASE", "http://127.0.0.1:8080").replace("STEP", "30s")
                .replace("MAX", "1000").replace("rps: 2", "rps: 20000"), "plan.yaml", dir, n -> null))
                .satisfies(InputLimitsTest::oneLine)
                .hasMessageContaining("phases: expected a highest multiplier × the profile's 20000 req/s of at most "
                        + "10000000 req/s, got 1000 × = 20000000 req/s");
        assertThatThrownBy(() -> plan("http://127.0.0.1:99999", "30s", "10")).satisfies(InputLimitsTest::oneLine)
                .hasMessageContaining("target.base_url: expected an http:// or https://host:port/path URL with a port from 1 to 65535");
        assertThatThrownBy(() -> plan("http://127.0.0.1:0", "30s", "10")).hasMessageContaining("target.base_url");
    }

    @Test
    void csvLimitsAndEncodingsAreOneLine() throws Exception {
        Path header = dir.resolve("header.csv");
        // a 5 MB header: refused by its length, and the message does not quote it
        try (var w = Files.newBufferedWriter(header)) {
            for (int i = 0; i < 600_000; i++) w.write("column" + (i % 10) + ",");
            w.write("\n1\n");
        }
        assertThatThrownBy(() -> CsvFeeder.header(header)).satisfies(InputLimitsTest::oneLine)
                .hasMessageContaining("header.csv:1: expected a line of at most 65536 characters");
        assertThatThrownBy(() -> CsvFeeder.load(header, false)).satisfies(InputLimitsTest::oneLine);

        Path binary = dir.resolve("bin.csv");
        Files.write(binary, new byte[] {'i', 'd', '\n', (byte) 0xC3, 0x28, 0, 0, 1, 2});
        assertThatThrownBy(() -> CsvFeeder.load(binary, false)).satisfies(InputLimitsTest::oneLine)
                .hasMessageContaining("bin.csv: byte 3: expected a CSV file (a header line, then rows) as UTF-8 text, found a binary file");

        Path wide = dir.resolve("wide.csv");
        Files.writeString(wide, "c".repeat(1).concat(",c".repeat(64)) + "\n" + "1,".repeat(64) + "1\n");
        assertThatThrownBy(() -> CsvFeeder.header(wide)).hasMessageContaining("expected at most 64 columns, got 65");

        Path huge = sparse("huge.csv", 3L << 30);
        assertThatThrownBy(() -> CsvFeeder.load(huge, false)).satisfies(InputLimitsTest::oneLine)
                .hasMessageContaining("3.0 GiB, expected a CSV file (a header line, then rows) of at most 256.0 MiB");
    }
}
