package dev.brink.load;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.brink.core.JsonlReader;
import dev.brink.core.RunDirectory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The generator watches its own JVM: a leak in it marks the run generator-bound, "the load generator is leaking". */
class GeneratorLeakTest {
    @TempDir
    Path dir;

    @Test
    void aLeakingGeneratorPlugInMarksTheStepGeneratorBoundWithTheLeakingReason() throws Exception {
        Process p = new ProcessBuilder(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx256m", "-XX:+UseG1GC", "-cp", System.getProperty("java.class.path"), LeakingGeneratorMain.class.getName(),
                dir.toString(), "17")).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(out).as(out).contains("bound=true").containsPattern("issues=\\[[^]]*LEAKING")
                .contains("the load generator is leaking");

        List<JsonNode> gen = JsonlReader.readAll(dir.resolve(RunDirectory.GENERATOR));
        assertThat(gen).allSatisfy(g -> assertThat(g.has("heap_after_gc_bytes") && g.has("loaded_classes")
                && g.has("blocked_threads") && g.has("issues")).isTrue());
        JsonNode last = gen.get(gen.size() - 2); // the last whole second (the final line is the drain)
        assertThat(last.get("issues").toString()).contains("\"leaking\"");
        // the floor it saw rose by about what the plug-in kept (8 MB a second)
        long first = gen.get(3).get("heap_after_gc_bytes").asLong();
        assertThat(last.get("heap_after_gc_bytes").asLong() - first).isGreaterThan(40L << 20);
    }
}
