package dev.brink.core.evidence;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.brink.core.BrinkUserException;
import dev.brink.core.EvidenceFiles;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The folded-stacks file of a step: written most-sampled first, read back the same, bad lines in one line; fuzzed. */
class FoldedStacksTest {
    @TempDir
    Path dir;

    @Test
    void writtenHotFirstAndReadBackTheSame() throws Exception {
        Map<String, Long> m = new LinkedHashMap<>();
        m.put("java.lang.Thread.run;app.Masker.mask;java.util.regex.Pattern.compile", 30L);
        m.put("java.lang.Thread.run;app.Signer.sign;java.math.BigInteger.oddModPow", 70L);
        m.put("java.lang.Thread.run;app.Book$$Lambda$12+0x0000000800c0b000.get", 1L);
        Path f = dir.resolve(EvidenceFiles.foldedStacks(7));
        new FoldedStacks(m).write(f);
        assertThat(Files.readAllLines(f).get(0)).isEqualTo("java.lang.Thread.run;app.Signer.sign;java.math.BigInteger.oddModPow 70");
        FoldedStacks back = FoldedStacks.read(f);
        assertThat(back.stacks()).isEqualTo(m);
        assertThat(back.total()).isEqualTo(101);
        assertThat(EvidenceFiles.foldedStacksMultiplier(f.getFileName().toString())).isEqualTo(7);
        assertThat(EvidenceFiles.foldedStacksMultiplier("stacks-xab.folded")).isEqualTo(-1);
        assertThat(EvidenceFiles.foldedStacksMultiplier("recording-1.jfr")).isEqualTo(-1);
    }

    @Test
    void aBadLineIsOneLineWithItsNumber() throws Exception {
        Path f = dir.resolve("bad.folded");
        Files.writeString(f, "a;b 3\na;c three\n");
        assertThatThrownBy(() -> FoldedStacks.read(f)).isInstanceOf(BrinkUserException.class)
                .hasMessage(f + ": line 2: expected 'frame;frame;… count', found 'a;c three'");
        Files.writeString(f, "a;b -4\n");
        assertThatThrownBy(() -> FoldedStacks.read(f)).hasMessageContaining("line 1:");
    }

    /**
     * Found by a long fuzz campaign: lines ended by a bare CR are one line to this reader, and the message quoted
     * it with its CRs, which a terminal shows as text written over itself. Control characters are escaped.
     */
    @Test
    void aBadLineIsQuotedWithItsControlCharactersVisible() throws Exception {
        Path f = dir.resolve("cr.folded");
        Files.writeString(f, "a;b 2\ra;c\0 x\r\n");
        assertThatThrownBy(() -> FoldedStacks.read(f)).isInstanceOf(BrinkUserException.class)
                .hasMessage(f + ": line 1: expected 'frame;frame;… count', found 'a;b 2\\ra;c\\0 x\\r'");
    }

    /** Random bytes and mutated lines for a bounded time: read either succeeds with counts ≥ 0 or says one line. */
    @Test
    void fuzzedFilesReadOrFailInOneLine() throws Exception {
        String good = "java.lang.Thread.run;app.Masker.mask;java.util.regex.Pattern.compile 30\nx;y 2\n";
        Path f = dir.resolve("fuzz.folded");
        long end = System.nanoTime() + 700_000_000L;
        for (long seed = 0; System.nanoTime() < end; seed++) {
            Random r = new Random(seed);
            byte[] b = good.getBytes(StandardCharsets.UTF_8);
            if (r.nextInt(4) == 0) {
                b = new byte[r.nextInt(64)];
                r.nextBytes(b);
            } else {
                for (int i = r.nextInt(4); i >= 0; i--) {
                    b[r.nextInt(b.length)] = (byte) " ;\n0123456789-\u00ff".charAt(r.nextInt(15));
                }
            }
            Files.write(f, b);
            try {
                FoldedStacks s = FoldedStacks.read(f);
                assertThat(s.stacks().values()).as("seed " + seed).allMatch(n -> n >= 0);
            } catch (BrinkUserException e) {
                assertThat(e.getMessage()).as("seed " + seed).doesNotContain("\n").startsWith(f.toString());
            }
        }
    }
}
