package dev.brink.load;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.brink.core.JsonlReader;
import dev.brink.core.RunDirectory;
import dev.brink.load.engine.LoadOptions;
import dev.brink.load.engine.LoadStep;
import dev.brink.load.engine.StepResult;
import dev.brink.load.plan.Plan;
import dev.brink.load.plan.StagesText;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A load shape on the engine: a ramp of 100 -> 600 req/s over 3 s and a 1 s hold, as one step on the same open
 * schedule. Each second sends what the shape's integral says (load.jsonl's target_rps × the second) within 1 % (the
 * 20 s ramp to 1000 req/s is bench/stages-ramp.sh); a second the generator itself fell behind in is not held to it.
 */
class StagesLoadTest {
    @TempDir
    Path dir;

    @Test
    void aRampAndAHoldSendWhatTheShapeSaysEachSecond() throws Exception {
        Plan.Stages stages = StagesText.parse("ramp 100->600 over 3s, hold 600 for 1s", null);
        try (TestServer server = new TestServer();
             LoadEngine engine = LoadEngine.open(Plans.single(server.url(), 600), LoadOptions.defaults().withMaxConnections(32),
                     RunDirectory.at(dir))) {
            StepResult r = engine.run(LoadStep.stages("shape", stages, Plans.single(server.url(), 600)));
            // exactly the integral: 3 × 350 + 1 × 600
            assertThat(r.sent() + r.dropped()).isEqualTo(1650);
            assertThat(r.errors()).isEmpty();
            List<JsonNode> seconds = JsonlReader.readAll(dir.resolve(RunDirectory.LOAD)).stream()
                    .filter(l -> l.get("target_rps").asDouble() > 0).toList();
            assertThat(seconds).hasSizeGreaterThanOrEqualTo(4);
            double last = 0;
            for (int i = 0; i < seconds.size(); i++) {
                JsonNode l = seconds.get(i);
                double target = l.get("target_rps").asDouble();
                if (i < 3) assertThat(target).as("the ramp rises second by second").isGreaterThan(last);
                last = target;
                if (l.get("generator_bound").asBoolean() || l.get("interval_s").asDouble() < 0.9) continue;
                double due = target * l.get("interval_s").asDouble();
                assertThat((double) l.get("sent").asLong()).as("second %d: %s", i, l).isBetween(due * 0.99 - 1, due * 1.01 + 1);
            }
            assertThat(seconds.get(seconds.size() - 1).get("target_rps").asDouble()).isEqualTo(600.0);
            // the shape is in the step-start event, as written
            assertThat(JsonlReader.readAll(dir.resolve(RunDirectory.EVENTS))).anySatisfy(e -> {
                assertThat(e.get("type").asText()).isEqualTo("step-start");
                assertThat(e.get("workload").get("stages").get(0).get("kind").asText()).isEqualTo("ramp");
                assertThat(e.get("workload").get("stages").get(1).get("to").asDouble()).isEqualTo(600.0);
            });
        }
    }
}
