package dev.brink.method;

import dev.brink.core.line.GeneratorHealth;
import dev.brink.load.engine.IntervalListener;
import dev.brink.core.line.IntervalStats;
import java.io.PrintWriter;
import java.util.Locale;

/**
 * Prints a line every {@link #EVERY_S} seconds of an unjudged warm-up stretch (steps named "…warmup"), so a console
 * that would otherwise stay silent for 20 s says what Brink waits for. Runs on the engine's reporting thread.
 */
final class WarmupProgress implements IntervalListener {
    static final int EVERY_S = 5;

    private final PrintWriter console;
    private String step;
    private int seconds;

    WarmupProgress(PrintWriter console) {
        this.console = console;
    }

    @Override
    public void onInterval(IntervalStats interval, GeneratorHealth generator) {
        String s = interval.step();
        if (s == null || !s.endsWith("warmup")) {
            step = null;
            return;
        }
        if (!s.equals(step)) {
            step = s;
            seconds = 0;
        }
        seconds++;
        if (seconds % EVERY_S == 0) {
            // a closed warm-up (users) has no target rate: "0 req/s" would read as no load, so it says what was answered
            boolean closed = interval.targetRps() == 0;
            double rps = closed ? (interval.ok() + interval.errorCount()) / interval.intervalS() : interval.targetRps();
            console.printf(Locale.ROOT, "  %s: %d s, %.0f req/s%s, p99 %.1f ms (not judged: the JIT of the generator and the"
                    + " target compiles the load path)%n", s, seconds, rps, closed ? " answered" : "", interval.corrected().p99Ms());
            console.flush();
        }
    }
}
