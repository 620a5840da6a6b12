package dev.brink.jfr.programs;

import java.util.ArrayList;
import java.util.List;

/**
 * A child JVM for the JFR tests: runs the named scenarios one after the other, each for the given time, and
 * prints {@code PHASE name startEpochMs endEpochMs} after each so a test can cut the recording by time
 * window. Every loop is bounded by its phase's deadline.
 *
 * <p>Usage: {@code ScenarioProgram PHASE_MS regex,dateformat,journal,scripts,quotes-cpu,quotes-lock}
 */
public final class ScenarioProgram {
    private ScenarioProgram() {
    }

    /** The clearing gate's hold in the lock-bound quotes phase: 250 passes a second at most, for six workers. */
    static final long QUOTE_GATE_HOLD_MS = 4;

    public static void main(String[] args) throws Exception {
        long phaseMs = Long.parseLong(args[0]);
        for (String phase : args[1].split(",")) {
            long start = System.currentTimeMillis();
            long deadline = start + phaseMs;
            switch (phase) {
                case "regex" -> run("redactor", 2, () -> TicketRedactor.work(deadline));
                case "dateformat" -> run("stamper", 2, () -> ReceiptStamper.work(deadline));
                case "journal" -> run("ledger-writer", 5, new AuditJournal()::work, deadline);
                case "scripts" -> run("script-runner", 4, new ScriptRunner(new ScriptLoader())::work, deadline);
                case "quotes-cpu" -> QuoteDesk.run(deadline, 0);
                case "quotes-lock" -> QuoteDesk.run(deadline, QUOTE_GATE_HOLD_MS);
                default -> throw new IllegalArgumentException("unknown phase " + phase);
            }
            System.out.println("PHASE " + phase + " " + start + " " + System.currentTimeMillis());
        }
    }

    interface Work {
        void until(long deadline) throws Exception;
    }

    private static void run(String name, int threads, Work work, long deadline) throws InterruptedException {
        run(name, threads, () -> work.until(deadline));
    }

    private static void run(String name, int threads, Callable body) throws InterruptedException {
        List<Thread> all = new ArrayList<>();
        for (int i = 1; i <= threads; i++) {
            Thread t = new Thread(() -> {
                try {
                    body.call();
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            }, name + "-" + i);
            t.start();
            all.add(t);
        }
        for (Thread t : all) {
            t.join();
        }
    }

    interface Callable {
        void call() throws Exception;
    }
}
