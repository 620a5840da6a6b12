package dev.brink.core.testing;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.junit.jupiter.api.Assumptions;

/**
 * A real child JVM for tests: started from one of a module's test programs, waited for (bounded) until it prints
 * {@link #READY} on a line of its own, its output drained afterwards so a chatty child never blocks on a full
 * pipe. Close sends SIGTERM first (the child's shutdown hooks remove its JFR repository and perf data), then
 * SIGKILL. Every module's tests launch children through this one class (brink-core's test-jar).
 */
public final class ChildJvm implements AutoCloseable {
    /** The line a test program prints once it is in the state the test wants to observe. */
    public static final String READY = "ready";
    public static final Path JDK17 = Path.of(System.getProperty("java.home"));
    public static final Path JDK25 = Path.of("/usr/lib/jvm/temurin-25-jdk-amd64");
    static final int READY_SECONDS = 60;

    private final Path javaHome;
    private final Process process;
    private final String readyLine;

    private ChildJvm(Path javaHome, Process process, String readyLine) {
        this.javaHome = javaHome;
        this.process = process;
        this.readyLine = readyLine;
    }

    /** JDK 25 with its jcmd, where the newest-JDK half of a test runs. */
    public static boolean jdk25Present() {
        return Files.isExecutable(java(JDK25)) && Files.isExecutable(JDK25.resolve("bin/jcmd"));
    }

    /**
     * The JDK a parameterized test names, "17" (the JDK running the tests) or "25"; where JDK 25 is not installed its
     * half of the test is skipped (an assumption), never failed: the test's JDK 17 half still runs.
     */
    public static Path home(String jdk) {
        if (jdk.equals("25")) {
            Assumptions.assumeTrue(jdk25Present(), "JDK 25 not installed at " + JDK25 + ": its half of the test not run");
            return JDK25;
        }
        return JDK17;
    }

    public static Path java(Path javaHome) {
        return javaHome.resolve("bin").resolve("java");
    }

    /** The class-path entry (a test-classes folder or a jar) that holds this class. */
    public static String classesOf(Class<?> c) {
        try {
            return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** {@code java JVM-ARGS -cp <main's classes> MAIN ARGS} on the given JDK. */
    public static List<String> command(Path javaHome, Class<?> main, List<String> jvmArgs, String... args) {
        List<String> cmd = new ArrayList<>();
        cmd.add(java(javaHome).toString());
        cmd.addAll(jvmArgs);
        cmd.add("-cp");
        cmd.add(classesOf(main));
        cmd.add(main.getName());
        cmd.addAll(List.of(args));
        return cmd;
    }

    /** Starts MAIN on the JDK and waits until it prints {@link #READY}. */
    public static ChildJvm start(Path javaHome, Class<?> main, List<String> jvmArgs, String... args) throws IOException {
        return start(javaHome, command(javaHome, main, jvmArgs, args), READY::equals);
    }

    /**
     * Starts the command and waits (at most 60 s) for the first line {@code ready} accepts; that line is kept
     * ({@link #readyLine()}: a port, say). A child that ends or stays silent is killed and the test fails with
     * what it printed.
     */
    public static ChildJvm start(Path javaHome, List<String> command, Predicate<String> ready) throws IOException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        StringBuilder seen = new StringBuilder();
        CompletableFuture<String> found = CompletableFuture.supplyAsync(() -> {
            try {
                for (String line; (line = r.readLine()) != null; ) {
                    if (ready.test(line)) return line;
                    synchronized (seen) {
                        seen.append(line).append('\n');
                    }
                }
            } catch (IOException e) {
                synchronized (seen) {
                    seen.append(e).append('\n');
                }
            }
            return null;
        });
        String line;
        try {
            line = found.get(READY_SECONDS, TimeUnit.SECONDS);
        } catch (Exception e) {
            line = null;
        }
        ChildJvm child = new ChildJvm(javaHome, p, line);
        if (line == null) {
            child.close();
            synchronized (seen) {
                throw new IllegalStateException("child " + command.get(command.size() - 1) + " not ready within "
                        + READY_SECONDS + " s: " + seen);
            }
        }
        CompletableFuture.runAsync(() -> {
            try {
                while (r.readLine() != null) {
                    // discarded: only read so the child never blocks on a full pipe
                }
            } catch (IOException ignored) {
                // the child ended
            }
        });
        return child;
    }

    public Process process() {
        return process;
    }

    public long pid() {
        return process.pid();
    }

    public Path javaHome() {
        return javaHome;
    }

    public String readyLine() {
        return readyLine;
    }

    /** Runs this child's own JDK's jcmd against it, output into {@code out}; returns that output, never an error. */
    public String jcmd(Path out, String... command) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(javaHome.resolve("bin/jcmd").toString(), Long.toString(pid())));
        cmd.addAll(List.of(command));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(out.toFile()).start();
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IllegalStateException("jcmd " + String.join(" ", command) + " hung");
        }
        String text = Files.readString(out);
        if (p.exitValue() != 0) throw new IllegalStateException("jcmd " + String.join(" ", command) + " failed: " + text);
        return text;
    }

    /** SIGKILL, as a crash would end it. */
    public void kill() {
        process.destroyForcibly();
        waitFor(10);
    }

    /** SIGTERM first, so the child's shutdown hooks run; SIGKILL after 10 s. */
    @Override
    public void close() {
        process.destroy();
        if (!waitFor(10)) kill();
    }

    private boolean waitFor(int seconds) {
        try {
            return process.waitFor(seconds, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
