package dev.brink.core.gate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.brink.core.Finding;
import dev.brink.core.FindingKind;
import dev.brink.core.Severity;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class GateTest {
    private static GateFigures load(double p99, long requests, Map<String, Long> errors, double target, double achieved,
                                    List<Finding> findings) {
        return new GateFigures("", new double[] {p99 / 4, p99 / 2, p99, p99 * 2, p99 * 3}, requests, errors, target, achieved, findings);
    }

    @Test
    void eachTermFailsOnlyPastItsLimit() throws Exception {
        Gate g = Gate.parse("p99>200ms, errors>1%, rate<95%, findings>=critical");
        assertThat(g.thresholds()).hasSize(4);
        GateFigures fine = load(150, 1000, Map.of("http-503", 5L), 100, 99, List.of(finding(Severity.WARNING)));
        assertThat(g.failures(fine)).isEmpty();
        GateFigures bad = load(250, 1000, Map.of("http-503", 20L, "reset", 2L), 100, 90, List.of(finding(Severity.CRITICAL)));
        assertThat(g.failures(bad)).containsExactly(
                "p99>200ms: p99 250 ms > 200 ms",
                "errors>1%: error rate 2.20 % > 1 % (22 of 1000 requests failed: http-503 20, reset 2)",
                "rate<95%: achieved 90 req/s = 90 % of the target 100 req/s, < 95 %",
                "findings>=critical: critical port-exhaustion: ports ran out");
    }

    @Test
    void unitsCountsAndKinds() throws Exception {
        GateFigures f = load(1200, 10, Map.of("reset", 1L), 0, 8, List.of(finding(Severity.INFO)));
        assertThat(Gate.parse("p99>1.5s").failures(f)).isEmpty();
        assertThat(Gate.parse("p99>1s").failures(f)).hasSize(1);
        assertThat(Gate.parse("p50>300000us").failures(f)).isEmpty(); // p50 is 300 ms: equal, not above
        assertThat(Gate.parse("p50>=300000us").failures(f)).hasSize(1);
        assertThat(Gate.parse("p50>300001us").failures(f)).isEmpty();
        assertThat(Gate.parse("errors>0").failures(f)).containsExactly("errors>0: 1 failed requests > 0 — reset 1");
        assertThat(Gate.parse("rate<5").failures(f)).isEmpty();
        assertThat(Gate.parse("rate<10req/s").failures(f)).hasSize(1);
        assertThat(Gate.parse("findings>=warning").failures(f)).isEmpty();
        assertThat(Gate.parse("findings>=info").failures(f)).hasSize(1);
        assertThat(Gate.parse("findings=port-exhaustion").failures(f)).hasSize(1);
        assertThat(Gate.parse("findings=deadlock").failures(f)).isEmpty();
        // a closed model has no target rate: a share of it cannot pass in silence
        assertThat(Gate.parse("rate<95%").failures(f)).singleElement().asString().contains("closed model");
    }

    @Test
    void everyRequestFailedNamesTheTopKinds() {
        assertThat(Gate.everyRequestFailed(load(1, 30, Map.of("grpc-UNIMPLEMENTED", 30L), 10, 10, List.of())))
                .isEqualTo("every request failed (30 of 30): grpc-UNIMPLEMENTED 30");
        assertThat(Gate.everyRequestFailed(load(1, 30, Map.of("http-500", 29L), 10, 10, List.of()))).isNull();
        assertThat(Gate.everyRequestFailed(load(1, 0, Map.of(), 10, 0, List.of()))).isNull();
    }

    @Test
    void badTermsSayWhereAndWhat() {
        assertThatThrownBy(() -> Gate.parse("p99>200ms,p98>1s")).isInstanceOfSatisfying(Gate.Invalid.class, e -> {
            assertThat(e.offset).isEqualTo(10);
            assertThat(e.getMessage()).contains("got 'p98'");
        });
        for (String bad : new String[] {"p99", "p99>", "p99>fast", "p99=200ms", "errors>1.5", "errors>101%", "rate>NaN",
                "findings<critical", "findings>=deadlock", "findings=nothing", "p99>200ms,,errors>1%", "p99>1e9ms"}) {
            assertThatThrownBy(() -> Gate.parse(bad)).as(bad).isInstanceOf(Gate.Invalid.class);
        }
        assertThatThrownBy(() -> Gate.parse("p99>1ms,".repeat(300))).isInstanceOf(Gate.Invalid.class);
    }

    private static Finding finding(Severity s) {
        return new Finding(FindingKind.PORT_EXHAUSTION, s, "ports ran out", "generator", List.of(), Map.of());
    }
}
