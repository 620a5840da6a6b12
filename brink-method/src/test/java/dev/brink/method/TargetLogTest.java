package dev.brink.method;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The launched target's last log line, shown while Brink waits for it to listen. */
class TargetLogTest {
    @TempDir
    Path dir;

    @Test
    void theLastNonBlankLineCutAndWithoutControlCharacters() throws Exception {
        Path log = dir.resolve("target.log");
        assertThat(TargetLog.lastLine(log)).as("no file yet").isNull();
        Files.writeString(log, "Starting OrdersApplication\n\u001b[32mINFO\u001b[0m Tomcat initialized with port 8080\n\n  \n");
        assertThat(TargetLog.lastLine(log)).isEqualTo("[32mINFO[0m Tomcat initialized with port 8080");
        // a log far longer than the tail read: its last line, never a piece cut at the tail's start
        Files.writeString(log, "x".repeat(20_000) + "\n" + "y".repeat(300) + "\n");
        assertThat(TargetLog.lastLine(log)).hasSize(TargetLog.MAX_CHARS + 1).startsWith("yyy").endsWith("…");
        Files.writeString(log, "z".repeat(20_000));
        assertThat(TargetLog.lastLine(log)).as("one line longer than the tail: not shown cut at its start").isNull();
    }
}
