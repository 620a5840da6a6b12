package dev.brink.core.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * A real, small file system (tmpfs of a few KB) to fill up: the only honest way to see what a full disk does to a
 * writer, since the kernel's ENOSPC arrives mid-write, after part of a line went in. Mounting needs root (or
 * CAP_SYS_ADMIN); {@link #mount} returns null where it is not permitted, and the test skips with {@link #WHY_NOT}.
 */
public final class SmallDisk implements AutoCloseable {
    /** The reason a test gives when it skips. */
    public static final String WHY_NOT = "cannot mount a tmpfs here (needs root or CAP_SYS_ADMIN): the full-disk case is not run";

    private final Path dir;

    private SmallDisk(Path dir) {
        this.dir = dir;
    }

    /** A tmpfs of {@code kb} KiB mounted on a new directory under {@code parent}, or null when mounting is not permitted. */
    public static SmallDisk mount(Path parent, int kb) throws IOException, InterruptedException {
        if (!System.getProperty("os.name").startsWith("Linux")) return null;
        Path dir = Files.createDirectories(parent.resolve("small-disk"));
        if (run("mount", "-t", "tmpfs", "-o", "size=" + kb + "k", "tmpfs", dir.toString()) != 0) return null;
        return new SmallDisk(dir);
    }

    public Path dir() {
        return dir;
    }

    /** Fills the disk with one file until the kernel says it is full; returns that file (delete it to make room). */
    public Path fill() throws IOException {
        Path f = dir.resolve("filler");
        byte[] block = new byte[4096];
        try (var out = Files.newOutputStream(f)) {
            while (true) out.write(block);
        } catch (IOException full) {
            return f; // "No space left on device": what we wanted
        }
    }

    /** Leaves {@code bytes} free: fills the disk, then gives back that much. */
    public void leave(long bytes) throws IOException {
        Path f = fill();
        try (var ch = java.nio.channels.FileChannel.open(f, java.nio.file.StandardOpenOption.WRITE)) {
            ch.truncate(Math.max(0, ch.size() - bytes));
        }
    }

    @Override
    public void close() throws IOException, InterruptedException {
        run("umount", "-l", dir.toString());
    }

    private static int run(String... command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        if (!p.waitFor(10, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            return -1;
        }
        return p.exitValue();
    }
}
