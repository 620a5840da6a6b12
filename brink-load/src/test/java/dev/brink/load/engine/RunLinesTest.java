package dev.brink.load.engine;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.brink.core.RunDirectory;
import dev.brink.core.RunLines;
import dev.brink.core.line.GeneratorHealth;
import dev.brink.core.line.HostHealth;
import dev.brink.core.line.IntervalStats;
import java.lang.reflect.RecordComponent;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** load.jsonl, generator.jsonl and host.jsonl are written from these records: their keys are the contract's (RunLines). */
class RunLinesTest {
    @Test
    void theLineRecordsWriteExactlyTheContractsKeys() {
        assertThat(keys(IntervalStats.class)).isEqualTo(RunLines.KEYS.get(RunDirectory.LOAD));
        assertThat(keys(GeneratorHealth.class)).isEqualTo(RunLines.KEYS.get(RunDirectory.GENERATOR));
        assertThat(keys(HostHealth.class)).isEqualTo(RunLines.KEYS.get(RunDirectory.HOST));
    }

    private static List<String> keys(Class<? extends Record> type) {
        assertThat(type.getAnnotation(JsonNaming.class).value()).isEqualTo(PropertyNamingStrategies.SnakeCaseStrategy.class);
        PropertyNamingStrategies.SnakeCaseStrategy snake = new PropertyNamingStrategies.SnakeCaseStrategy();
        return Arrays.stream(type.getRecordComponents()).map(RecordComponent::getName).map(snake::translate).toList();
    }
}
