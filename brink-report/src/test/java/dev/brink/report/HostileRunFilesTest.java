package dev.brink.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.brink.core.BrinkUserException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run directory whose files are not what Brink wrote — a device, a pipe, a 3 GiB file of zeros, a line of
 * megabytes — is one line naming the file (and the line), in seconds and a few MB: the fuzz campaign found
 * {@code brink report} dying of OutOfMemoryError, NegativeArraySizeException or hanging on each of these.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class HostileRunFilesTest {
    @TempDir
    Path dir;

    private static final String GOOD_EVENT = "{\"time\":\"2026-11-27T10:00:00Z\",\"epoch_ms\":1795780800000,\"type\":\"run-start\"}\n";

    private void sparse(Path f, long size) throws Exception {
        try (RandomAccessFile raf = new RandomAccessFile(f.toFile(), "rw")) {
            raf.setLength(size);
        }
    }

    @Test
    void aDeviceAsASeriesOrEventsFileIsRefusedByName() throws Exception {
        Files.writeString(dir.resolve("events.jsonl"), GOOD_EVENT);
        for (String name : new String[] {"load.jsonl", "generator.jsonl", "jvm.jsonl", "gc.jsonl"}) {
            Path f = dir.resolve(name);
            Files.createSymbolicLink(f, Path.of("/dev/zero"));
            assertThatThrownBy(() -> RunReport.write(dir)).isInstanceOf(BrinkUserException.class)
                    .hasMessage(f + ": not a regular file (a device, pipe or socket), expected a Brink series file (.jsonl)");
            Files.delete(f);
        }
        Files.delete(dir.resolve("events.jsonl"));
        Files.createSymbolicLink(dir.resolve("events.jsonl"), Path.of("/dev/zero"));
        assertThatThrownBy(() -> RunReport.write(dir)).hasMessageContaining("events.jsonl: not a regular file");
    }

    @Test
    void aFifoAsAFileIsRefusedNotWaitedOn() throws Exception {
        Files.writeString(dir.resolve("events.jsonl"), GOOD_EVENT);
        Path fifo = dir.resolve("load.jsonl");
        assertThat(new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor()).isZero();
        assertThatThrownBy(() -> RunReport.write(dir)).hasMessageContaining("load.jsonl: not a regular file");
    }

    @Test
    void hugeSparseFilesAreRefusedBySizeOrByTheirFirstLine() throws Exception {
        Path events = dir.resolve("events.jsonl");
        sparse(events, 3L << 30);
        assertThatThrownBy(() -> RunReport.write(dir))
                .hasMessage(events + ": 3.0 GiB, expected a Brink events file (events.jsonl) of at most 64.0 MiB "
                        + "(set BRINK_MAX_RUN_EVENTS=SIZE (like 4g) to raise it)");
        Files.delete(events);
        Files.writeString(events, GOOD_EVENT);
        // within the series size limit, but one line of zeros: stopped at its line limit, not read whole
        Path load = dir.resolve("load.jsonl");
        Files.writeString(load, "{\"epoch_ms\":1795780800000}\n");
        try (RandomAccessFile raf = new RandomAccessFile(load.toFile(), "rw")) {
            raf.setLength(1L << 30);
        }
        assertThatThrownBy(() -> RunReport.write(dir)).hasMessageStartingWith(load + ":2: a line longer than 8.0 MiB");
    }

    @Test
    void aSummaryThatIsNotOneIsOneLine() throws Exception {
        Files.writeString(dir.resolve("events.jsonl"), GOOD_EVENT);
        Path summary = dir.resolve("summary.json");
        sparse(summary, 1L << 30);
        assertThatThrownBy(() -> RunReport.write(dir)).hasMessageStartingWith(summary + ": 1.0 GiB, expected a Brink summary");
        Files.delete(summary);
        Files.createSymbolicLink(summary, Path.of("/dev/urandom"));
        assertThatThrownBy(() -> RunReport.write(dir)).hasMessageContaining("summary.json: not a regular file");
    }

    /**
     * Found by a long fuzz campaign: a step-start or step-end line that is JSON but not the event (an error rate
     * of 3, a word for target_rps) escaped from the step windows as Jackson's IllegalArgumentException.
     */
    @Test
    void aStepEventWithValuesNotItsOwnIsOneLineNamingItsLine() throws Exception {
        LongRun.write(dir, 4);
        Path events = dir.resolve("events.jsonl");
        List<String> lines = Files.readAllLines(events);
        int end = 0;
        while (!lines.get(end).contains("\"step-end\"")) end++;
        lines.set(end, lines.get(end).replaceFirst("\"error_rate\":[^,}]*", "\"error_rate\":3.0"));
        Files.write(events, lines);
        int endAt = end + 1;
        assertThatThrownBy(() -> RunReport.write(dir)).isInstanceOf(BrinkUserException.class)
                .hasMessage(events + ":" + endAt + ": expected a step-end event (error_rate: expected a share from 0 to 1, got 3.0)");
        LongRun.write(dir, 4);
        lines = Files.readAllLines(events);
        int start = 0;
        while (!lines.get(start).contains("\"step-start\"")) start++;
        lines.set(start, lines.get(start).replaceFirst("\"target_rps\":[^,}]*", "\"target_rps\":\"soak\""));
        Files.write(events, lines);
        int at = start + 1;
        assertThatThrownBy(() -> RunReport.write(dir)).isInstanceOf(BrinkUserException.class)
                .hasMessageStartingWith(events + ":" + at + ": expected a step-start event (")
                .hasMessageContaining("target_rps").hasMessageNotContaining("\n");
    }
}
