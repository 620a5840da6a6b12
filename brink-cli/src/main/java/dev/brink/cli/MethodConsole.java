package dev.brink.cli;

import dev.brink.core.BrinkUserException;
import dev.brink.core.ExitCode;
import dev.brink.core.Finding;
import dev.brink.core.FindingKind;
import dev.brink.core.RunDirectory;
import dev.brink.core.Sizes;
import dev.brink.core.detail.Detail;
import dev.brink.core.detail.HeapRetention;
import dev.brink.core.detail.LockContentionDetail;
import dev.brink.core.detail.MemoryLeakDetail;
import dev.brink.core.summary.CapacityResult;
import dev.brink.core.summary.ConfirmResult;
import dev.brink.core.summary.RunSummary;
import dev.brink.core.summary.SoakResult;
import dev.brink.load.engine.LoadOptions;
import dev.brink.load.metrics.LiveMetrics;
import dev.brink.load.plan.Plan;
import dev.brink.method.FailOnGate;
import dev.brink.core.event.MethodPhase;
import dev.brink.method.MethodRunner;
import dev.brink.report.RunReport;
import dev.brink.report.Verdicts;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * What {@code brink run} and {@code brink demo} share: run the method with Ctrl-C / SIGTERM handled (the
 * shutdown hook stops the run and waits until summary.json and the report are written), write the report,
 * print the closing block, and turn the plan's {@code fail_on} gate into the exit code.
 */
final class MethodConsole {
    private MethodConsole() {
    }

    static int runAndReport(Plan plan, RunDirectory run, LoadOptions options, Set<MethodPhase> phases, boolean jfr,
                            PrintWriter console) throws BrinkUserException {
        return runAndReport(plan, run, options, phases, jfr, 1, console);
    }

    /** @param repeat how many capacity searches to run (their spread is printed; the median is the capacity) */
    static int runAndReport(Plan plan, RunDirectory run, LoadOptions options, Set<MethodPhase> phases, boolean jfr, int repeat,
                            PrintWriter console) throws BrinkUserException {
        return runAndReport(plan, run, options, phases, jfr, repeat, null, console);
    }

    /** @param metrics what {@code --metrics} serves, fed by the run; null without it */
    static int runAndReport(Plan plan, RunDirectory run, LoadOptions options, Set<MethodPhase> phases, boolean jfr, int repeat,
                            LiveMetrics metrics, PrintWriter console) throws BrinkUserException {
        return runAndReport(plan, run, options, phases, jfr, repeat, metrics, null, console);
    }

    /** @param load what drives the load steps (a coordinator's workers); null for an engine in this process */
    static int runAndReport(Plan plan, RunDirectory run, LoadOptions options, Set<MethodPhase> phases, boolean jfr, int repeat,
                            LiveMetrics metrics, MethodRunner.LoadOpener load, PrintWriter console) throws BrinkUserException {
        MethodRunner runner = new MethodRunner(plan, run, options, console).withRepeat(repeat).withMetrics(metrics);
        if (load != null) {
            runner.withLoad(load);
        }
        if (jfr) {
            runner.withJfr();
        }
        CountDownLatch reported = new CountDownLatch(1);
        Thread hook = new Thread(() -> {
            runner.interrupt();
            try {
                reported.await(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "brink-interrupt");
        Runtime.getRuntime().addShutdownHook(hook);
        try {
            RunSummary summary = phases == null ? runner.run() : runner.run(phases);
            RunReport.Outputs outputs = RunReport.write(run.root());
            printConclusion(summary, console);
            console.println("report: " + outputs.html());
            console.flush();
            List<String> failures = FailOnGate.failures(plan.failOn(), summary);
            List<String> notJudged = FailOnGate.notJudged(plan.failOn(), summary);
            failures.forEach(f -> console.println("gate failed: " + f));
            notJudged.forEach(f -> console.println("gate not judged: " + f));
            // a gate nobody could check has not passed: CI must not go green on a run that measured the machine
            return failures.isEmpty() && notJudged.isEmpty() ? ExitCode.OK : ExitCode.GATE;
        } finally {
            reported.countDown();
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException e) {
                // the JVM is shutting down: the hook is running and waited for us
            }
        }
    }

    /** The closing block: the verdicts, then the leak suspect and the contended lock, then the other findings. */
    static void printConclusion(RunSummary s, PrintWriter out) {
        out.println();
        out.println("── conclusion" + (s.interrupted() ? " (the run was cut short: interrupted)" + Verdicts.lastStep(s) : "") + " "
                + "─".repeat(40));
        // the same sentences summary.md, report.html and junit.xml show (Verdicts), rendered from the typed verdicts
        CapacityResult c = s.capacity();
        if (c != null) {
            out.println(Verdicts.capacity(c));
        }
        ConfirmResult f = s.confirm();
        if (f != null) {
            out.println(Verdicts.confirm(f));
        }
        if (s.stages() != null) {
            out.println(Verdicts.stages(s.stages()));
        }
        SoakResult k = s.soak();
        if (k != null) {
            out.println(Verdicts.soak(k) + (k.smallHeap() != null ? " on -Xmx" + k.smallHeap() : ""));
            if (k.multiplierReason() != null) {
                out.printf(Locale.ROOT, "  at %s × profile: %s%n", Verdicts.num(k.multiplier()), k.multiplierReason());
            }
        }
        // the holder that grew between the soak's heap dumps, else what one dump says retains the most
        Finding leak = first(s, FindingKind.MEMORY_LEAK, x -> ((HeapRetention) Detail.of(x)).shareOfHeap() != null);
        leak = leak != null ? leak : first(s, FindingKind.LEAK_SUSPECT, x -> ((HeapRetention) Detail.of(x)).shareOfHeap() != null);
        if (leak != null) {
            HeapRetention d = (HeapRetention) Detail.of(leak);
            String grew = d instanceof MemoryLeakDetail m && m.growthBytes() != null
                    ? ", grew by " + Sizes.human(m.growthBytes()) + (m.growthBytesPerHour() != null
                    ? String.format(Locale.ROOT, " (%+.1f MB/h)", m.growthBytesPerHour() / 1e6) : "") + " between the heap dumps" : "";
            out.printf(Locale.ROOT, "leak suspect: %s retains %.1f %% of the heap%s (accumulates in %s)%n", leak.subject(),
                    d.shareOfHeap() * 100, grew, d.accumulationClass());
        }
        Finding lock = first(s, FindingKind.LOCK_CONTENTION, x -> Detail.of(x, LockContentionDetail.class).lockClass() != null);
        if (lock != null) {
            LockContentionDetail d = Detail.of(lock, LockContentionDetail.class);
            out.printf(Locale.ROOT, "contended lock: %s, held by %s at %s, %s threads waiting%n", d.lockClass(),
                    d.holderThread() != null ? d.holderThread() : "(holder not in the dump)",
                    d.holderFrame() != null ? d.holderFrame() : "?", d.waiterCount());
        }
        for (Finding x : s.findings()) {
            if (x != leak && x != lock) {
                out.println("finding: " + x.severity().jsonName() + " " + x.kind().jsonName() + ": " + x.title());
            }
        }
    }

    private static Finding first(RunSummary s, FindingKind kind, Predicate<Finding> shows) {
        return s.findings().stream().filter(f -> f.kind() == kind && shows.test(f)).findFirst().orElse(null);
    }
}
