package dev.brink.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JsonlTest {
    @TempDir
    Path dir;

    @Test
    void linesAreOnDiskAsSoonAsAppended() throws Exception {
        Path f = dir.resolve("load.jsonl");
        JsonlWriter w = new JsonlWriter(f);
        w.append(Map.of("sent", 10));
        // not closed: a SIGKILLed run never closes; the line must already be readable
        assertThat(Files.readString(f)).isEqualTo("{\"sent\":10}\n");
        assertThat(JsonlReader.readAll(f)).hasSize(1);
        w.close();
    }

    @Test
    void aHalfWrittenLastLineIsSkippedButABadMiddleLineIsAnError() throws Exception {
        Path f = dir.resolve("events.jsonl");
        Files.writeString(f, "{\"a\":1}\n{\"a\":2}\n{\"a\":", StandardCharsets.UTF_8);
        assertThat(JsonlReader.readAll(f)).hasSize(2);

        Files.writeString(f, "\n{\"a\":3}\n", StandardOpenOption.APPEND);
        assertThatThrownBy(() -> JsonlReader.readAll(f))
                .isInstanceOf(BrinkUserException.class)
                .hasMessage(f + ":3: expected one JSON document per line");
    }

    @Test
    void findingSerialisesToTheSummarySchema() throws Exception {
        Finding f = new Finding(FindingKind.LOCK_CONTENTION, Severity.CRITICAL, "9 of 10 threads BLOCKED",
                "org.apache.logging.log4j.core.appender.FileManager", null, Map.of("waiters", 9));
        String json = Json.MAPPER.writeValueAsString(f);
        assertThat(json).contains("\"kind\":\"lock-contention\"", "\"severity\":\"critical\"", "\"waiters\":9");
    }
}
