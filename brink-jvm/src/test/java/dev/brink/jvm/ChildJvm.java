package dev.brink.jvm;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/** A real child JVM running one of the test programs; waits until it prints "ready". Close kills it. */
final class ChildJvm implements AutoCloseable {
    static final Path JDK17 = Path.of(System.getProperty("java.home"));
    static final Path JDK25 = Path.of("/usr/lib/jvm/temurin-25-jdk-amd64");

    final Process process;

    private ChildJvm(Process process) {
        this.process = process;
    }

    static List<String> command(Path javaHome, Class<?> main, List<String> jvmArgs, int lifetimeSeconds) {
        List<String> cmd = new ArrayList<>();
        cmd.add(javaHome.resolve("bin/java").toString());
        cmd.addAll(jvmArgs);
        cmd.add("-cp");
        cmd.add(System.getProperty("brink.test.classpath", "target/test-classes"));
        cmd.add(main.getName());
        cmd.add(Integer.toString(lifetimeSeconds));
        return cmd;
    }

    static ChildJvm start(Class<?> main, String... jvmArgs) throws Exception {
        return start(JDK17, main, List.of(jvmArgs));
    }

    static ChildJvm start(Path javaHome, Class<?> main, List<String> jvmArgs) throws Exception {
        // bounded lifetime: a child a crashed test forgot still goes away by itself
        Process p = new ProcessBuilder(command(javaHome, main, jvmArgs, 120)).redirectErrorStream(true).start();
        ChildJvm child = new ChildJvm(p);
        BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        CompletableFuture<String> ready = CompletableFuture.supplyAsync(() -> {
            try {
                for (String line; (line = r.readLine()) != null; ) {
                    if (line.equals("ready")) return line;
                }
                return null;
            } catch (IOException e) {
                return null;
            }
        });
        String line = ready.get(60, TimeUnit.SECONDS);
        if (line == null) {
            child.close();
            throw new IllegalStateException("child " + main.getSimpleName() + " did not start");
        }
        // keep draining so a chatty child never blocks on a full pipe
        CompletableFuture.runAsync(() -> {
            try {
                while (r.readLine() != null) {
                    // discard
                }
            } catch (IOException ignored) {
                // the child ended
            }
        });
        return child;
    }

    static boolean jdk25Present() {
        return Files.isExecutable(JDK25.resolve("bin/java"));
    }

    long pid() {
        return process.pid();
    }

    void kill() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor(10, TimeUnit.SECONDS);
    }

    /** SIGTERM first, so the child's shutdown hooks remove its JFR repository from the temp folder. */
    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(10, TimeUnit.SECONDS)) kill();
    }
}
