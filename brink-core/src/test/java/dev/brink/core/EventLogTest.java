package dev.brink.core;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.brink.core.event.RunEnd;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EventLogTest {
    @TempDir
    Path dir;

    @Test
    void threeWritersOfOneRunDirectoryShareOneFileInOrder() throws Exception {
        RunDirectory run = RunDirectory.at(dir);
        EventLog method = new EventLog(run);
        EventLog observer = new EventLog(RunDirectory.at(dir)); // another RunDirectory object of the same folder
        EventLog load = new EventLog(run);
        assertThat(method.sharesWriterWith(observer)).isTrue();
        assertThat(method.sharesWriterWith(load)).isTrue();
        List<Thread> threads = new ArrayList<>();
        for (EventLog log : List.of(method, observer, load)) {
            Thread t = new Thread(() -> {
                for (int i = 0; i < 500; i++) {
                    log.append(EventType.STEP_START, Map.of("step", "x".repeat(i % 50), "i", i));
                }
            });
            threads.add(t);
            t.start();
        }
        for (Thread t : threads) {
            t.join();
        }
        observer.close();
        load.append(EventType.RUN_END, new RunEnd(false).fields()); // still open for the others
        load.close();
        method.close();
        List<String> lines = Files.readAllLines(run.file(RunDirectory.EVENTS));
        assertThat(lines).hasSize(1501);
        for (String line : lines) {
            JsonNode n = Json.MAPPER.readTree(line); // whole lines only
            assertThat(n.path("type").asText()).isIn(EventType.ALL);
        }
        EventLog again = new EventLog(run); // after the last close a new writer appends
        again.append(EventType.FINDING, Map.of());
        again.close();
        assertThat(Files.readAllLines(run.file(RunDirectory.EVENTS))).hasSize(1502);
    }
}
