package dev.brink.threads;

import dev.brink.threads.child.Scenarios;
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

/** A child JVM running one {@link Scenarios} scenario, dumped with its own JDK's jcmd. Close kills it. */
final class ChildJvm implements AutoCloseable {
    static final Path JDK17 = Path.of(System.getProperty("java.home"));
    static final Path JDK25 = Path.of("/usr/lib/jvm/temurin-25-jdk-amd64");

    private final Path javaHome;
    private final Process process;

    private ChildJvm(Path javaHome, Process process) {
        this.javaHome = javaHome;
        this.process = process;
    }

    static boolean jdk25Present() {
        return Files.isExecutable(JDK25.resolve("bin/java")) && Files.isExecutable(JDK25.resolve("bin/jcmd"));
    }

    static ChildJvm start(Path javaHome, String scenario) throws Exception {
        Path classes = Path.of(Scenarios.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        Process p = new ProcessBuilder(javaHome.resolve("bin/java").toString(), "-Xmx64m", "-cp", classes.toString(),
                Scenarios.class.getName(), scenario).redirectErrorStream(true).start();
        ChildJvm child = new ChildJvm(javaHome, p);
        BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        CompletableFuture<String> ready = CompletableFuture.supplyAsync(() -> {
            StringBuilder seen = new StringBuilder();
            try {
                for (String line; (line = r.readLine()) != null; ) {
                    if (line.equals("READY")) return "READY";
                    seen.append(line).append('\n');
                }
            } catch (IOException e) {
                seen.append(e);
            }
            return seen.toString();
        });
        String got;
        try {
            got = ready.get(60, TimeUnit.SECONDS);
        } catch (Exception e) {
            child.close();
            throw new IllegalStateException("child " + scenario + " not ready in 60 s", e);
        }
        if (!got.equals("READY")) {
            child.close();
            throw new IllegalStateException("child " + scenario + " failed: " + got);
        }
        return child;
    }

    long pid() {
        return process.pid();
    }

    /** Runs this JDK's jcmd against the child; returns its output, which must not be an error. */
    String jcmd(Path dir, String name, String... command) throws Exception {
        Path out = dir.resolve(name);
        List<String> cmd = new java.util.ArrayList<>(List.of(javaHome.resolve("bin/jcmd").toString(), Long.toString(pid())));
        cmd.addAll(List.of(command));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(out.toFile()).start();
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IllegalStateException("jcmd hung");
        }
        String text = Files.readString(out);
        if (p.exitValue() != 0) throw new IllegalStateException("jcmd failed: " + text);
        return text;
    }

    /** Thread.print -l into dir/name; returns the file. */
    Path threadPrint(Path dir, String name) throws Exception {
        jcmd(dir, name, "Thread.print", "-l");
        return dir.resolve(name);
    }

    /** {@code count} Thread.print -l dumps {@code pauseMs} apart, into dir/prefix-0.txt, dir/prefix-1.txt…; the files. */
    List<Path> threadPrints(Path dir, String prefix, int count, long pauseMs) throws Exception {
        List<Path> files = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            if (i > 0) Thread.sleep(pauseMs);
            files.add(threadPrint(dir, prefix + "-" + i + ".txt"));
        }
        return files;
    }

    /** JDK 21+: Thread.dump_to_file -format=json into dir/name; returns the file. */
    Path jsonDump(Path dir, String name) throws Exception {
        Path file = dir.resolve(name);
        jcmd(dir, name + ".jcmd-out", "Thread.dump_to_file", "-format=json", file.toString());
        return file;
    }

    @Override
    public void close() {
        process.destroyForcibly();
        try {
            process.waitFor(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

}
