package dev.brink.heap;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brink.heap.child.DumpingApp;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Starts {@link DumpingApp} in a child JVM and waits (bounded) for its dump. */
final class ChildDumps {
    static final Path JDK25 = Path.of("/usr/lib/jvm/temurin-25-jdk-amd64");

    private ChildDumps() {
    }

    static Path javaOf(Path jdkHome) {
        return jdkHome.resolve("bin").resolve("java");
    }

    static Path currentJdk() {
        return Path.of(System.getProperty("java.home"));
    }

    static Path dump(Path jdk, String mode, Path file, String... extra) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(javaOf(jdk).toString(), "-Xmx256m", "-XX:+UseSerialGC",
                "-cp", System.getProperty("brink.test.classes", System.getProperty("java.class.path")),
                DumpingApp.class.getName(), mode, file.toString()));
        cmd.addAll(List.of(extra));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        boolean done = p.waitFor(120, TimeUnit.SECONDS);
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!done) {
            p.destroyForcibly();
        }
        assertThat(done).as("child JVM finished within 120 s: " + out).isTrue();
        assertThat(p.exitValue()).as("child output: " + out).isZero();
        assertThat(Files.size(file)).isPositive();
        return file;
    }
}
