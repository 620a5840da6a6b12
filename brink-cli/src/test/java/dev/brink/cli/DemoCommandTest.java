package dev.brink.cli;

import static dev.brink.cli.BrinkRun.brink;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.brink.core.FindingKind;
import dev.brink.core.Json;
import dev.brink.core.JsonlReader;
import dev.brink.core.Severity;
import dev.brink.core.detail.GrowthSource;
import dev.brink.core.verdict.SoakVerdictKind;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The "done when": {@code brink demo --quick} on the real sample service finds its capacity and what
 * limited it, a leak in the soak with the suspect field, and the contended Log4j2 lock; and leaves no process behind.
 * Field report 000's diagnosis is read from the same run: the leak's field, its growth between the soak's two heap
 * dumps (after the warm-up and at the end), share, accumulating class and path from a GC root (Brink's holder diff of
 * the soak's dumps), the lock's class, holder thread and frame and its waiters
 * (the thread-dump analyser on the dumps taken under the degraded step's load). One demo, every check on it: it
 * is the longest scenario of the build.
 */
@MeasuresHost
class DemoCommandTest {
    @TempDir
    Path dir;

    @Test
    void theQuickDemoFindsCapacityLeakAndLock() throws Exception {
        SampleJarProcess.requireBuilt();
        Path out = dir.resolve("demo");
        BrinkRun r = brink("demo", "--quick", "--out", out.toString());
        System.out.println(r.out); // the console, kept in the surefire report for whoever reads a failure
        assertThat(r.code).as(r.out + r.err).isZero();

        JsonNode s = Json.MAPPER.readTree(out.resolve("summary.json").toFile());
        assertThat(s.get("interrupted").asBoolean()).isFalse();
        JsonNode soak = s.get("soak");
        // on a host other processes saturate the soak's load measures the machine: Brink says it did not judge it
        // (HostSaturationTest), and the leak checks below cannot be made
        assumeTrue(!soak.get("verdict").asText().equals(SoakVerdictKind.HOST_SATURATED.json()),
                () -> "the soak's load ran on a host other processes saturated: " + r.out);
        assertThat(soak.get("verdict").asText()).as(r.out).isEqualTo("leak");
        assertThat(soak.get("small_heap").asText()).isEqualTo("64m");
        assertThat(soak.get("heap_after_gc_slope_mb_per_h").asDouble()).isPositive();
        assertThat(soak.get("trend").get("end_bytes").asLong()).isGreaterThan(soak.get("trend").get("start_bytes").asLong());
        assertThat(out.resolve("summary.md")).content().contains("heap dumps: `dev.brink.sample.BookService.oldBooksPrices` grew by");
        assertThat(out.resolve("report.html")).content().contains("why this multiplier", "Heap dumps compared", "dev.brink.sample.BookService.oldBooksPrices");

        JsonNode leak = finding(s, "memory-leak", "oldBooksPrices");
        assertThat(leak).as(r.out).isNotNull();
        assertThat(leak.get("subject").asText()).isEqualTo("dev.brink.sample.BookService.oldBooksPrices");
        assertThat(leak.get("detail").get("share_of_heap").asDouble()).isGreaterThan(0.1).isLessThan(1.0);
        assertThat(leak.get("detail").get("accumulation_class").asText()).isEqualTo("java.util.concurrent.ConcurrentHashMap$Node[]");
        assertThat(leak.get("detail").get("path_from_gc_root").toString()).contains("oldBooksPrices");
        // a leak is growth: the field that grew between the dump after the warm-up and the one at the end, per hour
        assertThat(leak.get("detail").get("source").asText()).isEqualTo("heap-dump-diff");
        assertThat(leak.get("detail").get("growth_bytes").asLong()).isPositive();
        assertThat(leak.get("detail").get("growth_bytes_per_hour").asLong()).isPositive();
        assertThat(leak.get("detail").get("elements_after").asLong()).isGreaterThan(leak.get("detail").get("elements_before").asLong());
        assertThat(leak.get("evidence")).hasSize(2);
        for (JsonNode dump : leak.get("evidence")) {
            assertThat(dump.asText()).startsWith("evidence/heap-").matches(".*\\.hprof(\\.gz)?");
            assertThat(out.resolve(dump.asText())).isRegularFile();
        }
        assertThat(soak.get("heap_growth").get("grown").get(0).get("holder").asText()).contains("BookService.oldBooksPrices");
        // the class histograms saw the same leak by class (byte[], the map's nodes): with its holder named by the
        // dumps, that is context, never a second warning about a JDK class
        for (JsonNode f : s.get("findings")) {
            boolean byClass = Json.MAPPER.treeToValue(f.get("kind"), FindingKind.class) == FindingKind.MEMORY_LEAK
                    && f.get("detail").has("source")
                    && Json.MAPPER.treeToValue(f.get("detail").get("source"), GrowthSource.class) == GrowthSource.CLASS_HISTOGRAM_DIFF;
            if (byClass) {
                assertThat(Json.MAPPER.treeToValue(f.get("severity"), Severity.class)).as(f.toString()).isEqualTo(Severity.INFO);
            }
        }
        assertThat(out.resolve("report.html")).isRegularFile();
        assertThat(out.resolve("plan.yaml")).content().contains("small_heap", "logging.contention.enabled=true");

        // both launched samples (the first, and the small-heap one of the soak) are gone
        for (JsonNode e : JsonlReader.readAll(out.resolve("events.jsonl"))) {
            if (e.has("pid") && e.get("type").asText().startsWith("target-relaunched")) {
                assertThat(ProcessHandle.of(e.get("pid").asLong()).map(ProcessHandle::isAlive).orElse(false)).isFalse();
            }
        }
        assertThat(Files.readString(out.resolve("target.log"))).contains("Book service ready");
        assertThat(r.out).contains("leak suspect: dev.brink.sample.BookService.oldBooksPrices retains",
                "between the heap dumps", "heap dumps: dev.brink.sample.BookService.oldBooksPrices grew by",
                "report: " + out.resolve("report.html"));

        // The capacity and the lock need the capacity search to have measured the service: the lock is found in the
        // thread dumps taken under the first degraded step's load. On a host other processes saturate, Brink says the
        // capacity was not measured instead of judging it (HostSaturationTest), and these checks cannot be made.
        JsonNode capacity = s.get("capacity");
        assumeTrue(!java.util.Set.of("host-saturated", "generator").contains(capacity.get("limited_by").asText()),
                () -> "the capacity search measured a saturated host or the generator, not the service: " + r.out);
        assertThat(capacity.get("max_multiplier").asInt()).as(r.out).isPositive();
        assertThat(capacity.get("limited_by").asText()).as(r.out).isIn("errors", "latency", "throughput");
        assertThat(s.get("confirm").get("multiplier").asInt()).isEqualTo(capacity.get("max_multiplier").asInt());
        // the soak's multiplier is the plan's: it says so, against the capacity just found, in every output
        String why = soak.get("multiplier_reason").asText();
        assertThat(why).startsWith("the plan's phases.soak.multiplier, ").contains("the capacity just found (" + capacity.get("max_multiplier").asInt() + " × profile)");
        assertThat(r.out).contains("  multiplier: " + why, "at 3 × profile: " + why);
        assertThat(out.resolve("summary.md")).content().contains("multiplier: " + why);
        JsonNode lock = finding(s, "lock-contention", "org.apache.logging.log4j.core.appender.OutputStreamManager");
        assertThat(lock).as(r.out).isNotNull();
        assertThat(lock.get("subject").asText()).isEqualTo("org.apache.logging.log4j.core.appender.OutputStreamManager");
        assertThat(lock.get("detail").get("holder_thread").asText()).startsWith("BookThread-");
        assertThat(lock.get("detail").get("holder_frame").asText()).contains("org.apache.logging.log4j.core.appender.OutputStreamManager.");
        assertThat(lock.get("detail").get("waiter_count").asInt()).isPositive();

        assertThat(r.out).contains("contended lock: org.apache.logging.log4j.core.appender.OutputStreamManager, held by BookThread-");
    }

    private static JsonNode finding(JsonNode summary, String kind, String subjectPart) {
        for (JsonNode f : summary.get("findings")) {
            if (f.get("kind").asText().equals(kind) && f.get("subject").asText().contains(subjectPart)) {
                return f;
            }
        }
        return null;
    }
}
