package dev.brink.load.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.brink.core.verdict.GeneratorIssue;
import dev.brink.core.line.GeneratorHealth;
import dev.brink.core.line.IntervalStats;
import dev.brink.core.line.Percentiles;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/**
 * The test parser must accept what the specification allows and refuse, with its own exception, what it does
 * not: checked on hand-made broken expositions, then on random mutations of a real one for a bounded time.
 */
class OpenMetricsParserFuzzTest {
    @Test
    void refusesEachViolationWithALine() {
        String ok = "# TYPE a counter\n# HELP a x\na_total 1\n# EOF\n";
        assertThat(parses(ok)).isTrue();
        for (String bad : List.of(
                "# TYPE a counter\na_total 1\n",                                  // no EOF
                "# TYPE a counter\na_total 1\n# EOF\nb 1\n",                      // content after EOF
                "# TYPE a counter\na_total -1\n# EOF\n",                          // negative counter
                "# TYPE a counter\na 1\n# EOF\n",                                 // counter sample without _total
                "# TYPE a gauge\na{x=\"1\",} 1\n# EOF\n",                         // trailing comma
                "# TYPE a gauge\na{x=\"\\t\"} 1\n# EOF\n",                        // bad escape
                "# TYPE a gauge\na{x=\"1\",x=\"2\"} 1\n# EOF\n",                  // label twice
                "# TYPE a gauge\na 1\n# TYPE b gauge\nb 1\n# TYPE a gauge\n# EOF\n", // family twice
                "# TYPE a gauge\n# HELP a say \"hi\"\na 1\n# EOF\n",              // bare quote in HELP
                "# TYPE a_seconds gauge\n# UNIT a_seconds bytes\na_seconds 1\n# EOF\n", // unit not a suffix
                "# TYPE a gauge\na 1x\n# EOF\n",                                  // not a number
                "# TYPE 1a gauge\n# EOF\n",                                       // bad name
                "# TYPE h histogram\nh_bucket{le=\"1\"} 2\nh_bucket{le=\"+Inf\"} 1\nh_count 1\n# EOF\n", // not cumulative
                "# TYPE h histogram\nh_bucket{le=\"2\"} 1\nh_bucket{le=\"1\"} 1\nh_bucket{le=\"+Inf\"} 1\n# EOF\n", // not ascending
                "# TYPE h histogram\nh_bucket{le=\"1\"} 1\nh_count 1\n# EOF\n",   // no +Inf
                "# TYPE h histogram\nh_bucket{le=\"+Inf\"} 2\nh_count 1\n# EOF\n", // count differs from +Inf
                "# TYPE a gauge\na  1\n# EOF\n",                                  // two spaces
                "# TYPE a gauge\na 1\n# EOF")) {                                  // no final line feed
            assertThatThrownBy(() -> OpenMetricsParser.parse(bad)).as(bad).isInstanceOf(OpenMetricsParser.Bad.class)
                    .hasMessageStartingWith("line ");
        }
    }

    @Test
    void randomMutationsOfARealExpositionAreAcceptedOrRefusedNeverCrash() throws Exception {
        String real = realExposition();
        assertThat(parses(real)).isTrue();
        Random random = new Random(23);
        String alphabet = "{}=\",\\ \n#_aZ0.9+-eEInfNa:";
        long deadline = System.nanoTime() + 1_500_000_000L;
        int runs = 0;
        int refused = 0;
        while (System.nanoTime() < deadline) {
            StringBuilder s = new StringBuilder(real);
            int edits = 1 + random.nextInt(4);
            for (int e = 0; e < edits && s.length() > 1; e++) {
                int at = random.nextInt(s.length());
                switch (random.nextInt(3)) {
                    case 0 -> s.deleteCharAt(at);
                    case 1 -> s.insert(at, alphabet.charAt(random.nextInt(alphabet.length())));
                    default -> s.setCharAt(at, alphabet.charAt(random.nextInt(alphabet.length())));
                }
            }
            if (!parses(s.toString())) refused++;
            runs++;
        }
        assertThat(runs).isGreaterThan(20);
        assertThat(refused).isPositive();
    }

    /** What LiveMetrics renders after two intervals with errors, generator issues, a phase and a target JVM. */
    static String realExposition() {
        LiveMetrics m = new LiveMetrics("1/3", 50);
        Histogram h = new Histogram(1, 600_000_000L, 3);
        for (int i = 1; i <= 1000; i++) h.recordValue(i * 37L);
        Percentiles p = new Percentiles(1000, 18.5, 33.3, 36.6, 37, 37);
        for (int i = 0; i < 2; i++) {
            m.onLatency(h);
            m.onInterval(new IntervalStats(1000L * i, i, "capacity-x2", 1, 100, 100, 97, Map.of("http-503", 2L, "reset", 1L), 0, p, p, 3, 0, 4,
                    true, Map.of()), new GeneratorHealth(1000L * i, 0.5, 0.9, 0, 7, 4, 10, 28000, 0, 0, List.of("cpu"), 1, 2, 0,
                    List.of(GeneratorIssue.CPU)));
        }
        m.phase("capacity");
        m.targetJvm(new TargetJvmFigures(10 << 20, 64 << 20, 5L << 20, Map.of("G1 Young Generation", new TargetJvmFigures.Gc(4, 30)),
                Map.of("RUNNABLE", 5, "BLOCKED", 2)));
        return m.render(true);
    }

    private static boolean parses(String text) {
        try {
            OpenMetricsParser.parse(text);
            return true;
        } catch (OpenMetricsParser.Bad e) {
            return false;
        }
    }
}
