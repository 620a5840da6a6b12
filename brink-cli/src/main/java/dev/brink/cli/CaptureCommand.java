package dev.brink.cli;

import dev.brink.core.BrinkUserException;
import dev.brink.core.Durations;
import dev.brink.core.EventLog;
import dev.brink.core.ExitCode;
import dev.brink.core.RunDirectory;
import dev.brink.jvm.EvidenceCapture;
import dev.brink.jvm.JvmObserver;
import dev.brink.jvm.JvmTarget;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code brink capture TARGET threads|histogram|heap|jfr}: takes one piece of evidence into evidence/. */
@Command(name = "capture", mixinStandardHelpOptions = true,
        description = {"Take evidence from a JVM into DIR/evidence/ and log it in DIR/events.jsonl:",
            "  threads    a burst of --count thread dumps --interval apart (jstack-style .txt and .json, with per-thread CPU)",
            "  histogram  a class histogram of live objects (forces a full GC)",
            "  heap       a heap dump of live objects (.hprof; the target pauses while it writes)",
            "  jfr        a JFR recording of --duration",
            "TARGET is a PID or host:port; or give --launch CMD… as the last option instead."})
final class CaptureCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(arity = "1..2", paramLabel = "TARGET WHAT", description = "TARGET (unless --launch), then threads, histogram, heap or jfr.")
    List<String> args;

    @Option(names = "--count", paramLabel = "N", defaultValue = "3", description = "Thread dumps in the burst (default: ${DEFAULT-VALUE}).")
    int count;

    @Option(names = "--interval", paramLabel = "I", defaultValue = "1s", description = "Time between thread dumps (default: ${DEFAULT-VALUE}).")
    String interval;

    @Option(names = "--duration", paramLabel = "D", defaultValue = "10s", description = "Length of a JFR recording (default: ${DEFAULT-VALUE}).")
    String duration;

    @Option(names = "--out", paramLabel = "DIR", description = "Run directory to write into (default: a new one under ./runs).")
    Path out;

    @Mixin
    TargetOption jvm;

    @Override
    public Integer call() throws Exception {
        boolean launched = jvm.launched();
        if (args.size() != (launched ? 1 : 2)) {
            throw new BrinkUserException(launched ? "with --launch give only WHAT (threads, histogram, heap or jfr)"
                    : "expected TARGET and WHAT, like: brink capture 1234 threads");
        }
        String what = args.get(args.size() - 1);
        if (!List.of("threads", "histogram", "heap", "jfr").contains(what)) {
            throw new BrinkUserException("bad evidence kind '" + what + "': expected threads, histogram, heap or jfr");
        }
        if (count < 1) throw new BrinkUserException("bad --count " + count + ": expected at least 1");
        Duration every = Durations.parse(interval);
        Duration length = Durations.parse(duration);
        JvmTarget t = jvm.resolve(launched ? null : args.get(0));
        RunDirectory run = out != null ? RunDirectory.at(out) : RunDirectory.create(Path.of("runs"), "capture");
        PrintWriter o = spec.commandLine().getOut();
        List<Path> files = new ArrayList<>();
        try (JvmObserver obs = JvmObserver.attach(t); EventLog events = new EventLog(run)) {
            EvidenceCapture ev = obs.evidence(run, events);
            switch (what) {
                case "threads" -> files.addAll(ev.threadDumps(count, every));
                case "histogram" -> files.add(ev.classHistogram());
                case "heap" -> files.add(ev.heapDump(true));
                default -> {
                    ev.jfrStart();
                    o.println("brink: recording JFR for " + Durations.format(length) + "…");
                    o.flush();
                    Thread.sleep(length.toMillis());
                    files.add(ev.jfrStop());
                }
            }
            o.println("brink: captured " + what + " from " + TargetOption.describe(t, obs) + ":");
        }
        for (Path f : files) {
            o.println("  " + f);
        }
        return ExitCode.OK;
    }
}
