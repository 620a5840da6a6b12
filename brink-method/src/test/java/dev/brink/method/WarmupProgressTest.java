package dev.brink.method;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brink.core.line.IntervalStats;
import dev.brink.core.line.Percentiles;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Map;
import org.junit.jupiter.api.Test;

class WarmupProgressTest {
    private static final Percentiles P = new Percentiles(16, 60, 62, 68, 68, 68);

    private static String fiveSeconds(double targetRps, long ok, long errors) {
        StringWriter text = new StringWriter();
        WarmupProgress progress = new WarmupProgress(new PrintWriter(text, true));
        for (int i = 1; i <= WarmupProgress.EVERY_S; i++) {
            progress.onInterval(new IntervalStats(1000L * i, i, "generator-warmup", 1, targetRps, ok + errors, ok,
                    errors == 0 ? Map.of() : Map.of("http-503", errors), 0, P, P, 1, 0, 1, false, Map.of()), null);
        }
        return text.toString();
    }

    @Test
    void aClosedWarmupSaysWhatWasAnsweredNotATargetOfZero() {
        assertThat(fiveSeconds(0, 15, 1)).startsWith("  generator-warmup: 5 s, 16 req/s answered, p99 68.0 ms");
        assertThat(fiveSeconds(40, 39, 0)).startsWith("  generator-warmup: 5 s, 40 req/s, p99 68.0 ms");
    }
}
