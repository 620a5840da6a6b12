package dev.brink.load;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.brink.core.Json;
import dev.brink.load.engine.LoadStep;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * The step-start event as events.jsonl holds it: a closed step's users are a number a reader takes, not inside a Java
 * record's text ("Closed[users=16, …]"), since its target_rps is 0.
 */
class StepStartEventTest {
    @Test
    void aClosedStepRecordsItsUsersAndAnOpenStepItsMultipliers() {
        JsonNode closed = Json.MAPPER.valueToTree(LoadEngine.stepStart(
                LoadStep.closed("capacity-x16", 16, Duration.ofMillis(250), Duration.ofSeconds(2)), 2.0, 0));
        assertThat(closed.get("step").asText()).isEqualTo("capacity-x16");
        assertThat(closed.get("target_rps").asDouble()).isZero();
        assertThat(closed.get("workload").get("model").asText()).isEqualTo("closed");
        assertThat(closed.get("workload").get("users").asInt()).isEqualTo(16);
        assertThat(closed.get("workload").get("think_ms").asLong()).isEqualTo(250);

        JsonNode open = Json.MAPPER.valueToTree(LoadEngine.stepStart(LoadStep.ramp("confirm-ramp", 1, 4, Duration.ofSeconds(2)), 2.0, 250));
        assertThat(open.get("target_rps").asDouble()).isEqualTo(250);
        assertThat(open.get("workload").get("model").asText()).isEqualTo("open");
        assertThat(open.get("workload").get("from").asDouble()).isEqualTo(1);
        assertThat(open.get("workload").get("to").asDouble()).isEqualTo(4);
        assertThat(open.get("workload").has("users")).isFalse();
    }
}
