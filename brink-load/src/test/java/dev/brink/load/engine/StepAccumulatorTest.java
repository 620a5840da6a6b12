package dev.brink.load.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brink.core.line.GeneratorHealth;
import dev.brink.core.verdict.GeneratorIssue;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The reasons a generator-bound step gives are those of its latest bound seconds, one per issue (and per shard that
 * had it): what a user reads next to the step's verdict must describe the seconds the step ran in, not the JIT's first.
 */
class StepAccumulatorTest {
    private final StepAccumulator acc = new StepAccumulator(LoadStep.closed("closed", 50, Duration.ZERO, Duration.ofSeconds(3)),
            0, new String[] {"get"}, new double[] {0});

    @Test
    void aClosedLoopsReasonIsItsLatestSecondsNotTheJitsFirst() {
        second(List.of("cpu: event loop 62% of a core, process 100% of 1 cpus (limit 85%)"), List.of(GeneratorIssue.CPU));
        second(List.of("cpu: event loop 96% of a core, process 100% of 1 cpus (limit 85%)", "schedule lag p99 30.0 ms (limit 5 ms)"),
                List.of(GeneratorIssue.CPU, GeneratorIssue.SCHEDULE_LAG));
        second(List.of("cpu: event loop 97% of a core, process 100% of 1 cpus (limit 85%)"), List.of(GeneratorIssue.CPU));

        assertThat(acc.result(3).generatorBoundReasons()).containsExactly(
                "cpu: event loop 97% of a core, process 100% of 1 cpus (limit 85%)", "schedule lag p99 30.0 ms (limit 5 ms)");
    }

    @Test
    void eachShardThatHadAnIssueKeepsItsOwnReason() {
        second(List.of("cpu: event loop 90% (shard 1/2)", "cpu: event loop 91% (shard 2/2)"), List.of(GeneratorIssue.CPU, GeneratorIssue.CPU));
        second(List.of("cpu: event loop 95% (shard 1/2)", "cpu: event loop 99% (shard 2/2)"), List.of(GeneratorIssue.CPU, GeneratorIssue.CPU));

        assertThat(acc.result(2).generatorBoundReasons()).containsExactly("cpu: event loop 95% (shard 1/2)", "cpu: event loop 99% (shard 2/2)");
    }

    @Test
    void anOlderLineWithoutIssuesKeepsItsReasonsByPlace() {
        second(List.of("cpu: first", "lag: first"), List.of());
        second(List.of("cpu: later", "lag: later"), List.of());

        assertThat(acc.result(2).generatorBoundReasons()).containsExactly("cpu: later", "lag: later");
    }

    private void second(List<String> reasons, List<GeneratorIssue> issues) {
        GeneratorHealth h = new GeneratorHealth(0, 1, 0.9, 0, 0, 50, 50, 28232, 0, 0, reasons, 0, 0, 0, issues);
        acc.add(new Counters(), new Counters[] {new Counters()}, 50, h);
    }
}
