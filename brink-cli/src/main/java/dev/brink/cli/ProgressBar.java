package dev.brink.cli;

import dev.brink.core.Sizes;
import dev.brink.heap.HeapProgress;
import java.io.PrintStream;
import java.util.Locale;

/**
 * A one-line progress bar on a terminal: phase, bar, bytes and ETA, redrawn at most 5 times a second with
 * a carriage return; each finished phase leaves one line with its duration. Called on the analysing
 * thread only.
 */
final class ProgressBar implements HeapProgress {
    private final PrintStream err;
    private long lastDraw;
    private String phase = "";
    private long phaseStart;

    ProgressBar(PrintStream err) {
        this.err = err;
    }

    @Override
    public void update(String newPhase, long done, long total) {
        long now = System.nanoTime();
        if (!newPhase.equals(phase)) {
            if (!phase.isEmpty()) {
                // keep one line per finished phase: where the time went stays visible
                err.printf(Locale.ROOT, "\r%-14s done in %.1f s\u001b[K%n", phase, (now - phaseStart) / 1e9);
            }
            phase = newPhase;
            phaseStart = now;
            if ("done".equals(newPhase)) {
                err.flush(); // the report follows on stdout; leave no half-drawn bar before it
                return;
            }
        } else if (now - lastDraw < 200_000_000L) {
            return;
        }
        lastDraw = now;
        StringBuilder line = new StringBuilder("\r").append(String.format(Locale.ROOT, "%-14s", phase));
        if (total > 0) {
            int width = 30;
            int filled = (int) Math.min(width, width * done / total);
            line.append(" [").append("#".repeat(filled)).append("-".repeat(width - filled)).append("] ");
            line.append(String.format(Locale.ROOT, "%3d%%", 100 * done / total));
            if (phase.startsWith("reading")) {
                line.append(' ').append(Sizes.human(done)).append(" / ").append(Sizes.human(total));
            }
            double elapsed = (now - phaseStart) / 1e9;
            if (done > 0 && elapsed > 1) {
                line.append(String.format(Locale.ROOT, "  ETA %.0f s", elapsed * (total - done) / done));
            }
        }
        err.print(line.append("\u001b[K"));
        err.flush();
    }
}
