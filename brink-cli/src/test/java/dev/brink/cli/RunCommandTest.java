package dev.brink.cli;

import static dev.brink.cli.BrinkRun.brink;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.brink.core.Json;
import dev.brink.core.JsonlReader;
import dev.brink.load.plan.bind.PlanReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * `brink run` against the real sample service: the capacity search finds where it breaks, and why. Both tests
 * load the same sample (started once): 2 BookThreads × 10 ms storage ≈ 200 req/s with a queue of 4 beyond, so
 * past ~10 × 20 req/s it answers 503; one generator connection (one request in flight) never fills that pool.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@MeasuresHost
class RunCommandTest {
    @TempDir
    static Path dir;

    private SampleJarProcess sample;

    @BeforeAll
    void startTheSample() throws Exception {
        SampleJarProcess.requireBuilt();
        sample = SampleJarProcess.start("128m", "--book.pool.size=2", "--book.pool.queue=4", "--book.storage.latency-ms=10");
    }

    @AfterAll
    void stopTheSample() throws Exception {
        if (sample != null) {
            sample.close();
        }
    }

    private Path plan(String name, int start, int step, int max) throws Exception {
        Path plan = dir.resolve(name + ".yaml");
        Files.writeString(plan, """
                name: book-small-pool
                target:
                  base_url: %s
                  jvm: {pid: %d}
                profile:
                  - name: get-book
                    rps: 20
                    request: {method: GET, path: "/books/${random.int(1,1000)}"}
                    check: {status: 200}
                slo: {error_rate: 0.01, p99_ms: 500}
                phases:
                  capacity: {start: %d, step: %d, max: %d, step_duration: 3s, warmup: 1s, refine: true}
                """.formatted(sample.baseUrl, sample.pid, start, step, max));
        return plan;
    }

    @Test
    void theSearchFindsTheSmallPoolsLimitInErrorsWithEvidence() throws Exception {
        SampleJarProcess.requireBuilt();
        Path out = dir.resolve("run");
        BrinkRun r = brink("run", plan("pool", 2, 4, 40).toString(), "--out", out.toString());
        System.out.println(r.out); // the console, kept in the surefire report for whoever reads a failure
        assertThat(r.code).as(r.out + r.err).isZero();
        JsonNode summary = Json.MAPPER.readTree(out.resolve("summary.json").toFile());
        JsonNode capacity = summary.get("capacity");
        // what holds on any machine: the sample was watched all along, and the closing block is summary.json's sentence
        assertThat(JsonlReader.readAll(out.resolve("jvm.jsonl"))).hasSizeGreaterThan(2);
        assertThat(r.out).contains(dev.brink.report.Verdicts.capacity(Json.MAPPER.treeToValue(capacity, dev.brink.core.summary.CapacityResult.class)));
        if (hostSaturated(summary)) {
            return; // a machine other processes saturated: that is the answer (HostSaturationTest), named with who took the CPU
        }
        assertThat(capacity.get("limited_by").asText()).as(r.out).isEqualTo("errors");
        int max = capacity.get("max_multiplier").asInt();
        assertThat(max).as(r.out).isBetween(2, 14);
        assertThat(capacity.get("first_bad_multiplier").asInt()).isGreaterThan(max);
        assertThat(capacity.get("max_rps").asDouble()).isEqualTo(max * 20.0);
        JsonNode bad = null;
        for (JsonNode step : capacity.get("steps")) {
            if (step.get("verdict").asText().equals("degraded")) {
                bad = step;
            }
        }
        assertThat(bad).isNotNull();
        assertThat(bad.get("reasons").get(0).asText()).startsWith("error rate");
        assertThat(r.out).contains("limited by errors", "report: ");

        List<JsonNode> events = JsonlReader.readAll(out.resolve("events.jsonl"));
        assertThat(events).anySatisfy(e -> {
            assertThat(e.get("type").asText()).isEqualTo("evidence");
            assertThat(e.get("kind").asText()).isEqualTo("threads");
        });
        assertThat(JsonlReader.readAll(out.resolve("jvm.jsonl"))).hasSizeGreaterThan(5);
        assertThat(out.resolve("report.html")).exists();
        // plan.yaml as run is the plan itself: it reads back, with its templates unexpanded
        assertThat(PlanReader.load(out.resolve("plan.yaml")).name()).isEqualTo("book-small-pool");
        assertThat(Files.readString(out.resolve("plan.yaml"))).contains("${random.int(1,1000)}");
    }

    @Test
    void aStarvedGeneratorIsTheLimitNotTheService() throws Exception {
        SampleJarProcess.requireBuilt();
        Path out = dir.resolve("starved");
        // one generator connection: 10 ms per request caps it at ~100 req/s, half of what the service's pool serves
        // from 8 × (160 req/s): the first step already asks more than one connection carries, then it is measured once more
        BrinkRun r = brink("run", plan("starved", 8, 6, 40).toString(), "--out", out.toString(), "--connections", "1");
        System.out.println(r.out); // the console, kept in the surefire report for whoever reads a failure
        assertThat(r.code).as(r.out + r.err).isZero();
        JsonNode summary = Json.MAPPER.readTree(out.resolve("summary.json").toFile());
        if (hostSaturated(summary)) {
            return; // the host's saturation is judged first: the search stopped there, named with who took the CPU
        }
        assertThat(summary.get("capacity").get("limited_by").asText()).as(r.out).isEqualTo("generator");
        assertThat(summary.get("findings").findValuesAsText("kind")).contains("generator-bound");
        // the sentence names the step that decided (the generator-bound one), not a busy first measurement of it
        assertThat(r.out).containsPattern("capacity not measured: the load generator, not the service, was the limit from the first"
                + " step \\(8 × profile\\): (all 1 connections busy|behind its own schedule)");
    }

    /**
     * Whether other processes saturated the machine and stopped the search (a busy CI machine): then the summary must
     * say so the way a user reads it, a host-saturated step, limited_by host-saturated unless a step broke a rule
     * before, and a finding naming who took the CPU. The service's own limit cannot be measured on such a machine.
     */
    private static boolean hostSaturated(JsonNode summary) {
        boolean busy = false;
        for (JsonNode st : summary.get("capacity").get("steps")) busy |= st.get("verdict").asText().equals("host-saturated");
        if (!busy || !summary.get("capacity").get("limited_by").asText().equals("host-saturated")) return false;
        assertThat(summary.get("findings").toString()).contains("\"host-saturated\"").contains("took the CPU: ");
        return true;
    }
}
