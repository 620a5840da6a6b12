package dev.brink.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.time.Duration;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Bounded-time fuzzing of the small parsers every command shares (durations, sizes, URLs, host:port) and of the
 * message helpers: a fixed seed sequence, then random seeds; a failure names its seed. Accepted values are within
 * their stated bounds; rejected ones are a one-line {@link BrinkUserException}.
 */
class UserInputFuzzTest {
    private static final String[] PIECES = {"0", "1", "9", "99999999999999", "1e308", ".", "-", "+", "ms", "us", "s", "m",
        "h", "d", "k", "g", "t", "b", ":", "//", "http", "https", "ftp", "127.0.0.1", "[::1]", "localhost", "/", "?", "#",
        "%", "%0d%0a", "\r", "\n", "\0", " ", "\t", "é", "65535", "65536", "0", "@", "x".repeat(100)};

    private static String random(Random r) {
        StringBuilder sb = new StringBuilder();
        int n = r.nextInt(10);
        for (int i = 0; i < n; i++) sb.append(PIECES[r.nextInt(PIECES.length)]);
        return sb.toString();
    }

    @Test
    void sharedParsersAcceptOnlyBoundedValuesAndRejectInOneLine() {
        long seed = 0;
        long end = System.nanoTime() + Long.getLong("brink.fuzz.fixedMs", 1000) * 1_000_000L;
        while (System.nanoTime() < end) check(seed++);
        Random seeds = new Random();
        end = System.nanoTime() + Long.getLong("brink.fuzz.randomMs", 500) * 1_000_000L;
        while (System.nanoTime() < end) check(seeds.nextLong());
    }

    private static void check(long seed) {
        String s = random(new Random(seed));
        try {
            try {
                Duration d = Durations.parse(s);
                assertThat(d).isBetween(Duration.ZERO, Durations.MAX);
            } catch (BrinkUserException e) {
                oneLine(e);
            }
            try {
                assertThat(Sizes.parse(s)).isPositive();
            } catch (BrinkUserException e) {
                oneLine(e);
            }
            try {
                URI u = Addresses.httpUrl(s, "URL");
                assertThat(u.getScheme().toLowerCase(java.util.Locale.ROOT)).isIn("http", "https"); // HTTPS since issue 41
                assertThat(u.getHost()).isNotNull();
                assertThat(u.getPort() == -1 || Addresses.validPort(u.getPort())).isTrue();
                assertThat(u.toString()).doesNotContain("\r").doesNotContain("\n").doesNotContain("\0").doesNotContain(" ");
            } catch (BrinkUserException e) {
                oneLine(e);
            }
            try {
                Addresses.HostPort hp = Addresses.hostPort(s, "JMX address");
                assertThat(hp.toString()).doesNotContain("\r").doesNotContain("\n").doesNotContain(" ");
            } catch (BrinkUserException e) {
                oneLine(e);
            }
            assertThat(UserText.oneLine(s)).doesNotContain("\n").doesNotContain("\r").hasSizeLessThanOrEqualTo(UserText.MESSAGE_CHARS + 1);
            assertThat(UserText.quote(s)).doesNotContain("\n").doesNotContain("\0").hasSizeLessThanOrEqualTo(UserText.QUOTE_CHARS + 1);
        } catch (AssertionError | RuntimeException e) {
            throw new AssertionError("seed " + seed + " (" + UserText.quote(s) + "): " + e, e);
        }
    }

    private static void oneLine(BrinkUserException e) {
        assertThat(e.getMessage()).doesNotContain("\n").doesNotContain("\r").doesNotContain("\0").hasSizeLessThan(400);
    }
}
