package dev.brink.heap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.brink.core.BrinkUserException;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ClassHistogramTest {
    @TempDir
    Path dir;

    /** A real JVM that holds 20 000 more byte[1000] after its first histogram than before. */
    @Test
    void twoRealHistogramsNameTheClassThatGrew() throws Exception {
        Path src = dir.resolve("Grower.java");
        Files.writeString(src, """
                import java.util.*;
                public class Grower {
                    static final List<Object> KEPT = new ArrayList<>();
                    public static void main(String[] a) throws Exception {
                        var in = new java.io.BufferedReader(new java.io.InputStreamReader(System.in));
                        System.out.println("ready"); System.out.flush();
                        in.readLine();
                        for (int i = 0; i < 20000; i++) KEPT.add(new byte[1000]);
                        System.out.println("grown"); System.out.flush();
                        in.readLine();
                    }
                }
                """);
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(java, "-Xmx128m", src.toString()).redirectErrorStream(true).start();
        try (BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            assertThat(out.readLine()).isEqualTo("ready");
            ClassHistogram before = ClassHistogram.parse(jcmdHistogram(p.pid()));
            p.getOutputStream().write('\n');
            p.getOutputStream().flush();
            assertThat(out.readLine()).isEqualTo("grown");
            ClassHistogram after = ClassHistogram.parse(jcmdHistogram(p.pid()));
            List<ClassHistogram.Growth> grown = after.grownSince(before, 3);
            assertThat(grown.get(0).className()).isEqualTo("byte[]"); // jcmd prints "[B"
            assertThat(grown.get(0).instancesDelta()).isGreaterThanOrEqualTo(20_000);
            assertThat(grown.get(0).bytesDelta()).isGreaterThanOrEqualTo(20_000L * 1000);
            assertThat(after.totalBytes()).isGreaterThan(before.totalBytes());
        } finally {
            p.destroyForcibly();
        }
    }

    @Test
    void aTextThatIsNoHistogramIsOneClearLine() throws Exception {
        Path f = dir.resolve("notes.txt");
        Files.writeString(f, "hello\nworld\n");
        assertThatThrownBy(() -> ClassHistogram.read(f)).isInstanceOf(BrinkUserException.class)
                .hasMessageContaining("notes.txt: expected a class histogram");
    }

    private static String jcmdHistogram(long pid) throws Exception {
        Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
        Process p = new ProcessBuilder(jcmd.toString(), Long.toString(pid), "GC.class_histogram").redirectErrorStream(true).start();
        List<String> lines = new ArrayList<>();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            r.lines().forEach(lines::add);
        }
        p.waitFor();
        return lines.stream().collect(Collectors.joining("\n"));
    }
}
