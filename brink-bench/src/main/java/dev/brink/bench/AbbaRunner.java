package dev.brink.bench;

import com.fasterxml.jackson.databind.JsonNode;
import dev.brink.core.BrinkUserException;
import dev.brink.core.Json;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * Runs two JMH benchmark jars, BASE and NEW, one fork at a time in the order A B B A A B B A …, so that whatever drifts
 * on the machine while they run (another build starting, thermal throttling, a noisy neighbour) lands on both sides
 * alike instead of on whichever ran second. Each fork is its own JMH invocation with {@code -f 1}: JMH's own forks
 * would run all of one jar's forks back to back.
 *
 * <p>Writes into {@code out}: {@code base.json} and {@code new.json} (every fork joined, JMH's format) and
 * {@code forks/} with each invocation's JSON and console log. Not thread-safe; one run at a time.
 */
public final class AbbaRunner {
    /**
     * What to run. {@code jmhArgs} go to JMH after Brink's own (-f 1 -rf json -rff …), e.g. a regex, -p, -prof gc;
     * {@code javaOptions} to the JVM that runs JMH, before -jar (e.g. -Djmh.ignoreLock=true).
     */
    public record Plan(Path baseJar, Path newJar, int forks, Integer warmupIterations, String warmupTime,
                       Integer measureIterations, String measureTime, List<String> jmhArgs, Path java,
                       List<String> javaOptions, Path out) {
        public Plan {
            Objects.requireNonNull(baseJar, "baseJar");
            Objects.requireNonNull(newJar, "newJar");
            if (forks < 1) {
                throw new IllegalArgumentException("forks must be >= 1, was " + forks);
            }
            jmhArgs = List.copyOf(jmhArgs);
            javaOptions = List.copyOf(javaOptions);
        }
    }

    private AbbaRunner() {
    }

    /** The order of fork i's two invocations: AB for even i, BA for odd, which makes ABBA over every pair. */
    static boolean baseFirst(int fork) {
        return fork % 2 == 0;
    }

    /** Runs every fork; returns {base.json, new.json}. Progress goes to {@code progress}, one line per fork. */
    public static Path[] run(Plan plan, PrintWriter progress) throws BrinkUserException {
        for (Path jar : List.of(plan.baseJar(), plan.newJar())) {
            if (!Files.isRegularFile(jar)) {
                throw new BrinkUserException(jar + ": no such file (expected a JMH benchmark jar)");
            }
        }
        Path forksDir = plan.out().resolve("forks");
        try {
            Files.createDirectories(forksDir);
        } catch (IOException e) {
            throw new BrinkUserException(plan.out() + ": cannot create directory: " + e.getMessage());
        }
        List<JsonNode> base = new ArrayList<>();
        List<JsonNode> news = new ArrayList<>();
        for (int i = 0; i < plan.forks(); i++) {
            long t0 = System.nanoTime();
            String order;
            if (baseFirst(i)) {
                base.add(invoke(plan, plan.baseJar(), forksDir, "base", i));
                news.add(invoke(plan, plan.newJar(), forksDir, "new", i));
                order = "BASE, NEW";
            } else {
                news.add(invoke(plan, plan.newJar(), forksDir, "new", i));
                base.add(invoke(plan, plan.baseJar(), forksDir, "base", i));
                order = "NEW, BASE";
            }
            progress.printf(Locale.ROOT, "fork %d/%d: %s (%.1f s)%n", i + 1, plan.forks(), order, (System.nanoTime() - t0) / 1e9);
            progress.flush();
        }
        Path baseJson = plan.out().resolve("base.json");
        Path newJson = plan.out().resolve("new.json");
        try {
            Json.MAPPER.writerWithDefaultPrettyPrinter().writeValue(baseJson.toFile(), JmhJsonMerger.merge(base));
            Json.MAPPER.writerWithDefaultPrettyPrinter().writeValue(newJson.toFile(), JmhJsonMerger.merge(news));
        } catch (IOException e) {
            throw new BrinkUserException(plan.out() + ": cannot write the joined results: " + e.getMessage());
        }
        return new Path[] {baseJson, newJson};
    }

    /** The last non-blank line of a JMH log: usually the reason (an exception, "No matching benchmarks"). */
    private static String lastLine(Path log) {
        try {
            List<String> lines = Files.readAllLines(log);
            for (int i = lines.size() - 1; i >= 0; i--) {
                if (!lines.get(i).isBlank()) {
                    String l = lines.get(i).strip();
                    return l.length() > 200 ? l.substring(0, 200) + "…" : l;
                }
            }
        } catch (IOException | java.io.UncheckedIOException e) {
            // fall through: the path is still in the message
        }
        return "no output";
    }

    static List<String> command(Plan plan, Path jar, Path json) {
        List<String> cmd = new ArrayList<>();
        cmd.add(plan.java() != null ? plan.java().toString()
                : Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(plan.javaOptions());
        cmd.add("-jar");
        cmd.add(jar.toAbsolutePath().toString());
        cmd.addAll(List.of("-f", "1", "-foe", "true", "-rf", "json", "-rff", json.toAbsolutePath().toString()));
        if (plan.warmupIterations() != null) {
            cmd.addAll(List.of("-wi", plan.warmupIterations().toString()));
        }
        if (plan.warmupTime() != null) {
            cmd.addAll(List.of("-w", plan.warmupTime()));
        }
        if (plan.measureIterations() != null) {
            cmd.addAll(List.of("-i", plan.measureIterations().toString()));
        }
        if (plan.measureTime() != null) {
            cmd.addAll(List.of("-r", plan.measureTime()));
        }
        cmd.addAll(plan.jmhArgs());
        return cmd;
    }

    private static JsonNode invoke(Plan plan, Path jar, Path dir, String side, int fork) throws BrinkUserException {
        String name = String.format(Locale.ROOT, "%s-%02d", side, fork + 1);
        Path json = dir.resolve(name + ".json");
        Path log = dir.resolve(name + ".log");
        ProcessBuilder pb = new ProcessBuilder(command(plan, jar, json)).redirectErrorStream(true)
                .redirectOutput(log.toFile());
        Process p;
        try {
            p = pb.start();
        } catch (IOException e) {
            throw new BrinkUserException("cannot start " + pb.command().get(0) + ": " + e.getMessage());
        }
        // Ctrl-C on brink must not leave a benchmark JVM running on a machine someone wants to measure on
        Thread killer = new Thread(p::destroyForcibly);
        Runtime.getRuntime().addShutdownHook(killer);
        int exit;
        try {
            exit = p.waitFor();
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new BrinkUserException("interrupted while running " + jar);
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(killer);
            } catch (IllegalStateException shuttingDown) {
                // the hook runs anyway
            }
        }
        if (exit != 0 || !Files.isRegularFile(json)) {
            throw new BrinkUserException(jar + ": JMH fork " + (fork + 1) + " failed (exit " + exit + "): " + lastLine(log)
                    + "; its output is in " + log);
        }
        // Read through the checked reader first so a broken file is reported like any bad input
        JmhJsonReader.read(json);
        try {
            return Json.MAPPER.readTree(json.toFile());
        } catch (IOException e) {
            throw new BrinkUserException(json + ": cannot read: " + e.getMessage());
        }
    }
}
