package dev.brink.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.brink.compare.testing.RunFixture;
import dev.brink.compare.testing.RunFixture.Op;
import dev.brink.core.BrinkUserException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * brink history on 24 generated run directories of one plan, each its own seed (other requests, other seconds of the
 * machine), where the checkout operation becomes 40 % slower from run 15 on: that change point, on the metrics it
 * moves, and no other anywhere.
 */
class RunHistoryTest {
    static final int RUNS = 24;
    static final int CHANGE_AT = 14; // index: the 15th run

    @TempDir
    Path tmp;

    @Test
    void oneStepChangeIsTheOnlyChangePoint() throws Exception {
        List<Path> runs = new ArrayList<>();
        for (int r = 0; r < RUNS; r++) {
            double checkoutMs = r >= CHANGE_AT ? 14 : 10;
            runs.add(new RunFixture(tmp.resolve(String.format("run-%02d", r + 1)), 100 + r).jvm(0.3, 0.01)
                    .step("capacity-x2", 10, 200, new Op("browse", 0.7, 3, 0), new Op("checkout", 0.3, checkoutMs, 0))
                    .write());
        }
        RunHistory.History h = RunHistory.of(runs);
        assertThat(h.runs()).hasSize(RUNS).startsWith("run-01");
        assertThat(h.changed()).isNotEmpty();
        for (HistorySeries s : h.changed()) {
            assertThat(s.changes()).as(s.name()).singleElement().satisfies(c -> {
                assertThat(c.index()).isEqualTo(CHANGE_AT);
                assertThat(c.run()).isEqualTo("run-15");
                assertThat(c.worse()).isTrue();
            });
            assertThat(s.name()).as("only latency moved").doesNotContain("browse").doesNotContain("throughput")
                    .doesNotContain("error_rate").doesNotContain("cpu").doesNotContain("gc");
        }
        List<String> changed = h.changed().stream().map(HistorySeries::name).toList();
        assertThat(changed).contains("capacity-x2 checkout p50", "capacity-x2 checkout p90");
        HistorySeries p50 = h.changed().stream().filter(s -> s.name().equals("capacity-x2 checkout p50")).findFirst().orElseThrow();
        assertThat(p50.changes().get(0).changePercent()).isBetween(30.0, 50.0);

        String page = HistoryHtml.write(h);
        assertThat(page).contains("capacity-x2 checkout p50", "run-15", "class=\"mark\"").doesNotContain("<script");
    }

    @Test
    void tooFewRunsIsOneLine() {
        assertThatThrownBy(() -> RunHistory.of(List.of(tmp, tmp))).isInstanceOf(BrinkUserException.class)
                .hasMessage("brink history: 2 run directories; a change point needs at least 3 runs on each side, so at least 6");
    }
}
