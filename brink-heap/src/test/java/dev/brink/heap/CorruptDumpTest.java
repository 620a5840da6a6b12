package dev.brink.heap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.brink.core.BrinkUserException;
import dev.brink.heap.testing.HprofWriter;
import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Random;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Truncated and bit-flipped dumps (fixed seeds, so failures reproduce): the analyser either succeeds or
 * throws BrinkUserException naming the file, never any other exception.
 */
class CorruptDumpTest {
    @TempDir
    static Path dir;
    static byte[] real;
    static byte[] synthetic;

    @BeforeAll
    static void dumps() throws Exception {
        real = Files.readAllBytes(ChildDumps.dump(ChildDumps.currentJdk(), "leak", dir.resolve("real.hprof"), "500"));
        HprofWriter w = new HprofWriter(8);
        long a = w.newId(), b = w.newId(), arr = w.newId(), bytes = w.newId();
        w.node(a, b, arr);
        w.node(b, a, 0);
        w.array(arr, bytes, a);
        w.bytes(bytes, 40);
        w.jniGlobal(a);
        synthetic = w.toBytes();
    }

    private static void analyseExpectingUserErrorOrSuccess(Path file) {
        try {
            HeapAnalyzer.analyze(file, HeapOptions.defaults().withTop(3));
        } catch (BrinkUserException e) {
            assertThat(e.getMessage()).contains(file.toString()).doesNotContain("\n");
        }
    }

    @Test
    void truncatedDumpSaysWhereAndWhat() throws Exception {
        Path file = Files.write(dir.resolve("cut.hprof"), Arrays.copyOf(real, real.length - 1000));
        assertThatThrownBy(() -> HeapAnalyzer.analyze(file, HeapOptions.defaults()))
                .isInstanceOf(BrinkUserException.class)
                .hasMessageStartingWith(file + ": at byte ")
                .hasMessageContaining("expected")
                .hasMessageContaining("but the file ends");
    }

    @Test
    void truncatedGzipSaysSo() throws Exception {
        ByteArrayOutputStream gz = new ByteArrayOutputStream();
        try (GZIPOutputStream out = new GZIPOutputStream(gz)) {
            out.write(real);
        }
        byte[] all = gz.toByteArray();
        Path whole = Files.write(dir.resolve("whole.hprof.gz"), all);
        assertThat(HeapAnalyzer.analyze(whole, HeapOptions.defaults()).objects()).isPositive();
        Path cut = Files.write(dir.resolve("cut.hprof.gz"), Arrays.copyOf(all, all.length / 2));
        assertThatThrownBy(() -> HeapAnalyzer.analyze(cut, HeapOptions.defaults()))
                .isInstanceOf(BrinkUserException.class)
                .hasMessageStartingWith(cut.toString());
    }

    @Test
    void everyTruncationOfASmallDumpIsAUserError() throws Exception {
        for (int len = 0; len < synthetic.length; len++) {
            Path file = Files.write(dir.resolve("t" + len + ".hprof"), Arrays.copyOf(synthetic, len));
            assertThatThrownBy(() -> HeapAnalyzer.analyze(file, HeapOptions.defaults()))
                    .as("cut at %d of %d", len, synthetic.length)
                    .isInstanceOf(BrinkUserException.class);
            Files.delete(file);
        }
    }

    @Test
    void bitFlipsNeverEscapeAsOtherExceptions() throws Exception {
        Random random = new Random(20261123);
        for (int round = 0; round < 400; round++) {
            byte[] bytes = synthetic.clone();
            for (int f = 1 + random.nextInt(3); f > 0; f--) {
                int at = random.nextInt(bytes.length);
                bytes[at] ^= (byte) (1 << random.nextInt(8));
            }
            Path file = Files.write(dir.resolve("flip.hprof"), bytes);
            analyseExpectingUserErrorOrSuccess(file);
        }
        for (int round = 0; round < 20; round++) {
            byte[] bytes = real.clone();
            for (int f = 1 + random.nextInt(4); f > 0; f--) {
                int at = 31 + random.nextInt(bytes.length - 31);
                bytes[at] ^= (byte) (1 << random.nextInt(8));
            }
            Path file = Files.write(dir.resolve("realflip.hprof"), bytes);
            analyseExpectingUserErrorOrSuccess(file);
        }
    }
}
