package dev.brink.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.brink.core.BrinkUserException;
import dev.brink.core.ContractCheck;
import dev.brink.core.EventLog;
import dev.brink.core.EventType;
import dev.brink.core.Finding;
import dev.brink.core.FindingKind;
import dev.brink.core.FindingSet;
import dev.brink.core.Json;
import dev.brink.core.RunDirectory;
import dev.brink.core.detail.Detail;
import dev.brink.core.event.RunEnd;
import dev.brink.core.event.StepVerdictEvent;
import dev.brink.core.summary.CapacityResult;
import dev.brink.core.summary.CapacityStep;
import dev.brink.core.summary.RunSummary;
import dev.brink.core.testing.DetailSamples;
import dev.brink.core.verdict.LimitedBy;
import dev.brink.core.verdict.RuleKind;
import dev.brink.core.verdict.StepVerdictKind;
import dev.brink.core.verdict.TrippedRule;
import dev.brink.heap.HeapAnalyzer;
import dev.brink.heap.HeapOptions;
import dev.brink.jvm.JvmObserver;
import dev.brink.jvm.JvmTarget;
import dev.brink.load.LoadEngine;
import dev.brink.load.engine.LoadOptions;
import dev.brink.load.engine.LoadStep;
import dev.brink.load.engine.StepResult;
import dev.brink.load.plan.Plan;
import dev.brink.load.plan.bind.PlanReader;
import dev.brink.report.children.ReportTarget;
import dev.brink.threads.ThreadDumpAnalyzer;
import java.lang.management.ManagementFactory;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real short run to report on: a child JVM serving HTTP with a leak, a contended lock and load shedding
 * (ReportTarget), driven by the load engine at 1 × and 8 × a 50 req/s profile while the JVM observer watches
 * it; thread dumps in the overloaded step and a heap dump at the end, analysed by brink-threads and
 * brink-heap. The test plays the method's part in events.jsonl and summary.json (phase and step events,
 * verdicts by the plan's SLO, findings), then checks all four outputs and the page in headless Chromium.
 */
class RealRunReportTest {
    private static final String PLAN = """
            name: real-short
            target: {base_url: "http://127.0.0.1:%d"}
            profile:
              - name: get
                rps: 50
                request: {method: GET, path: /journal, headers: {Authorization: '***'}}
            slo: {error_rate: 0.05, p99_ms: 1000}
            """;

    @TempDir
    static Path dir;
    static RunSummary methodSummary;

    @BeforeAll
    static void run() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        RunDirectory run = RunDirectory.at(dir.resolve("run"));
        String planText = String.format(Locale.ROOT, PLAN, port);
        Files.writeString(run.file(RunDirectory.PLAN), planText);
        Plan plan = PlanReader.parse(planText, "plan.yaml", run.root(), name -> null);
        List<String> cmd = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx128m", "-XX:+UseSerialGC",
                "-cp", System.getProperty("brink.test.classpath", "target/test-classes"), ReportTarget.class.getName(),
                Integer.toString(port), "120");
        Instant started = Instant.now();
        // as MethodRunner keeps them: one finding per kind and subject (a busy machine's dumps can show a second lock of
        // the same class, java.lang.Object, held in the JDK's HttpServer; the live run and the recovery merge it alike)
        FindingSet findings = new FindingSet();
        List<CapacityStep> steps = new ArrayList<>();
        try (EventLog events = new EventLog(run); JvmObserver observer = JvmObserver.attach(new JvmTarget.Launch(cmd))) {
            observer.start(run, events, Duration.ofMillis(500));
            awaitReachable(plan.target().baseUrl());
            try (LoadEngine engine = LoadEngine.open(plan, LoadOptions.defaults(), run)) {
                events.append("phase-start", Map.of("phase", "capacity"));
                engine.run(LoadStep.open("generator-warmup", 1, Duration.ofSeconds(2))); // both JVMs compile their hot paths first
                for (int n : new int[] {1, 8}) {
                    CompletableFuture<List<Path>> dumps = n == 8 ? CompletableFuture.supplyAsync(() -> {
                        try {
                            Thread.sleep(1200);
                            return observer.evidence().threadDumps(3, Duration.ofMillis(300));
                        } catch (BrinkUserException | InterruptedException e) {
                            throw new IllegalStateException(e);
                        }
                    }) : null;
                    StepResult r = engine.run(LoadStep.open("capacity-x" + n, n, Duration.ofSeconds(4)));
                    CapacityStep step = judge(n, r, plan.slo());
                    steps.add(step);
                    events.append(EventType.STEP_VERDICT, StepVerdictEvent.capacity("capacity-x" + n, step).fields());
                    if (dumps != null) {
                        List<Path> txt = dumps.get().stream().filter(p -> p.toString().endsWith(".txt")).toList();
                        ThreadDumpAnalyzer.analyze(txt).findings().forEach(f -> findings.add(relative(f, run.root())));
                    }
                }
            }
            CapacityResult capacity = SummaryRecovery.fromSteps(steps);
            events.append("phase-end", Map.of("phase", "capacity", "result", Json.MAPPER.valueToTree(capacity)));
            Path hprof = observer.evidence().heapDump(true);
            HeapAnalyzer.analyze(hprof, HeapOptions.defaults()).findings().forEach(f -> findings.add(relative(f, run.root())));
            for (Finding f : findings.all()) {
                events.append("finding", Map.of("finding", Json.MAPPER.valueToTree(f)));
            }
            events.append(EventType.RUN_END, new RunEnd(false).fields());
            methodSummary = new RunSummary("test", plan.name(), started.toString(), Duration.between(started, Instant.now()).toMillis() / 1000.0,
                    false, capacity, null, null, findings.all());
        }
    }

    /** The method's first three rules (DegradationRules), enough for this test's two steps. */
    private static CapacityStep judge(int n, StepResult r, Plan.Slo slo) {
        List<TrippedRule> rules = new ArrayList<>();
        if (r.errorRate() > slo.errorRate()) {
            rules.add(new TrippedRule(RuleKind.ERROR_RATE, r.errorRate(), slo.errorRate()));
        }
        if (r.corrected().p99Ms() > slo.p99Ms()) {
            rules.add(new TrippedRule(RuleKind.P99, r.corrected().p99Ms(), slo.p99Ms()));
        }
        if (r.achievedRps() < 0.9 * r.targetRps()) {
            rules.add(new TrippedRule(RuleKind.THROUGHPUT, r.achievedRps(), 0.9 * r.targetRps()));
        }
        return new CapacityStep(n, r.targetRps(), r.achievedRps(), r.errorRate(), r.corrected().p50Ms(), r.corrected().p99Ms(),
                rules.isEmpty() ? StepVerdictKind.OK : StepVerdictKind.DEGRADED, rules.stream().map(TrippedRule::text).toList(), rules);
    }

    private static Finding relative(Finding f, Path root) {
        List<String> ev = f.evidence().stream().map(e -> {
            Path p = Path.of(e).toAbsolutePath();
            return p.startsWith(root.toAbsolutePath()) ? root.toAbsolutePath().relativize(p).toString() : e;
        }).toList();
        return new Finding(f.kind(), f.severity(), f.title(), f.subject(), ev, f.detail());
    }

    private static void awaitReachable(URI url) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (true) {
            try {
                LoadEngine.checkReachable(url, Duration.ofSeconds(1));
                return;
            } catch (BrinkUserException e) {
                if (System.nanoTime() > deadline) throw e;
                Thread.sleep(100);
            }
        }
    }

    @Test
    void aKilledRunsEventsGiveTheSameVerdictsAsTheMethodsSummary() throws Exception {
        Path killed = Files.createDirectories(dir.resolve("killed")); // the files a kill after run-end would leave
        for (String f : List.of(RunDirectory.EVENTS, RunDirectory.PLAN, RunDirectory.LOAD)) {
            Files.copy(dir.resolve("run").resolve(f), killed.resolve(f));
        }
        RunSummary recovered = RunReport.recoverSummary(killed);
        assertThat(recovered.interrupted()).isTrue();
        assertThat(recovered.plan()).isEqualTo("real-short");
        assertThat(recovered.capacity()).isEqualTo(methodSummary.capacity());
        // compared as JSON trees: a number read back may be an Integer where the analyser put a Long, and detail's key order is free
        assertThat(Json.MAPPER.readTree(Json.MAPPER.writeValueAsString(recovered.findings())))
                .isEqualTo(Json.MAPPER.readTree(Json.MAPPER.writeValueAsString(methodSummary.findings())));
    }

    @Test
    void allFourOutputsFromARealRun() throws Exception {
        Path runDir = dir.resolve("run");
        Json.MAPPER.writeValue(runDir.resolve("summary.json").toFile(), methodSummary);
        RunReport.Outputs out = RunReport.write(runDir);
        // a third party reads this directory from DESIGN.md alone: nothing in it may be missing from there
        assertThat(ContractCheck.violations(runDir, Files.readString(Path.of("..", "DESIGN.md")))).isEmpty();
        assertThat(out.recoveredSummary()).isNull();
        assertThat(out.missing()).isEmpty();
        CapacityResult c = methodSummary.capacity();
        // the run itself: 1 × held, 8 × (400 req/s past a 330 req/s lock) shed load with 503s. On a machine so busy
        // that the target's lock cannot pass even 50 req/s, 1 × sheds load too: the rows below that say "held" have
        // nothing to show then (a quiet CI machine always holds 1 ×)
        Assumptions.assumeTrue(c.steps().get(0).verdict() == StepVerdictKind.OK, () -> "1 × did not hold on this machine ("
                + c.steps().get(0).reasons() + ", load average " + ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage() + ")");
        assertThat(c.steps()).as(c.steps().toString()).extracting(CapacityStep::verdict).containsExactly(StepVerdictKind.OK, StepVerdictKind.DEGRADED);
        assertThat(c.limitedBy()).isIn(LimitedBy.ERRORS, LimitedBy.LATENCY, LimitedBy.THROUGHPUT);
        List<FindingKind> kinds = methodSummary.findings().stream().map(Finding::kind).toList();
        // one heap dump: what retains the memory is a suspect, never a leak verdict
        assertThat(kinds).contains(FindingKind.LEAK_SUSPECT, FindingKind.LOCK_CONTENTION).doesNotContain(FindingKind.MEMORY_LEAK);
        Finding leak = methodSummary.findings().stream().filter(f -> f.kind() == FindingKind.LEAK_SUSPECT).findFirst().orElseThrow();
        Finding lock = methodSummary.findings().stream().filter(f -> f.kind() == FindingKind.LOCK_CONTENTION).findFirst().orElseThrow();

        String md = Files.readString(out.markdown());
        assertThat(md.lines().toList()).contains("# Brink run: real-short", "- " + Verdicts.capacity(c),
                String.format(Locale.ROOT, "| 1 | 50.0 | %.1f | %.2f %% | %.1f | %.1f | ok |", c.steps().get(0).achievedRps(),
                        c.steps().get(0).errorRate() * 100, c.steps().get(0).p50Ms(), c.steps().get(0).p99Ms()));
        assertThat(md).contains("- **" + leak.severity().jsonName() + "** leak-suspect: ", "— `" + leak.subject() + "`; retains ",
                "accumulates in " + leak.detail().get("accumulation_class"),
                "lock-contention: ", "held by " + lock.detail().get("holder_thread"), lock.detail().get("waiter_count") + " waiting");

        JUnitCases junit = JUnitCases.read(out.junit());
        assertThat(junit.names()).startsWith("capacity", "slo.error_rate at 1x", "slo.p99 at 1x");
        assertThat(junit.failure("capacity")).isNull();
        assertThat(junit.out("capacity")).isEqualTo(Verdicts.capacity(c));
        assertThat(junit.out("slo.p99 at 1x")).isEqualTo(String.format(Locale.ROOT, "p99 %.1f ms in the capacity step", c.steps().get(0).p99Ms()));

        String html = Files.readString(out.html());
        for (String chart : List.of("rate", "errors", "latency", "heap", "gc", "threads", "cpu")) {
            assertThat(html.contains("\"id\":\"" + chart + "\"")).as("chart " + chart + " has data").isTrue();
        }
        assertThat(html.contains("\"label\":\"http-503\"")).as("503s charted by kind").isTrue();
        assertThat(html.contains("<h2>Load generator health</h2>")).isTrue();
        assertThat(html.contains("Authorization: &#39;***&#39;")).as("the plan as written").isTrue();
        assertThat(html.contains("<a href=\"" + leak.evidence().get(0) + "\">")).as("leak evidence linked relative").isTrue();
        assertThat(Files.exists(runDir.resolve(leak.evidence().get(0)))).isTrue();

        Chromium.assumeInstalled();
        Chromium.Result dom = Chromium.dumpDom(out.html().toUri() + "#selfcheck", dir);
        assertThat(dom.consoleLines()).as("console messages").isEmpty();
        assertThat(dom.dom()).contains("<div id=\"errors\" hidden=\"\"></div>");
        Matcher m = Pattern.compile("<div class=\"chart\" id=\"chart-([a-z]+)\" data-drawn=\"(\\d+)\"").matcher(dom.dom());
        List<String> drawn = new ArrayList<>();
        while (m.find()) {
            assertThat(Integer.parseInt(m.group(2))).as("series pixels in chart " + m.group(1)).isGreaterThan(20);
            drawn.add(m.group(1));
        }
        assertThat(drawn).containsExactly("rate", "errors", "latency", "heap", "gc", "threads", "cpu");
        Path png = Path.of("target", "report-real-run.png").toAbsolutePath();
        Chromium.Result shot = Chromium.screenshot(out.html(), png, dir);
        assertThat(shot.consoleLines()).isEmpty();
        assertThat(png).as("screenshot; chromium said:\n" + shot.log()).exists();
    }

    /**
     * The contract holds values, not only names: in a copy of this real run, each finding-detail key and each key of a
     * .jsonl line renamed, one at a time, is reported by ContractCheck by its new name, and so is every key of every other
     * finding kind, from a detail of each kind added to the copy ({@link DetailSamples}), and each key of a row inside a
     * detail (a deadlock's members, a pool's holders, a busy thread's rows, a grown class); a leak_shape word the analyser
     * does not write (the one DESIGN.md once documented) and a GC cause word that is the JVM's, not a cause kind, are
     * reported with the words they may be.
     */
    @Test
    void everyRenamedFieldAndADriftedWordInACopyOfTheRunAreReported() throws Exception {
        String design = Files.readString(Path.of("..", "DESIGN.md"));
        Path copy = dir.resolve("renamed");
        Files.createDirectories(copy);
        try (java.util.stream.Stream<Path> files = Files.list(dir.resolve("run"))) {
            for (Path f : files.filter(Files::isRegularFile).toList()) Files.copy(f, copy.resolve(f.getFileName()));
        }
        Json.MAPPER.writeValue(copy.resolve(RunDirectory.SUMMARY).toFile(), methodSummary);
        assertThat(ContractCheck.violations(copy, design)).isEmpty();

        int renamed = 0;
        for (String file : dev.brink.core.RunLines.KEYS.keySet()) {
            Path p = copy.resolve(file);
            if (!Files.isRegularFile(p)) continue;
            List<String> lines = Files.readAllLines(p);
            java.util.Set<String> keys = new java.util.TreeSet<>();
            for (String l : lines) Json.MAPPER.readTree(l).fieldNames().forEachRemaining(keys::add);
            for (String key : keys) {
                Files.write(p, lines.stream().map(l -> l.replace("\"" + key + "\":", "\"" + key + "_x\":")).toList());
                assertThat(ContractCheck.violations(copy, design)).as(file + " " + key)
                        .contains("field " + key + "_x of " + file + " is not in the contract");
                renamed++;
            }
            Files.write(p, lines);
        }
        assertThat(renamed).as("keys of load, generator, jvm and gc lines").isGreaterThan(40);

        // each key of each event type the run wrote, renamed in that type's lines only
        Path eventsFile = copy.resolve(RunDirectory.EVENTS);
        List<String> events = Files.readAllLines(eventsFile);
        java.util.Map<String, java.util.Set<String>> eventKeys = new java.util.TreeMap<>();
        for (String l : events) {
            com.fasterxml.jackson.databind.JsonNode e = Json.MAPPER.readTree(l);
            e.fieldNames().forEachRemaining(k -> eventKeys.computeIfAbsent(e.path("type").asText(), t -> new java.util.TreeSet<>()).add(k));
        }
        int renamedEventKeys = 0;
        for (var type : eventKeys.entrySet()) {
            for (String key : type.getValue()) {
                if (dev.brink.core.EventLog.COMMON_KEYS.contains(key) || type.getKey().equals(dev.brink.core.EventType.FINDING)) continue;
                String typeField = "\"type\":\"" + type.getKey() + "\"";
                Files.write(eventsFile, events.stream().map(l -> l.contains(typeField) ? l.replace("\"" + key + "\":", "\"" + key + "_x\":") : l).toList());
                assertThat(ContractCheck.violations(copy, design)).as(type.getKey() + " " + key)
                        .contains("field " + key + "_x of the " + type.getKey() + " event is not in the contract");
                renamedEventKeys++;
            }
        }
        Files.write(eventsFile, events);
        assertThat(renamedEventKeys).as("keys of the run's step, phase and load events").isGreaterThan(10);

        ObjectNode summary = (ObjectNode) Json.MAPPER.readTree(copy.resolve(RunDirectory.SUMMARY).toFile());
        ArrayNode findings = (ArrayNode) summary.path("findings");
        int real = findings.size();
        assertThat(renameEachDetailKey(copy, design, summary, 0, real)).as("the leak suspect's and the lock's detail keys")
                .isGreaterThan(10);

        // no one run finds every kind: a detail of each kind with every key its record has, beside the real findings
        for (Finding sample : DetailSamples.findings()) findings.add(Json.MAPPER.valueToTree(sample));
        Json.MAPPER.writeValue(copy.resolve(RunDirectory.SUMMARY).toFile(), summary);
        assertThat(ContractCheck.violations(copy, design)).isEmpty();
        int everyKey = Detail.TYPES.values().stream().mapToInt(t -> Detail.keys(t).size()).sum();
        assertThat(renameEachDetailKey(copy, design, summary, real, findings.size())).as("every key of every kind").isEqualTo(everyKey);
        int everyRowKey = Detail.TYPES.values().stream().flatMap(t -> Detail.rows(t).values().stream()).mapToInt(r -> Detail.keys(r).size()).sum();
        assertThat(everyRowKey).as("keys of the rows: deadlock members, pool holders, thread rows, grown classes").isGreaterThan(20);
        assertThat(renameEachRowKey(copy, design, summary, real, findings.size())).as("every key of every row").isEqualTo(everyRowKey);
        ObjectNode gc = (ObjectNode) findings.get(real + FindingKind.GC_PRESSURE.ordinal()).path("detail");
        gc.put("cause", "system-gc"); // the JVM's words are not the cause's kinds
        Json.MAPPER.writeValue(copy.resolve(RunDirectory.SUMMARY).toFile(), summary);
        assertThat(ContractCheck.violations(copy, design)).contains("detail of gc-pressure: cause: expected one of heap, explicit, "
                + "metadata, humongous, gc-locker, code-cache, tool, other, got 'system-gc'");
        gc.put("cause", "explicit");

        for (JsonNode f : summary.path("findings")) {
            if (f.path("kind").asText().equals(FindingKind.LEAK_SUSPECT.jsonName())) {
                ((ObjectNode) f.path("detail")).put("leak_shape", "class-loader");
            }
        }
        Json.MAPPER.writeValue(copy.resolve(RunDirectory.SUMMARY).toFile(), summary);
        assertThat(ContractCheck.violations(copy, design)).contains("detail of leak-suspect: leak_shape: expected one of spread-class, "
                + "generated-classes, many-loaders, got 'class-loader'");
    }

    /**
     * Renames each detail key of findings {@code from} to {@code to} of {@code summary}, one at a time, in the copy's
     * summary.json, and expects ContractCheck to name it; puts it back after. Returns how many keys it renamed.
     */
    private static int renameEachDetailKey(Path copy, String design, ObjectNode summary, int from, int to) throws Exception {
        int renamed = 0;
        for (int i = from; i < to; i++) {
            JsonNode f = summary.path("findings").get(i);
            ObjectNode detail = (ObjectNode) f.path("detail");
            for (String key : toList(detail.fieldNames())) {
                JsonNode value = detail.remove(key);
                detail.set(key + "_x", value);
                Json.MAPPER.writeValue(copy.resolve(RunDirectory.SUMMARY).toFile(), summary);
                assertThat(ContractCheck.violations(copy, design)).as(f.path("kind").asText() + " " + key)
                        .contains("detail key " + key + "_x of " + f.path("kind").asText() + " is not in the contract");
                detail.remove(key + "_x");
                detail.set(key, value);
                renamed++;
            }
        }
        Json.MAPPER.writeValue(copy.resolve(RunDirectory.SUMMARY).toFile(), summary);
        return renamed;
    }

    /**
     * Renames each key of the first row of every list of rows (a deadlock's members, a pool's holders) in findings
     * {@code from} to {@code to}, one at a time, and expects ContractCheck to name it by its path; puts it back after.
     * Returns how many keys it renamed.
     */
    private static int renameEachRowKey(Path copy, String design, ObjectNode summary, int from, int to) throws Exception {
        int renamed = 0;
        for (int i = from; i < to; i++) {
            JsonNode f = summary.path("findings").get(i);
            String kind = f.path("kind").asText();
            FindingKind k = java.util.Arrays.stream(FindingKind.values()).filter(x -> x.jsonName().equals(kind)).findFirst().orElseThrow();
            for (String rows : Detail.rows(Detail.TYPES.get(k)).keySet()) {
                ObjectNode row = (ObjectNode) f.path("detail").path(rows).get(0);
                assertThat(row).as(kind + " " + rows + ": a sample with a row").isNotNull();
                for (String key : toList(row.fieldNames())) {
                    JsonNode value = row.remove(key);
                    row.set(key + "_x", value);
                    Json.MAPPER.writeValue(copy.resolve(RunDirectory.SUMMARY).toFile(), summary);
                    assertThat(ContractCheck.violations(copy, design)).as(kind + " " + rows + " " + key)
                            .anyMatch(v -> v.startsWith("detail of " + kind + ": " + rows + "[0]." + key + "_x: not a key of its row"));
                    row.remove(key + "_x");
                    row.set(key, value);
                    renamed++;
                }
            }
        }
        Json.MAPPER.writeValue(copy.resolve(RunDirectory.SUMMARY).toFile(), summary);
        return renamed;
    }

    private static List<String> toList(java.util.Iterator<String> names) {
        List<String> out = new ArrayList<>();
        names.forEachRemaining(out::add);
        return out;
    }
}
