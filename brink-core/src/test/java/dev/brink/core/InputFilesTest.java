package dev.brink.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every input is typed and bounded before a byte of it is parsed: directories, devices and pipes refused in one line,
 * a size limit per kind that names itself and its override, lines read with a maximum length. Large files are sparse
 * (no disk, no time); each case must end in well under a second, which the timeout holds.
 */
@Timeout(value = 20, unit = TimeUnit.SECONDS)
class InputFilesTest {
    @TempDir
    Path dir;

    private Path sparse(String name, long size) throws Exception {
        Path f = dir.resolve(name);
        try (RandomAccessFile raf = new RandomAccessFile(f.toFile(), "rw")) {
            raf.setLength(size);
        }
        return f;
    }

    @Test
    void devicesDirectoriesAndPipesAreRefusedBeforeTheyAreOpened() throws Exception {
        assertThatThrownBy(() -> InputFiles.readBytes(Path.of("/dev/zero"), InputKind.PROTO))
                .hasMessage("/dev/zero: not a regular file (a device, pipe or socket), expected a .proto file");
        assertThatThrownBy(() -> InputFiles.readUtf8(dir, InputKind.HAR))
                .hasMessage(dir + ": a directory, expected a HAR file (a regular file)");
        Path fifo = dir.resolve("fifo");
        Process mk = new ProcessBuilder("mkfifo", fifo.toString()).start();
        assertThat(mk.waitFor()).isZero();
        // opening a FIFO nobody writes blocks forever: the check must come first
        assertThatThrownBy(() -> LineInput.open(fifo, InputKind.RUN_EVENTS))
                .hasMessage(fifo + ": not a regular file (a device, pipe or socket), expected a Brink events file (events.jsonl)");
        assertThatThrownBy(() -> InputFiles.open(dir.resolve("absent.log"), InputKind.GC_LOG))
                .hasMessage(dir.resolve("absent.log") + ": no such file (expected a GC log)");
    }

    @Test
    void aFileOverItsKindsLimitIsRefusedWithTheLimitAndTheOverride() throws Exception {
        Path big = sparse("plan.yaml", 3L << 30);
        assertThatThrownBy(() -> InputFiles.readUtf8(big, InputKind.PLAN))
                .hasMessage(big + ": 3.0 GiB, expected a plan (YAML) of at most 1.0 MiB (set BRINK_MAX_PLAN=SIZE (like 4g) to raise it)");
        // the override the message names works (the JVM property form, which a test can set)
        System.setProperty(InputKind.PLAN.property(), "4g");
        try {
            assertThat(InputFiles.checkRegular(big, InputKind.PLAN)).isEqualTo(3L << 30);
            System.setProperty(InputKind.PLAN.property(), "lots");
            assertThatThrownBy(() -> InputFiles.checkRegular(big, InputKind.PLAN))
                    .hasMessageStartingWith("-Dbrink.max.plan: bad size 'lots'");
        } finally {
            System.clearProperty(InputKind.PLAN.property());
        }
    }

    @Test
    void everyKindHasItsOwnOverrideAndALimitAboveZero() {
        List<String> variables = new ArrayList<>();
        for (InputKind k : InputKind.values()) {
            assertThat(k.defaultMaxBytes()).as(k.name()).isPositive();
            assertThat(k.variable()).matches("BRINK_MAX_[A-Z_]+");
            variables.add(k.variable());
        }
        assertThat(variables).doesNotHaveDuplicates();
    }

    @Test
    void aLineOverTheLimitStopsTheReadingWithFileAndLine() throws Exception {
        // 20 MiB of zeros after two good lines: no line break, within the events size limit, over its line limit
        Path f = dir.resolve("events.jsonl");
        Files.writeString(f, "{\"a\":1}\r\n{\"a\":2}\n");
        try (RandomAccessFile raf = new RandomAccessFile(f.toFile(), "rw")) {
            raf.setLength(raf.length() + (20L << 20));
        }
        List<String> seen = new ArrayList<>();
        assertThatThrownBy(() -> JsonlReader.forEach(f, n -> seen.add(n.toString())))
                .isInstanceOf(BrinkUserException.class)
                .hasMessage(f + ":3: a line longer than 8.0 MiB, expected a Brink events file (events.jsonl) (its lines are far "
                        + "shorter: a binary file, or not this kind of file?)");
        assertThat(seen).containsExactly("{\"a\":1}", "{\"a\":2}");
    }

    @Test
    void aSparseSeriesFileOverItsLimitIsNotReadAtAll() throws Exception {
        Path f = sparse("load.jsonl", 3L << 30);
        long t0 = System.nanoTime();
        assertThatThrownBy(() -> JsonlReader.readAll(f))
                .hasMessage(f + ": 3.0 GiB, expected a Brink series file (.jsonl) of at most 2.0 GiB (set BRINK_MAX_RUN_SERIES=SIZE "
                        + "(like 4g) to raise it)");
        assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0)).isLessThan(5_000);
    }

    @Test
    void linesEndInLfOrCrLfAndTheLastMayLackItsBreak() throws Exception {
        Path f = dir.resolve("gc.jsonl");
        Files.write(f, "{\"n\":1}\r\n\n{\"n\":2}\n{\"n\":3}".getBytes(StandardCharsets.UTF_8));
        List<Integer> n = new ArrayList<>();
        JsonlReader.forEach(f, l -> n.add(l.get("n").asInt()));
        assertThat(n).containsExactly(1, 2, 3);
        try (LineInput in = LineInput.open(f, InputKind.RUN_SERIES)) {
            List<String> lines = new ArrayList<>();
            while (in.next()) lines.add(in.number() + ":" + in.text());
            assertThat(lines).containsExactly("1:{\"n\":1}", "2:", "3:{\"n\":2}", "4:{\"n\":3}");
        }
    }

    @Test
    void aLineJustUnderTheLimitIsRead() throws Exception {
        Path f = dir.resolve("latency.hlog");
        int max = InputKind.LATENCY_LOG.maxLineBytes();
        Files.write(f, ("x".repeat(max) + "\n" + "y".repeat(max + 1) + "\n").getBytes(StandardCharsets.US_ASCII));
        try (LineInput in = LineInput.open(f, InputKind.LATENCY_LOG)) {
            assertThat(in.next()).isTrue();
            assertThat(in.end() - in.start()).isEqualTo(max);
            assertThatThrownBy(in::next).hasMessageStartingWith(f + ":2: a line longer than 1.0 MiB");
        }
    }
}
