package dev.brink.jfr;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** Child JVMs that run the scenario programs under JFR, and the recordings they leave. */
final class Recordings {
    static final Path JDK17 = Path.of("/usr/lib/jvm/java-17-openjdk-amd64");
    static final Path JDK25 = Path.of("/usr/lib/jvm/temurin-25-jdk-amd64");
    static final String PHASES = "regex,dateformat,journal,scripts,quotes-cpu,quotes-lock,backoffice,backoffice-fixed";
    static final long PHASE_MS = 3000;

    /** A recording and the wall-clock window of each phase the child printed. */
    record Recorded(Path jdk, Path file, Map<String, Instant[]> phases) {
        JfrFilter phase(String name) {
            Instant[] w = phases.get(name);
            return JfrFilter.between(w[0], w[1]);
        }
    }

    private Recordings() {
    }

    /** A committed recording (src/test/resources/recordings/NAME.jfr.gz) unpacked into {@code dir}. */
    static Path unpacked(Path dir, String name) throws Exception {
        Path file = dir.resolve(name + ".jfr");
        try (java.io.InputStream in = new java.util.zip.GZIPInputStream(
                Recordings.class.getResourceAsStream("/recordings/" + name + ".jfr.gz"))) {
            Files.copy(in, file);
        }
        return file;
    }

    /** JDK 17, and JDK 25 when this machine has it (said on stdout when not). */
    static List<Path> jdks() {
        List<Path> jdks = new ArrayList<>(List.of(JDK17));
        if (present(JDK25)) {
            jdks.add(JDK25);
        } else {
            System.out.println("SKIPPED: no JDK 25 at " + JDK25 + "; JDK 17 recordings only");
        }
        return jdks;
    }

    static boolean present(Path jdk) {
        return Files.isExecutable(jdk.resolve("bin/java"));
    }

    /** Starts one child JVM on {@code jdk} that records to {@code jfr} and logs to {@code log}. */
    interface Child {
        Process start(Path jdk, Path jfr, Path log) throws Exception;
    }

    /**
     * Runs one child per JDK ({@link #jdks}) at once, each recording to {@code dir}/{@code name}N.jfr and logging to
     * {@code name}N.txt, and waits for them all: the JDKs' recordings of one program in the time of one.
     */
    static List<Recorded> onEveryJdk(Path dir, String name, Child child) throws Exception {
        Files.createDirectories(dir);
        List<Path> jdks = jdks();
        List<Process> ps = new ArrayList<>();
        for (int i = 0; i < jdks.size(); i++) {
            ps.add(child.start(jdks.get(i), dir.resolve(name + i + ".jfr"), dir.resolve(name + i + ".txt")));
        }
        List<Recorded> out = new ArrayList<>();
        for (int i = 0; i < jdks.size(); i++) {
            out.add(finish(ps.get(i), jdks.get(i), dir.resolve(name + i + ".jfr"), dir.resolve(name + i + ".txt")));
        }
        return out;
    }

    /** The command of a child JVM running the test program {@code main} under JFR with {@code settings}. */
    static List<String> java(Path jdk, String maxHeap, Path jfr, String settings, String main, String... args) {
        List<String> cmd = new ArrayList<>(List.of(jdk.resolve("bin/java").toString(), "-Xmx" + maxHeap,
                "-XX:StartFlightRecording:filename=" + jfr + ",settings=" + settings,
                "-cp", Path.of(System.getProperty("brink.test.classes", "target/test-classes")).toAbsolutePath().toString(), main));
        cmd.addAll(List.of(args));
        return cmd;
    }

    /** Starts the child; {@link #finish} waits for it. Settings "profile", as a person investigating CPU would. */
    static Process start(Path jdk, Path jfr, Path stdout) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(jdk.resolve("bin/java").toString(), "-Xmx256m",
                "-XX:StartFlightRecording:filename=" + jfr + ",settings=profile",
                "-cp", System.getProperty("brink.test.classes", "target/test-classes"),
                "dev.brink.jfr.programs.ScenarioProgram", String.valueOf(PHASE_MS), PHASES));
        return new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(stdout.toFile()).start();
    }

    static Recorded finish(Process p, Path jdk, Path jfr, Path stdout) throws Exception {
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("scenario child on " + jdk + " did not finish in 120 s");
        }
        String out = Files.readString(stdout);
        if (p.exitValue() != 0) {
            throw new AssertionError("scenario child on " + jdk + " failed: " + out);
        }
        Map<String, Instant[]> phases = new LinkedHashMap<>();
        for (String line : out.split("\n")) {
            String[] f = line.trim().split(" ");
            if (f.length == 4 && f[0].equals("PHASE")) {
                phases.put(f[1], new Instant[] {Instant.ofEpochMilli(Long.parseLong(f[2])), Instant.ofEpochMilli(Long.parseLong(f[3]))});
            }
        }
        return new Recorded(jdk, jfr, phases);
    }
}
