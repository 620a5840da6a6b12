package dev.brink.threads;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brink.core.BrinkUserException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import java.util.function.LongConsumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bounded-time fuzzing of shapes the dump fuzzer ({@link ParserFuzzTest}) does not make: JSON nested to any
 * depth with any brackets, and mutated {@code top -H} output. A fixed seed sequence, then random seeds; a
 * failure names its seed. Everything is read or refused with one line.
 */
class InputShapeFuzzTest {
    @TempDir
    Path dir;

    private static void fuzz(String what, LongConsumer oneCase) {
        long end = System.nanoTime() + Long.getLong("brink.fuzz.fixedMs", 1000) * 1_000_000L;
        for (long seed = 0; System.nanoTime() < end; seed++) run(what, seed, oneCase);
        Random seeds = new Random();
        end = System.nanoTime() + Long.getLong("brink.fuzz.randomMs", 500) * 1_000_000L;
        while (System.nanoTime() < end) run(what, seeds.nextLong(), oneCase);
    }

    private static void run(String what, long seed, LongConsumer oneCase) {
        try {
            oneCase.accept(seed);
        } catch (AssertionError | RuntimeException | StackOverflowError e) {
            throw new AssertionError(what + " failed on seed " + seed + ": " + e, e);
        }
    }

    @Test
    void deeplyNestedJsonOfAnyShapeIsOneLine() {
        String[] open = {"{\"a\":", "[", "{\"threadDump\":", "{\"format\":\"brink-thread-dump/1\",\"t\":"};
        fuzz("nested json", seed -> {
            Random r = new Random(seed);
            StringBuilder sb = new StringBuilder();
            int depth = r.nextInt(20) == 0 ? 50_000 : r.nextInt(300);
            for (int i = 0; i < depth; i++) sb.append(open[r.nextInt(open.length)]);
            if (r.nextBoolean()) sb.append("1");
            try {
                ThreadDumpAnalyzer.parse("n.json", sb.toString().getBytes(StandardCharsets.UTF_8));
            } catch (BrinkUserException e) {
                assertThat(e.getMessage()).startsWith("n.json").doesNotContain("\n").hasSizeLessThan(600);
            }
        });
    }

    @Test
    void mutatedTopOutputIsReadOrRefusedInOneLine() throws Exception {
        String top = """
                top - 10:00:00 up 1 day,  1 user,  load average: 1.00, 1.00, 1.00
                Threads:  3 total,   1 running,   2 sleeping
                    PID USER      PR  NI    VIRT    RES    SHR S  %CPU  %MEM     TIME+ COMMAND
                   4242 app       20   0 5000000 500000  20000 R  97,5   3.1   1:00.00 worker-1
                   4243 app       20   0 5000000 500000  20000 S   0.0   3.1   0:00.10 main
                """;
        Path f = dir.resolve("top.txt");
        String[] pieces = {"\r", "\n", "\0", " ", "PID", "%CPU", "-1", "1e999", "NaN", "x".repeat(500), "\t", "é"};
        fuzz("top", seed -> {
            Random r = new Random(seed);
            StringBuilder sb = new StringBuilder(top);
            for (int i = 0, n = 1 + r.nextInt(6); i < n; i++) {
                int at = r.nextInt(sb.length());
                if (r.nextBoolean()) sb.insert(at, pieces[r.nextInt(pieces.length)]);
                else sb.delete(at, Math.min(sb.length(), at + 1 + r.nextInt(10)));
            }
            try {
                Files.writeString(f, sb);
                assertThat(TopOutput.read(f)).allSatisfy((tid, cpu) -> assertThat(cpu).isNotNull());
            } catch (BrinkUserException e) {
                assertThat(e.getMessage()).doesNotContain("\n").doesNotContain("\r").hasSizeLessThan(600);
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
    }
}
