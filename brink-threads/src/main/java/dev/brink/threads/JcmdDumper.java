package dev.brink.threads;

import dev.brink.core.BrinkUserException;
import dev.brink.core.EvidenceFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Takes thread dumps of a live JVM with {@code jcmd PID Thread.print -l}, using the jcmd of the JDK that runs
 * Brink (the attach protocol works across JDK versions). Each dump is written to its own file so the analysis
 * reads what a user could read. Blocks the calling thread for about {@code (count - 1) × interval} plus jcmd's
 * own time; each jcmd call is bounded by {@value #JCMD_TIMEOUT_S} s.
 */
public final class JcmdDumper {
    static final int JCMD_TIMEOUT_S = 60;

    private JcmdDumper() {
    }

    /** Takes {@code count} dumps {@code interval} apart into {@code dir} (threads-PID-N.txt); returns the files. */
    public static List<Path> capture(long pid, int count, Duration interval, Path dir) throws BrinkUserException {
        if (count < 1) throw new BrinkUserException("--count must be at least 1, was " + count);
        if (interval.isNegative()) throw new BrinkUserException("--interval must not be negative");
        // asked before jcmd is: for a pid no process has, jcmd answers with its own exception text
        // ("java.io.IOException: No such process"), which is not a sentence for the user
        if (pid < 1 || ProcessHandle.of(pid).isEmpty()) {
            throw new BrinkUserException("--pid " + pid + ": no running process has this id (expected the pid of a live JVM: jcmd -l lists them)");
        }
        Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
        if (!Files.isExecutable(jcmd)) {
            throw new BrinkUserException("no jcmd beside the java running Brink (" + jcmd + "): run Brink with a JDK, not a JRE");
        }
        List<Path> files = new ArrayList<>();
        try {
            Files.createDirectories(dir);
            for (int i = 0; i < count; i++) {
                if (i > 0) Thread.sleep(interval.toMillis());
                Path out = dir.resolve(EvidenceFiles.THREAD_DUMP_PREFIX + pid + "-" + i + ".txt");
                run(jcmd, pid, out);
                files.add(out);
            }
        } catch (IOException e) {
            throw new BrinkUserException("cannot take a thread dump of pid " + pid + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new BrinkUserException("interrupted while taking thread dumps of pid " + pid);
        }
        return files;
    }

    private static void run(Path jcmd, long pid, Path out) throws IOException, InterruptedException, BrinkUserException {
        Process p = new ProcessBuilder(jcmd.toString(), Long.toString(pid), "Thread.print", "-l")
                .redirectErrorStream(true).redirectOutput(out.toFile()).start();
        if (!p.waitFor(JCMD_TIMEOUT_S, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new BrinkUserException("jcmd " + pid + " Thread.print did not answer in " + JCMD_TIMEOUT_S + " s");
        }
        String text = Files.readString(out, StandardCharsets.UTF_8);
        if (p.exitValue() != 0 || !text.contains("Full thread dump")) {
            String first = text.lines().filter(l -> !l.isBlank()).filter(l -> !l.matches("\\d+:"))
                    .findFirst().orElse("no output");
            throw new BrinkUserException("jcmd " + pid + " Thread.print failed (exit " + p.exitValue() + "): " + sentence(first));
        }
    }

    /**
     * jcmd's first line of a failure, as a sentence: its own failures are exception texts ("com.sun.tools.attach.
     * AttachNotSupportedException: Unable to open socket file …" for a process that is not a JVM), whose class names
     * the carrier, not the problem.
     */
    static String sentence(String jcmdLine) {
        return jcmdLine.strip().replaceFirst("^(?:[a-z_$][\\w$]*\\.)+[A-Z][\\w$]*(?:Exception|Error): ", "");
    }
}
