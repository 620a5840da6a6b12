package dev.brink.jfr;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.fail;

import dev.brink.core.BrinkUserException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Random;
import java.util.regex.Pattern;
import jdk.jfr.Configuration;
import jdk.jfr.Recording;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Files that are not whole recordings: one line naming the byte offset, never a stack trace. The seed is a real
 * recording this test JVM writes of itself (profile settings, about two seconds of regex work).
 */
class BadFilesTest {
    @TempDir
    static Path tmp;
    static byte[] real;

    @BeforeAll
    static void recordThisJvm() throws Exception {
        Path file = tmp.resolve("self.jfr");
        try (Recording r = new Recording(Configuration.getConfiguration("profile"))) {
            r.start();
            long end = System.currentTimeMillis() + 1500;
            Pattern p = Pattern.compile("(\\w+)@(\\w+)\\.org");
            int n = 0;
            while (System.currentTimeMillis() < end) {
                n += p.matcher("write to someone" + n + "@example.org now").replaceAll("***").length();
            }
            r.stop();
            r.dump(file);
        }
        real = Files.readAllBytes(file);
    }

    @Test
    void wholeRecording_reads() throws Exception {
        Path f = write("ok.jfr", real);
        JfrReport r = JfrAnalyzer.analyze(f, JfrFilter.ALL);
        assertThat(r.events()).isPositive();
        assertThat(r.executionSamples()).isPositive();
    }

    @Test
    void textFile_notJfrAtByteZero() throws Exception {
        Path f = write("gc.log", "[0.004s][info][gc] Using G1\n".getBytes());
        assertThatThrownBy(() -> JfrAnalyzer.analyze(f, JfrFilter.ALL)).isInstanceOf(BrinkUserException.class)
                .hasMessage(f + ": byte 0: not a JFR recording (expected the chunk magic FLR\\0)");
    }

    @Test
    void emptyAndMissingFiles() throws Exception {
        Path empty = write("empty.jfr", new byte[0]);
        assertThatThrownBy(() -> JfrAnalyzer.analyze(empty, JfrFilter.ALL)).hasMessageContaining("byte 0: empty file");
        assertThatThrownBy(() -> JfrAnalyzer.analyze(tmp.resolve("nope.jfr"), JfrFilter.ALL))
                .hasMessageEndingWith("no such file (expected a JFR recording)");
        assertThatThrownBy(() -> JfrAnalyzer.analyze(Path.of("/dev/zero"), JfrFilter.ALL))
                .hasMessage("/dev/zero: not a regular file (a device, pipe or socket), expected a JFR recording");
    }

    @Test
    void truncatedCopy_saysWhereAndHowMuch() throws Exception {
        Path f = write("cut.jfr", Arrays.copyOf(real, real.length / 2));
        assertThatThrownBy(() -> JfrAnalyzer.analyze(f, JfrFilter.ALL)).isInstanceOf(BrinkUserException.class)
                .hasMessageStartingWith(f + ": byte 0: truncated: the chunk header says ")
                .hasMessageEndingWith("the file has " + real.length / 2 + " from there");
    }

    @Test
    void trailingGarbage_isASecondChunkThatIsNot() throws Exception {
        byte[] b = Arrays.copyOf(real, real.length + 100);
        Path f = write("tail.jfr", b);
        assertThatThrownBy(() -> JfrAnalyzer.analyze(f, JfrFilter.ALL))
                .hasMessage(f + ": byte " + real.length + ": not a JFR chunk (expected the chunk magic FLR\\0)");
    }

    private static final String ADVICE = ": the recording is damaged from that point (a cut or corrupted copy); copy it again,"
            + " or record again";

    /**
     * Bytes overwritten in the chunk's metadata (which the JDK's reader decodes first, failing with an
     * IndexOutOfBoundsException of its own): the line names the chunk, the metadata's byte and the constant pool's, and
     * says what to do — no exception text.
     */
    @Test
    void damagedMetadata_namedByChunkAndByte() throws Exception {
        java.nio.ByteBuffer header = java.nio.ByteBuffer.wrap(real);
        long cp = header.getLong(16);
        long meta = header.getLong(24);
        byte[] b = real.clone();
        Arrays.fill(b, (int) meta + 16, (int) meta + 80, (byte) 0x7F);
        Path f = write("damaged.jfr", b);
        assertThatThrownBy(() -> JfrAnalyzer.analyze(f, JfrFilter.ALL)).isInstanceOf(BrinkUserException.class)
                .hasMessage(f + ": byte " + meta + " (chunk 1 of 1, bytes 0 to " + (real.length - 1) + "): the JDK's JFR reader"
                        + " cannot decode the chunk's metadata (byte " + meta + "), its constant pools (the last at byte " + cp
                        + ")" + ADVICE);
    }

    /**
     * An event record whose size runs past its chunk: the JDK's reader would take it for the chunk's end and drop the rest
     * in silence; the walk over the records names it before any event is analysed.
     */
    @Test
    void anEventRecordThatOverrunsItsChunk_isNamedByItsByte() throws Exception {
        long meta = java.nio.ByteBuffer.wrap(real).getLong(24);
        // the first record after the header; its size varint becomes 9 bytes of 0xFF: 2^63-ish, far past the chunk
        byte[] b = real.clone();
        int at = JfrFileCheck.HEADER;
        assertThat(meta).isGreaterThan(at + 9);
        Arrays.fill(b, at, at + 9, (byte) 0xFF);
        Path f = write("overrun.jfr", b);
        assertThatThrownBy(() -> JfrAnalyzer.analyze(f, JfrFilter.ALL)).isInstanceOf(BrinkUserException.class)
                .hasMessageStartingWith(f + ": byte " + at + " (chunk 1 of 1, bytes 0 to " + (real.length - 1) + "): an event record of ")
                .hasMessageEndingWith(" bytes, which does not fit its chunk" + ADVICE);
    }

    @Test
    void aWindowThatEndsBeforeItStarts_isOneLine() throws Exception {
        Path f = write("ok.jfr", real);
        JfrFilter inverted = new JfrFilter(null, java.time.Duration.ofSeconds(10), null, java.time.Duration.ofSeconds(1), null);
        assertThatThrownBy(() -> JfrAnalyzer.analyze(f, inverted)).isInstanceOf(BrinkUserException.class)
                .hasMessageStartingWith("an empty time window: it starts at ")
                .hasMessageEndingWith(" (--to); expected --from before --to");
    }

    /**
     * A recording whose metadata a flipped byte made describe a type that contains itself: the JDK's parser recurses
     * until the stack overflows, in the pass that reads the recorded command line as much as in the analysis. One line,
     * like any other damage. The file is one the fuzz below produced from this test's own recording (JDK 17).
     */
    @Test
    void aTypeThatContainsItself_isOneLine() throws Exception {
        Path f = Recordings.unpacked(tmp, "fuzzed-self-jdk17");
        assertThatThrownBy(() -> JfrAnalyzer.analyze(f, JfrFilter.ALL)).isInstanceOf(BrinkUserException.class)
                .hasMessageStartingWith(f + ": byte ").hasMessageEndingWith(ADVICE);
    }

    /** Truncations and flipped bytes (fixed seed, bounded count): a report or one line, nothing else escapes. */
    @Test
    void fuzz_mutatedRecordings_reportOrOneLine() throws Exception {
        Random rnd = new Random(20261123L);
        int read = 0;
        int rejected = 0;
        long deadline = System.currentTimeMillis() + 8_000;
        for (int round = 0; round < 120 && System.currentTimeMillis() < deadline; round++) {
            byte[] b = real.clone();
            int mode = rnd.nextInt(3);
            if (mode == 0) {
                b = Arrays.copyOf(b, rnd.nextInt(b.length));
            } else {
                int edits = 1 + rnd.nextInt(mode == 1 ? 4 : 64);
                for (int i = 0; i < edits; i++) {
                    b[rnd.nextInt(b.length)] = (byte) rnd.nextInt(256);
                }
            }
            Path f = write("fuzz.jfr", b);
            try {
                JfrAnalyzer.analyze(f, JfrFilter.ALL);
                read++;
            } catch (BrinkUserException e) {
                assertThat(e.getMessage()).doesNotContain("\n").contains(": byte ");
                rejected++;
            } catch (RuntimeException | Error e) {
                Files.write(Path.of("target", "fuzz-failure.jfr"), b);
                fail("round " + round + " (saved to target/fuzz-failure.jfr): " + e, e);
            }
        }
        System.out.println("jfr fuzz: " + read + " read, " + rejected + " rejected with one line");
        assertThat(read + rejected).isGreaterThanOrEqualTo(20);
        assertThat(rejected).isPositive();
    }

    private static Path write(String name, byte[] bytes) throws Exception {
        Path f = tmp.resolve(name);
        Files.write(f, bytes);
        return f;
    }
}
