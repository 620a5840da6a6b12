package dev.brink.core.summary;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.brink.core.Json;
import dev.brink.core.verdict.StepVerdictKind;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A closed step's users are its load in summary.json; a run directory written before them still reads. */
class CapacityStepTest {
    @Test
    void aClosedStepCarriesItsUsersAndAnOpenStepItsRate() throws Exception {
        CapacityStep closed = new CapacityStep(16, 0, 95.5, 0, 12, 80, StepVerdictKind.OK, List.of(), List.of(), List.of(), 16);
        JsonNode json = Json.MAPPER.valueToTree(closed);
        assertThat(json.get("users").asInt()).isEqualTo(16);
        assertThat(json.get("target_rps").asDouble()).isZero();
        assertThat(json.has("load")).as("load() is for people, not a field").isFalse();
        assertThat(Json.MAPPER.treeToValue(json, CapacityStep.class)).isEqualTo(closed);
        assertThat(closed.load()).isEqualTo("16 users");

        CapacityStep open = new CapacityStep(2, 40, 40, 0, 3, 9, StepVerdictKind.OK, List.of(), List.of(), List.of());
        assertThat(open.users()).isZero();
        assertThat(open.load()).isEqualTo("40.0");
        assertThat(new CapacityStep(1, 0, 9, 0, 1, 2, StepVerdictKind.OK, List.of(), List.of(), List.of(), 1).load())
                .isEqualTo("1 user");
    }

    @Test
    void aStepWrittenBeforeUsersWereRecordedReadsAsAnOpenStep() throws Exception {
        CapacityStep old = Json.MAPPER.readValue("""
                {"multiplier": 3, "target_rps": 60, "achieved_rps": 59.8, "error_rate": 0, "p50_ms": 4, "p99_ms": 20,
                 "verdict": "ok", "reasons": [], "rules": []}""", CapacityStep.class);
        assertThat(old.users()).isZero();
        assertThat(old.load()).isEqualTo("60.0");
    }
}
