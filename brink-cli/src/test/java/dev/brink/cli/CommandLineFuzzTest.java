package dev.brink.cli;

import static dev.brink.cli.BrinkRun.brink;
import static org.assertj.core.api.Assertions.assertThat;

import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Bounded-time fuzzing of {@code brink http}'s arguments (URL, headers, rate, duration, timeout, method, body):
 * every case aims at a closed port, so each is refused with exit 2 — by validation, or by the reachability
 * check — and never with an internal error (exit 1), a stack trace, a secret echoed or a second line. A fixed
 * seed sequence first, then random seeds; a failure names its seed.
 */
class CommandLineFuzzTest {
    private static final String[] PIECES = {"\r", "\n", "\0", "\r\n", " ", ":", "/", "?", "%", "${", "}", "${seq}",
        "${env.NOPE}", "${random.int(1,", "99999", "65536", "0", "-1", "1e308", "NaN", "s", "ms", "h", "99999999999999",
        "@", "@/dev/zero", "@/nonexistent", "é", "\uFEFF", "SECRET123", "x".repeat(300)};

    private static String piece(Random r, String base) {
        StringBuilder sb = new StringBuilder(base);
        int n = r.nextInt(4);
        for (int i = 0; i < n; i++) {
            String p = PIECES[r.nextInt(PIECES.length)];
            sb.insert(r.nextInt(sb.length() + 1), p);
        }
        return sb.toString();
    }

    @Test
    void httpArgumentsAreRefusedWithExitTwoAndOneLine() throws Exception {
        int closed;
        try (ServerSocket s = new ServerSocket(0)) {
            closed = s.getLocalPort();
        }
        String url = "http://127.0.0.1:" + closed + "/";
        long seed = 0;
        int cases = 0;
        long end = System.nanoTime() + Long.getLong("brink.fuzz.fixedMs", 1500) * 1_000_000L;
        while (System.nanoTime() < end) {
            check(seed++, url);
            cases++;
        }
        Random seeds = new Random();
        end = System.nanoTime() + Long.getLong("brink.fuzz.randomMs", 700) * 1_000_000L;
        while (System.nanoTime() < end) {
            check(seeds.nextLong(), url);
            cases++;
        }
        // each case builds the whole picocli command tree (~0.2 s on a loaded 2-core box): few cases per run, new
        // seeds each run; bench/fuzz-campaign.sh runs this for minutes
        assertThat(cases).isGreaterThan(1);
    }

    private static void check(long seed, String url) {
        Random r = new Random(seed);
        List<String> args = new ArrayList<>(List.of("http", url + piece(r, "a")));
        if (r.nextBoolean()) args.addAll(List.of("--rate", piece(r, "10"))); else args.addAll(List.of("--users", piece(r, "2")));
        args.addAll(List.of("--duration", piece(r, "1s")));
        if (r.nextBoolean()) args.addAll(List.of("-H", piece(r, "Authorization: Bearer SECRET123")));
        if (r.nextBoolean()) args.addAll(List.of("--timeout", piece(r, "2s")));
        if (r.nextBoolean()) args.addAll(List.of("--method", piece(r, "POST")));
        if (r.nextBoolean()) args.addAll(List.of("--body", piece(r, "{}")));
        BrinkRun run = brink(args.toArray(new String[0]));
        String first = run.err.lines().findFirst().orElse("");
        try {
            assertThat(run.code).as(run.err).isEqualTo(2);
            assertThat(run.err).startsWith("brink: ").doesNotContain("\tat ").doesNotContain("internal error");
            assertThat(first).hasSizeLessThan(600);
            assertThat(run.err.strip()).doesNotContain("\n"); // usage errors too: one line naming --help
            // a header value is never echoed (picocli's own messages quote option values, not -H's)
            if (args.contains("-H")) assertThat(run.err.replace("bad -H", "")).doesNotContain("Bearer SECRET123");
        } catch (AssertionError e) {
            throw new AssertionError("seed " + seed + " " + args + ": " + e.getMessage(), e);
        }
    }
}
