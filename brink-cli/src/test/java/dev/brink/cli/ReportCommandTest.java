package dev.brink.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReportCommandTest {
    @TempDir
    Path dir;

    @Test
    void writesTheThreeOutputsAndSaysWhatIsMissing() throws Exception {
        Files.writeString(dir.resolve("load.jsonl"), "{\"epoch_ms\":1700000000000,\"target_rps\":10,\"sent\":10,\"ok\":10}\n");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int code = BrinkMain.run(new String[] {"report", dir.toString()}, new PrintStream(out, true, StandardCharsets.UTF_8), System.err);
        assertThat(code).isZero();
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("report: " + dir.resolve("report.html"),
                "missing from the run directory: summary.json, events.jsonl, jvm.jsonl, gc.jsonl, generator.jsonl");
        assertThat(dir.resolve("report.html")).exists();
        assertThat(dir.resolve("summary.md")).exists();
        assertThat(dir.resolve("junit.xml")).exists();
    }

    @Test
    void aDirectoryThatIsNoRunIsExit2() {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = BrinkMain.run(new String[] {"report", dir.toString()}, System.out, new PrintStream(err, true, StandardCharsets.UTF_8));
        assertThat(code).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8)).startsWith("brink: " + dir + ": no Brink run files").doesNotContain("\tat ");
    }
}
