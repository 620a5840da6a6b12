package dev.brink.threads;

import static org.assertj.core.api.Assertions.fail;

import dev.brink.core.BrinkUserException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Mutated real dumps (dropped lines, truncations, flipped bytes, duplicated and shuffled lines) must either
 * be read and analysed or be refused with a BrinkUserException: nothing else may escape. Seeds are fixed, so a
 * failure names the mutation that reproduces it.
 */
class ParserFuzzTest {
    private static final int ROUNDS = 150;

    @ParameterizedTest
    @ValueSource(strings = {"contention_jdk17_jstack_l.txt", "deadlock_jdk17_jstack_l.txt", "three-way-deadlock.txt",
        "java8dump.log", "java11dump.log", "jdk11_long_running.log", "java21dump.log", "carrier_stuck.log",
        "cpu-hotspot__dump-0.txt", "jstack_dump.log", "intellij_dump.json", "jdk25_virtual_threads.json", "jdk25_virtual_threads.txt"})
    void mutatedDumpsNeverThrowAnythingButBrinkUserException(String name) throws Exception {
        fuzz(name, Files.readAllBytes(Resources.dump(name)));
    }

    /** The formats the corpus added: Thread.dump_to_file text and JSON, kill -3 in a wrapper's prefixed log. */
    @ParameterizedTest
    @ValueSource(strings = {"monitor-contention/jdk25-dump-to-file/dump-1.txt",
        "lock-contention/jdk25-dump-to-file/dump-1.json", "busy-regex/jdk17-kill3-wrapper-log/wrapper.log",
        "busy-format/jdk25-kill3-stdout/stdout.log"})
    void mutatedCorpusDumpsNeverThrowAnythingButBrinkUserException(String name) throws Exception {
        fuzz(name, Files.readAllBytes(CorpusScoreTest.corpus().resolve(name)));
    }

    private static void fuzz(String name, byte[] original) {
        for (int round = 0; round < ROUNDS; round++) {
            long seed = name.hashCode() * 1_000L + round;
            byte[] mutated = mutate(original, new Random(seed));
            try {
                List<ThreadDump> dumps = ThreadDumpAnalyzer.parse(name + "#" + seed, mutated);
                if (!dumps.isEmpty()) ThreadDumpAnalyzer.analyzeDumps(dumps, Map.of(), List.of());
            } catch (BrinkUserException expected) {
                if (expected.getMessage().contains("\n")) fail("seed " + seed + ": message of several lines: " + expected.getMessage());
            } catch (RuntimeException | StackOverflowError e) {
                throw new AssertionError("seed " + seed + " on " + name + " escaped: " + e, e);
            }
        }
    }

    @org.junit.jupiter.api.Test
    void mutatedObserverDocumentsNeverThrowAnythingButBrinkUserException() throws Exception {
        var mx = java.lang.management.ManagementFactory.getThreadMXBean();
        byte[] original = dev.brink.core.Json.MAPPER.writeValueAsBytes(ObserverDocTest.doc(mx, 0, new java.util.HashMap<>()));
        for (int round = 0; round < ROUNDS; round++) {
            long seed = 77_000L + round;
            byte[] mutated = mutate(original, new Random(seed));
            try {
                List<ThreadDump> dumps = ThreadDumpAnalyzer.parse("observer#" + seed, mutated);
                if (!dumps.isEmpty()) ThreadDumpAnalyzer.analyzeDumps(dumps, Map.of(), List.of());
            } catch (BrinkUserException expected) {
                if (expected.getMessage().contains("\n")) fail("seed " + seed + ": message of several lines: " + expected.getMessage());
            } catch (RuntimeException | StackOverflowError e) {
                throw new AssertionError("seed " + seed + " on an observer document escaped: " + e, e);
            }
        }
    }

    private static byte[] mutate(byte[] in, Random r) {
        int kind = r.nextInt(6);
        switch (kind) {
            case 0 -> { // truncate anywhere
                return java.util.Arrays.copyOf(in, r.nextInt(in.length + 1));
            }
            case 1 -> { // flip bytes
                byte[] out = in.clone();
                int flips = 1 + r.nextInt(40);
                for (int i = 0; i < flips && out.length > 0; i++) out[r.nextInt(out.length)] = (byte) r.nextInt(256);
                return out;
            }
            default -> {
                List<String> lines = new ArrayList<>(new String(in, StandardCharsets.UTF_8).lines().toList());
                int edits = 1 + r.nextInt(30);
                for (int i = 0; i < edits && !lines.isEmpty(); i++) {
                    int at = r.nextInt(lines.size());
                    switch (kind) {
                        case 2 -> lines.remove(at); // drop lines
                        case 3 -> lines.add(r.nextInt(lines.size() + 1), lines.get(at)); // duplicate lines
                        case 4 -> java.util.Collections.swap(lines, at, r.nextInt(lines.size())); // shuffle
                        default -> { // cut a line short
                            String l = lines.get(at);
                            lines.set(at, l.substring(0, r.nextInt(l.length() + 1)));
                        }
                    }
                }
                return String.join("\n", lines).getBytes(StandardCharsets.UTF_8);
            }
        }
    }
}
