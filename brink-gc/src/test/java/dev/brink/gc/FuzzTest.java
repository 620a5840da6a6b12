package dev.brink.gc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.fail;

import dev.brink.core.BrinkUserException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Mutated real logs (fixed seed): the parsers report or skip, and nothing but BrinkUserException escapes. */
class FuzzTest {
    static final String[] SEEDS = {"jdk17_serial_leak.log", "jdk17_g1_healthy.log", "SampleSun1_8_0G1PrintGCID.txt",
        "SampleSun1_7_0CMS_PrintTenuringDistributionPromotionFailure.txt", "SampleSun1_8_0CMS_HeadDumpBeforeFullGc.txt",
        "sample-ujl-zgc-gc-other.txt", "SampleOpenJdk1_8_0-332.txt", "SampleSun1_8_0G1_ConcurrentCycle.txt"};
    static final byte[] NASTY = "[]()->:,. 0123456789KMGs#GC(Pause Full Young Concurrent\n\r\t-".getBytes();

    @TempDir
    Path tmp;

    @Test
    void mutatedLogs_onlyBrinkUserExceptionEscapes() throws Exception {
        Random rnd = new Random(20261123L);
        int analysed = 0;
        int rejected = 0;
        for (int round = 0; round < 400; round++) {
            byte[] src = Files.readAllBytes(PublicLogsTest.log(SEEDS[round % SEEDS.length]));
            byte[] b = mutate(src, rnd);
            Path f = tmp.resolve("fuzz-" + round + ".log");
            Files.write(f, b);
            try {
                GcReport r = GcLogAnalyzer.analyze(List.of(f));
                assertThat(r.events()).isNotEmpty();
                analysed++;
            } catch (BrinkUserException e) {
                assertThat(e.getMessage()).doesNotContain("\n");
                rejected++;
            } catch (RuntimeException | StackOverflowError e) {
                Files.write(Path.of("target", "fuzz-failure.log"), b);
                fail("round " + round + " (" + SEEDS[round % SEEDS.length] + ", saved to target/fuzz-failure.log): " + e, e);
            }
        }
        assertThat(analysed).as("most mutants still parse").isGreaterThan(100);
        System.out.println("fuzz: " + analysed + " analysed, " + rejected + " rejected with one line");
    }

    static byte[] mutate(byte[] src, Random rnd) {
        byte[] b = src.clone();
        int mode = rnd.nextInt(4);
        if (mode == 0) { // truncate
            return java.util.Arrays.copyOf(b, rnd.nextInt(b.length + 1));
        }
        int edits = 1 + rnd.nextInt(mode == 3 ? 200 : 20);
        for (int i = 0; i < edits && b.length > 0; i++) {
            int at = rnd.nextInt(b.length);
            b[at] = mode == 1 ? (byte) rnd.nextInt(256) : NASTY[rnd.nextInt(NASTY.length)];
        }
        return b;
    }

    @Test
    void emptyAndBinaryFiles_oneLineErrors() throws Exception {
        Path empty = Files.write(tmp.resolve("empty.log"), new byte[0]);
        Path bin = Files.write(tmp.resolve("bin.log"), new byte[] {0x1f, (byte) 0x8b, 1, 2, 3});
        for (Path p : List.of(empty, bin, tmp.resolve("missing.log"), tmp)) {
            try {
                GcLogAnalyzer.analyze(List.of(p));
                fail("expected a BrinkUserException for " + p);
            } catch (BrinkUserException e) {
                assertThat(e.getMessage()).contains(p.getFileName().toString()).doesNotContain("\n");
            }
        }
    }

    /** A FIFO nobody writes would block the reader forever, a device would never end: both are refused unopened. */
    @Test
    void fifosAndDevicesAreRefusedNotRead() throws Exception {
        Path fifo = tmp.resolve("gc.fifo");
        assertThat(new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor()).isZero();
        for (Path p : List.of(fifo, Path.of("/dev/zero"))) {
            assertThatThrownBy(() -> GcLogAnalyzer.analyze(List.of(p)))
                    .hasMessage(p + ": not a regular file (a device, pipe or socket), expected a GC log");
        }
    }

    /**
     * A 3 GiB file of zeros has no line break: it is read in 1 MiB pieces, and the format is told from the first
     * 16 MiB, not from 2 000 pieces (2 GB read, 530 MB RSS before). Sparse: no disk, and the read is the test.
     */
    @Test
    void aHugeFileWithoutLineBreaksIsToldApartFromItsStart() throws Exception {
        Path zeros = tmp.resolve("zeros.log");
        try (java.io.RandomAccessFile f = new java.io.RandomAccessFile(zeros.toFile(), "rw")) {
            f.setLength(3L << 30);
        }
        assertThatThrownBy(() -> GcLogAnalyzer.analyze(List.of(zeros))).isInstanceOf(BrinkUserException.class)
                .hasMessage(zeros + ": not a GC log: no unified-logging GC line and no PrintGCDetails event in the first 2000"
                        + " lines (or 16 MiB)");
    }

    /**
     * A real log with one figure no JVM prints: one line naming file:line and the figure, not a report whose
     * "collections by cause" list the heap sizes (what the parser made of it before).
     */
    @Test
    void anImpossibleHeapFigureIsOneLineWithFileAndLine() throws Exception {
        List<String> lines = Files.readAllLines(PublicLogsTest.log("jdk17_g1_healthy.log"));
        int at = -1;
        for (int i = 0; i < lines.size() && at < 0; i++) {
            if (lines.get(i).contains("Pause Young (Normal) (G1 Evacuation Pause) ") && lines.get(i).contains("->")) at = i;
        }
        assertThat(at).isNotNegative();
        lines.set(at, lines.get(at).replaceFirst("\\) [0-9]+M->", ") 99999999999999999999M->"));
        Path f = Files.write(tmp.resolve("edited.log"), lines);
        assertThatThrownBy(() -> GcLogAnalyzer.analyze(List.of(f))).isInstanceOf(BrinkUserException.class)
                .hasMessage(f + ":" + (at + 1) + ": impossible heap figure '99999999999999999999M': more than 1 PiB, and no JVM"
                        + " heap exceeds 16 TiB; expected the sizes the JVM prints (an edited or corrupt GC log?)");
        // 16 TiB itself, the largest heap there is, still reads
        lines.set(at, lines.get(at).replace("99999999999999999999M->", "16T->"));
        Files.write(f, lines);
        assertThat(GcLogAnalyzer.analyze(List.of(f)).events()).isNotEmpty();
    }
}
