package dev.brink.cli;

import dev.brink.core.BrinkUserException;
import dev.brink.core.Durations;
import dev.brink.core.ExitCode;
import dev.brink.core.RunDirectory;
import dev.brink.core.Sizes;
import dev.brink.jvm.JvmListener;
import dev.brink.jvm.JvmObserver;
import dev.brink.core.line.JvmSample;
import dev.brink.jvm.JvmTarget;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code brink watch TARGET}: samples a JVM into a run directory and prints one line per interval. */
@Command(name = "watch", mixinStandardHelpOptions = true,
        description = {"Watch a JVM: write jvm.jsonl (every interval) and gc.jsonl (every collection) into a run directory",
            "and print one line per interval: heap used / max, heap after GC, GCs and pause time, BLOCKED threads, CPU.",
            "TARGET is a PID, host:port (remote JMX; credentials from BRINK_JMX_USER / BRINK_JMX_PASSWORD),",
            "or --launch CMD… as the last option (Brink starts the command and stops it at the end).",
            "A target that dies is recorded as a target-died event; the command then ends with exit 0."})
final class WatchCommand implements Callable<Integer> {
    private static final DateTimeFormatter CLOCK = DateTimeFormatter.ofPattern("HH:mm:ss");

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", arity = "0..1", paramLabel = "TARGET", description = "PID or host:port.")
    String target;

    @Option(names = "--duration", paramLabel = "D", description = "How long to watch, like 30s or 10m (default: until the target exits or Ctrl-C).")
    String duration;

    @Option(names = "--interval", paramLabel = "I", defaultValue = "1s", description = "Sampling interval (default: ${DEFAULT-VALUE}).")
    String interval;

    @Option(names = "--out", paramLabel = "DIR", description = "Run directory to write (default: a new one under ./runs).")
    Path out;

    @Mixin
    TargetOption jvm;

    @Override
    public Integer call() throws Exception {
        JvmTarget t = jvm.resolve(target);
        Duration every = Durations.parse(interval);
        if (every.toMillis() < 100) throw new BrinkUserException("bad --interval " + interval + ": expected at least 100ms");
        Duration limit = duration == null ? null : Durations.parse(duration);
        RunDirectory run = out != null ? RunDirectory.at(out) : RunDirectory.create(Path.of("runs"), "watch");
        PrintWriter o = spec.commandLine().getOut();
        try (JvmObserver obs = JvmObserver.attach(t)) {
            Thread hook = new Thread(obs::close, "brink-watch-stop"); // Ctrl-C: close files, stop a launched target
            Runtime.getRuntime().addShutdownHook(hook);
            try {
                o.println("brink: watching " + TargetOption.describe(t, obs) + " (" + obs.vm() + ") every " + Durations.format(every)
                        + " → " + run.root());
                obs.addListener(new LivePrinter(o));
                long started = System.nanoTime();
                obs.start(run, every);
                boolean died = obs.awaitTargetDeath(limit == null ? Duration.ofDays(365 * 100) : limit);
                int samples = (int) ((System.nanoTime() - started) / every.toNanos());
                obs.close(); // no live line after the summary
                if (died) {
                    o.println("brink: " + obs.deathMessage() + "; recorded as target-died in " + run.file(RunDirectory.EVENTS));
                } else {
                    o.println("brink: watched " + TargetOption.describe(t, obs) + " for " + Durations.format(limit) + " (~" + samples
                            + " samples) → " + run.root());
                }
            } finally {
                obs.close();
                try {
                    Runtime.getRuntime().removeShutdownHook(hook);
                } catch (IllegalStateException shuttingDown) {
                    // the hook is running already
                }
            }
        }
        return ExitCode.OK;
    }

    /** One line per sample; GC counts and pause time are the differences from the previous sample. */
    static final class LivePrinter implements JvmListener {
        private final PrintWriter out;
        private JvmSample previous;

        LivePrinter(PrintWriter out) {
            this.out = out;
        }

        @Override
        public void onSample(JvmSample s) {
            long gcs = previous == null ? 0 : s.gcCount() - previous.gcCount();
            long pause = previous == null ? 0 : s.gcTimeMs() - previous.gcTimeMs();
            previous = s;
            String time = CLOCK.format(LocalTime.ofInstant(java.time.Instant.ofEpochMilli(s.epochMs()), ZoneId.systemDefault()));
            String max = s.heap().max() > 0 ? Sizes.human(s.heap().max()) : "?";
            String after = s.heapAfterGc() == null ? "-" : Sizes.human(s.heapAfterGc());
            String cpu = s.cpu().processLoad() < 0 ? "-" : String.format(Locale.ROOT, "%.1f%%", s.cpu().processLoad() * 100);
            out.println(String.format(Locale.ROOT, "%s  heap %s / %s  after GC %s  GCs %d (%d ms)  BLOCKED %d  threads %d  CPU %s",
                    time, Sizes.human(s.heap().used()), max, after, gcs, pause, s.threads().blocked(), s.threads().live(), cpu));
            out.flush();
        }
    }
}
