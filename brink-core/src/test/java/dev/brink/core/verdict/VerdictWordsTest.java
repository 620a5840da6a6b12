package dev.brink.core.verdict;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.brink.core.Json;
import dev.brink.core.summary.CapacityResult;
import dev.brink.core.summary.CapacityStep;
import dev.brink.core.summary.ConfirmResult;
import java.util.List;
import org.junit.jupiter.api.Test;

class VerdictWordsTest {
    @Test
    void theWordsOnDiskAreTheOnesRunDirectoriesAlwaysHad() {
        assertThat(words(StepVerdictKind.class)).containsExactly("ok", "degraded", "generator-bound", "target-died", "host-saturated");
        assertThat(words(ConfirmVerdict.class)).containsExactly("holds", "degraded", "generator-bound", "interrupted", "host-saturated");
        assertThat(words(SoakVerdictKind.class)).containsExactly("stable", "leak", "died", "unknown", "host-saturated");
        assertThat(words(LimitedBy.class)).containsExactly("errors", "latency", "throughput", "generator", "host-saturated", "none", "interrupted",
                "unknown");
    }

    @Test
    void aStepWithItsTrippedRuleReadsBackTheSame() throws Exception {
        CapacityStep step = new CapacityStep(4, 400, 380, 0.02, 3, 730, StepVerdictKind.DEGRADED,
                List.of("anything a person reads"), List.of(new TrippedRule(RuleKind.P99, 730, 500)));
        CapacityResult result = new CapacityResult(3, 300, LimitedBy.LATENCY, 4, List.of(step));
        String json = Json.MAPPER.writeValueAsString(result);
        assertThat(json).contains("\"limited_by\":\"latency\"", "\"verdict\":\"degraded\"",
                "\"rules\":[{\"rule\":\"p99\",\"measured\":730.0,\"threshold\":500.0}]");
        assertThat(Json.MAPPER.readValue(json, CapacityResult.class)).isEqualTo(result);
    }

    @Test
    void aResultWrittenBeforeRulesWereRecordedStillReads() throws Exception {
        ConfirmResult c = Json.MAPPER.readValue("{\"multiplier\":2,\"rps\":20,\"ramp_s\":5,\"hold_s\":30,\"verdict\":\"generator-bound\","
                + "\"reasons\":[\"behind\"],\"achieved_rps\":15,\"error_rate\":0,\"p99_ms\":3}", ConfirmResult.class);
        assertThat(c.verdict()).isEqualTo(ConfirmVerdict.GENERATOR_BOUND);
        assertThat(c.verdict().outcome()).isEqualTo(Outcome.NOT_JUDGED);
        assertThat(c.rules()).isEmpty();
    }

    @Test
    void anUnknownWordNamesTheKnownOnes() {
        assertThatThrownBy(() -> JsonWord.parse(LimitedBy.class, "cpu"))
                .hasMessageContaining("'cpu'").hasMessageContaining("errors, latency");
    }

    @Test
    void everyRuleHasATextAndALimit() {
        for (RuleKind k : RuleKind.values()) {
            assertThat(new TrippedRule(k, 2, 1).text()).isNotBlank();
            assertThat(k.limitedBy().serviceLimit()).isEqualTo(!k.aboutGenerator());
        }
    }

    private static <E extends Enum<E> & JsonWord> List<String> words(Class<E> type) {
        return java.util.Arrays.stream(type.getEnumConstants()).map(JsonWord::json).toList();
    }
}
