package dev.brink.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** `brink capture` against real child JVMs. */
class CaptureCommandTest {
    final ByteArrayOutputStream out = new ByteArrayOutputStream();
    final ByteArrayOutputStream err = new ByteArrayOutputStream();

    int brink(String... args) {
        return BrinkMain.run(args, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    /** The file paths the command printed, indented under its summary line. */
    List<Path> printed() {
        return out.toString(StandardCharsets.UTF_8).lines().filter(l -> l.startsWith("  ")).map(l -> Path.of(l.trim())).toList();
    }

    @Test
    void captureHeapWritesAValidHprofAndLogsIt(@TempDir Path dir) throws Exception {
        Process child = WatchChild.start(120);
        try {
            assertThat(brink("capture", Long.toString(child.pid()), "heap", "--out", dir.toString())).as(err.toString()).isZero();
            List<Path> files = printed();
            assertThat(files).hasSize(1);
            assertThat(files.get(0)).startsWith(dir.resolve("evidence")).exists();
            try (DataInputStream in = new DataInputStream(Files.newInputStream(files.get(0)))) {
                assertThat(new String(in.readNBytes(19), StandardCharsets.US_ASCII)).isEqualTo("JAVA PROFILE 1.0.2\0");
                assertThat(in.readInt()).isIn(4, 8);
            }
            List<JsonNode> events = WatchCommandTest.lines(dir.resolve("events.jsonl"));
            assertThat(events).singleElement().satisfies(e -> {
                assertThat(e.get("type").asText()).isEqualTo("evidence");
                assertThat(e.get("kind").asText()).isEqualTo("heap");
                assertThat(dir.resolve(e.get("file").asText())).isEqualTo(files.get(0));
            });
        } finally {
            child.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void captureThreadsFromALaunchedCommand(@TempDir Path dir) throws Exception {
        List<String> args = new ArrayList<>(List.of("capture", "threads", "--count", "2", "--interval", "200ms",
                "--out", dir.toString(), "--launch"));
        args.addAll(WatchChild.command(120));
        assertThat(brink(args.toArray(String[]::new))).as(err.toString()).isZero();
        List<Path> files = printed();
        assertThat(files).hasSize(4);
        assertThat(Files.readString(files.get(0))).contains("\"main\" #1 prio=5").contains("java.lang.Thread.State: ");
        assertThat(Files.readString(files.get(1))).contains("\"format\" : \"brink-thread-dump/1\"");
        // the text form reads back as whole dumps, as jstack's would: not cut short for want of jstack's last line
        var text = dev.brink.threads.ThreadDumpAnalyzer.analyze(List.of(files.get(0), files.get(2)));
        assertThat(text.dumps()).hasSize(2).allSatisfy(d -> assertThat(d.truncated()).as(d.source()).isNull());
        assertThat(text.notes()).isEmpty();
    }

    @Test
    void captureHistogram(@TempDir Path dir) throws Exception {
        Process child = WatchChild.start(120);
        try {
            assertThat(brink("capture", Long.toString(child.pid()), "histogram", "--out", dir.toString())).as(err.toString()).isZero();
            assertThat(Files.readString(printed().get(0))).contains("#instances", "[B");
        } finally {
            child.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void badUsageIsOneLineAndExit2() {
        assertThat(brink("capture", "1234", "bogus")).isEqualTo(2);
        assertThat(err.toString()).isEqualTo("brink: bad evidence kind 'bogus': expected threads, histogram, heap or jfr\n");
        err.reset();
        assertThat(brink("capture", "threads")).isEqualTo(2);
        assertThat(err.toString()).isEqualTo("brink: expected TARGET and WHAT, like: brink capture 1234 threads\n");
        err.reset();
        assertThat(brink("capture", "1234", "threads", "--count", "0")).isEqualTo(2);
        assertThat(err.toString()).isEqualTo("brink: bad --count 0: expected at least 1\n");
    }
}
