package dev.brink.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assumptions.assumeThat;

import dev.brink.core.testing.SmallDisk;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Writers on a real full disk (a 64 KiB tmpfs, filled), and on /dev/full: one line naming the file and the system's
 * reason, nothing half-written left behind, what was written before still readable.
 */
class DiskFullTest {
    @TempDir
    static Path tmp;
    static SmallDisk disk;

    @BeforeAll
    static void mount() throws Exception {
        disk = SmallDisk.mount(tmp, 64);
    }

    @AfterAll
    static void unmount() throws Exception {
        if (disk != null) disk.close();
    }

    @Test
    void appendedLinesStopWholeWhenTheDiskFills() throws Exception {
        assumeThat(disk).as(SmallDisk.WHY_NOT).isNotNull();
        Path f = disk.dir().resolve("load.jsonl");
        disk.leave(6 * 1024);
        int written = 0;
        WriteFailure failure = null;
        try (JsonlWriter w = new JsonlWriter(f)) {
            try {
                // lines of ~1 KiB that do not fall on page bounds: the kernel takes part of the last one, then refuses
                for (; written < 1000; written++) w.append(Map.of("second", written, "pad", "x".repeat(1000 + written % 7)));
            } catch (WriteFailure e) {
                failure = e;
            }
            assertThat(failure).isNotNull();
            assertThat(failure.getMessage()).isEqualTo("cannot write " + f + ": No space left on device; the lines written before are kept");
            WriteFailure first = failure;
            assertThatThrownBy(() -> w.append(Map.of("second", -1))).isSameAs(first); // no line after a hole
        }
        assertThat(written).isBetween(1, 10);
        byte[] content = Files.readAllBytes(f);
        assertThat(content[content.length - 1]).as("the file ends in a whole line").isEqualTo((byte) '\n');
        assertThat(JsonlReader.readAll(f)).hasSize(written);
        Files.delete(f);
        Files.deleteIfExists(disk.dir().resolve("filler"));
    }

    @Test
    void aWholeFileIsTheOldOneOrTheNewOneAndNoTemporaryIsLeft() throws Exception {
        assumeThat(disk).as(SmallDisk.WHY_NOT).isNotNull();
        Path summary = disk.dir().resolve("summary.json");
        OutputFiles.write(summary, "{\"old\":true}\n");
        disk.leave(4096);
        assertThatThrownBy(() -> OutputFiles.write(summary, "x".repeat(200_000)))
                .isInstanceOf(BrinkUserException.class)
                .hasMessage("cannot write " + summary + ": No space left on device");
        assertThat(Files.readString(summary)).isEqualTo("{\"old\":true}\n");
        Path fresh = disk.dir().resolve("report.html");
        assertThatThrownBy(() -> OutputFiles.write(fresh, "y".repeat(200_000))).hasMessageContaining("No space left on device");
        assertThat(fresh).doesNotExist();
        try (Stream<Path> files = Files.list(disk.dir())) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder("summary.json", "filler");
        }
        Files.delete(disk.dir().resolve("filler"));
        Files.delete(summary);
    }

    @Test
    void aStreamTargetIsWrittenThroughAndItsFailureIsOneLine() {
        // /dev/full is a device: renaming a temporary file over it would replace the device, so it is written through
        assertThatThrownBy(() -> OutputFiles.write(Path.of("/dev/full"), "{}"))
                .isInstanceOf(BrinkUserException.class)
                .hasMessage("cannot write /dev/full: No space left on device");
        assertThat(Path.of("/dev/full")).satisfies(p -> assertThat(Files.isRegularFile(p)).isFalse());
    }

    @Test
    void anOutputDirectoryThatCannotBeMadeIsOneLine() {
        assertThatThrownBy(() -> OutputFiles.directory(Path.of("/proc/brink-no/x"), "--out"))
                .isInstanceOf(BrinkUserException.class)
                .hasMessageStartingWith("--out /proc/brink-no/x: cannot create the directory: ");
        assertThatThrownBy(() -> OutputFiles.write(Path.of("/proc/brink-no/plan.yaml"), "name: x\n"))
                .hasMessage("cannot write /proc/brink-no/plan.yaml: no such file or directory");
    }
}
