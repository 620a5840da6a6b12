package dev.brink.load.tcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brink.core.BrinkUserException;
import dev.brink.load.plan.Plan;
import dev.brink.load.plan.bind.PlanReader;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Bounded-time fuzzing of the raw-TCP plan sections and of response framing. Fixed seeds first (reproducible
 * in CI), a failure names its seed. Properties: a mutated plan is either a plan whose every packet encodes
 * within its declared wire size, or one {@link BrinkUserException} line naming the file; any byte stream fed
 * to any framing rule yields frames within the limit or a clean "never frames", never an exception.
 */
class TcpPlanFuzzTest {
    private static final long MS = Long.getLong("brink.fuzz.fixedMs", 1500);
    private static final String[] TOKENS = {"\n", " ", ":", "{", "}", "[", "]", "\"", "0x", "7E", "7D01", "-1", "0",
        "99999999999", "1e308", "u8", "u64le", "bcd", "checksum", "crc32", "sum8", "length", "size", "over", "escape",
        "seq", "time", "lat", "body", "id", "check", "fixed", "delimiter", "length_field", "none", "- ", "  ", "#"};

    @Test
    void mutatedPlansCompileOrFailInOneLine() throws Exception {
        String base = TcpLoadTest.telematics(9);
        long end = System.nanoTime() + MS * 1_000_000;
        long seed = 0;
        int accepted = 0;
        while (System.nanoTime() < end || seed < 20) { // at least 20 cases, however loaded the machine
            Random r = new Random(seed);
            StringBuilder sb = new StringBuilder(base);
            int edits = seed == 0 ? 0 : 1 + r.nextInt(4); // seed 0: the plan as it is, which compiles
            for (int e = 0; e < edits; e++) {
                int at = r.nextInt(sb.length());
                switch (r.nextInt(3)) {
                    case 0 -> sb.delete(at, Math.min(sb.length(), at + 1 + r.nextInt(6)));
                    case 1 -> sb.insert(at, TOKENS[r.nextInt(TOKENS.length)]);
                    default -> sb.replace(at, at + 1, TOKENS[r.nextInt(TOKENS.length)]);
                }
            }
            try {
                Plan plan = PlanReader.parse(sb.toString(), "t.yaml", Path.of("."), k -> null);
                TcpSpec spec = TcpSpec.of(plan);
                if (spec != null) {
                    accepted++;
                    Session s = new Session(spec.variables.length);
                    spec.start(s, 0, 1_700_000_000_000L, null, seed);
                    byte[] scratch = new byte[spec.maxWireSize()];
                    byte[] wire = new byte[spec.maxWireSize()];
                    for (int i = 0; i < 60; i++) {
                        Packet p = spec.next(s);
                        if (p == null) break;
                        assertThat(p.encode(s, scratch, wire)).as("seed " + seed).isBetween(1, p.maxWireSize());
                    }
                }
            } catch (BrinkUserException e) {
                if (seed == 0) throw new AssertionError("the unmutated plan: " + e.getMessage());
                assertThat(e.getMessage()).as("seed " + seed).startsWith("t.yaml").doesNotContain("\n").hasSizeLessThan(1000);
            } catch (RuntimeException | StackOverflowError e) {
                throw new AssertionError("seed " + seed + ": " + e, e);
            }
            seed++;
        }
        assertThat(accepted).as("some mutations still make a plan").isPositive();
    }

    @Test
    void anyByteStreamFramesWithinTheLimitOrNever() {
        Framing[] rules = {new Framing.Fixed(7), new Framing.Delimiter((byte) 0x7E, 64),
            new Framing.LengthField(1, 2, false, 0, false, 64), new Framing.LengthField(0, 4, true, -4, true, 64),
            new Framing.LengthField(2, 1, false, 3, false, 64)};
        Escape escape = new Escape(0, 0, table());
        Response response = new Response(rules[1], escape, 1, 1,
                new Response.Check[] {new Response.Check(3, 2, false, 1, -1), new Response.Check(60, 8, true, 0, 0)});
        Session s = new Session(1);
        long end = System.nanoTime() + MS * 1_000_000 / 3;
        long seed = 0;
        while (System.nanoTime() < end || seed < 1000) {
            Random r = new Random(seed);
            byte[] b = new byte[64];
            int n = r.nextInt(65);
            for (int i = 0; i < n; i++) b[i] = r.nextInt(4) == 0 ? (byte) 0x7E : (byte) r.nextInt(256);
            for (Framing f : rules) {
                int got = f.frame(b, n);
                assertThat(got).as("seed " + seed + " " + f.getClass().getSimpleName()).isBetween(Framing.SKIP, Math.max(n, 0));
                if (got > 0) response.verify(b.clone(), got, s);
            }
            seed++;
        }
    }

    private static byte[][] table() {
        byte[][] t = new byte[256][];
        t[0x7E] = new byte[] {0x7D, 0x02};
        t[0x7D] = new byte[] {0x7D, 0x01};
        return t;
    }
}
