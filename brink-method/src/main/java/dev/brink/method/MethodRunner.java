package dev.brink.method;

import dev.brink.core.BrinkUserException;
import dev.brink.core.BrinkVersion;
import dev.brink.core.EventLog;
import dev.brink.core.Finding;
import dev.brink.core.FindingKind;
import dev.brink.core.Json;
import dev.brink.core.RunDirectory;
import dev.brink.core.Severity;
import dev.brink.core.summary.CapacityResult;
import dev.brink.core.summary.RunSummary;
import dev.brink.jvm.JvmObserver;
import dev.brink.jvm.JvmTarget;
import dev.brink.load.LoadEngine;
import dev.brink.load.LoadOptions;
import dev.brink.load.Plan;
import dev.brink.threads.ThreadDumpAnalyzer;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The method on one plan: today the capacity search, with the target JVM watched all along (when the plan
 * names it) and evidence taken at the first degraded step; writes plan.yaml, events, load and JVM series,
 * evidence and summary.json into the run directory. Confirmation and soak come next (issue 6).
 */
public final class MethodRunner {
    private final Plan plan;
    private final RunDirectory run;
    private final LoadOptions options;
    private final PrintWriter console;

    public MethodRunner(Plan plan, RunDirectory run, LoadOptions options, PrintWriter console) {
        this.plan = plan;
        this.run = run;
        this.options = options;
        this.console = console;
    }

    /** Runs the capacity search and returns what summary.json says. */
    public RunSummary runCapacity() throws BrinkUserException, InterruptedException {
        if (plan.phases() == null || plan.phases().capacity() == null) {
            throw new BrinkUserException(plan.name() + ": the plan has no phases.capacity section: expected start, step, max, step_duration");
        }
        Instant started = Instant.now();
        try {
            PlanWriter.write(plan, run.file(RunDirectory.PLAN));
        } catch (IOException e) {
            throw new BrinkUserException("cannot write " + run.file(RunDirectory.PLAN) + ": " + e.getMessage());
        }
        List<Finding> findings = new ArrayList<>();
        CapacityResult capacity;
        try (EventLog events = new EventLog(run);
             JvmObserver observer = observe(events);
             LoadEngine engine = LoadEngine.open(plan, options, run)) {
            List<Path> dumps = new ArrayList<>();
            capacity = new CapacityPhase(engine, plan, options.maxConnections(), events, console).run((n, verdict) -> {
                if (observer != null && observer.targetAlive()) {
                    try {
                        console.println("  evidence: 3 thread dumps 1 s apart and a class histogram at N=" + n);
                        observer.evidence().threadDumps(3, Duration.ofSeconds(1)).stream()
                                .filter(p -> p.toString().endsWith(".txt")).forEach(dumps::add);
                        observer.evidence().classHistogram();
                    } catch (BrinkUserException e) {
                        console.println("  evidence: " + e.getMessage());
                    }
                }
            });
            if (!dumps.isEmpty()) {
                findings.addAll(ThreadDumpAnalyzer.analyze(dumps).findings().stream().map(this::relative).toList());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (capacity.limitedBy().equals("generator")) {
            CapacityStepReasons last = CapacityStepReasons.lastGeneratorBound(capacity);
            findings.add(0, new Finding(FindingKind.GENERATOR_BOUND, Severity.WARNING,
                    "the load generator, not the service, stopped the search at " + last.multiplier() + " × profile: " + last.reasons(),
                    "brink load generator", List.of(RunDirectory.GENERATOR), Map.of("multiplier", last.multiplier())));
        }
        RunSummary summary = new RunSummary(BrinkVersion.get(), plan.name(), started.toString(),
                Duration.between(started, Instant.now()).toMillis() / 1000.0, false, capacity, null, null, findings);
        try {
            Json.MAPPER.writerWithDefaultPrettyPrinter().writeValue(run.file(RunDirectory.SUMMARY).toFile(), summary);
        } catch (IOException e) {
            throw new BrinkUserException("cannot write " + run.file(RunDirectory.SUMMARY) + ": " + e.getMessage());
        }
        return summary;
    }

    /** Attaches to the plan's target JVM, or null when the plan names none (a load-only run). */
    private JvmObserver observe(EventLog events) throws BrinkUserException {
        Plan.Jvm jvm = plan.target().jvm();
        if (jvm == null) {
            console.println("no target.jvm in the plan: load only, no JVM observation or evidence");
            return null;
        }
        JvmTarget target = jvm.pid() != null ? JvmTarget.pid(jvm.pid())
                : jvm.jmx() != null ? JvmTarget.jmx(jvm.jmx()) : JvmTarget.launch(jvm.launch());
        JvmObserver observer = JvmObserver.attach(target);
        observer.start(run, events, Duration.ofSeconds(1));
        if (jvm.launch() != null) {
            LoadEngine.checkReachable(plan.target().baseUrl(), Duration.ofSeconds(60));
        }
        return observer;
    }

    /** Evidence paths in findings are relative to the run directory, so the report links them. */
    private Finding relative(Finding f) {
        List<String> ev = f.evidence().stream().map(e -> {
            Path p = Path.of(e);
            return p.isAbsolute() && p.startsWith(run.root().toAbsolutePath()) ? run.root().toAbsolutePath().relativize(p).toString() : e;
        }).toList();
        return new Finding(f.kind(), f.severity(), f.title(), f.subject(), ev, f.detail());
    }
}
