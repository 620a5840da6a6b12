package dev.brink.jfr.programs;

import java.util.ArrayList;
import java.util.List;

/**
 * A child JVM for the JFR tests: runs the named scenarios one after the other, each for the given time, and
 * prints {@code PHASE name startEpochMs endEpochMs} after each so a test can cut the recording by time
 * window. Every loop is bounded by its phase's deadline.
 *
 * <p>Usage: {@code ScenarioProgram PHASE_MS regex,dateformat,journal,scripts,quotes-cpu,quotes-lock,backoffice,backoffice-fixed}
 */
public final class ScenarioProgram {
    private ScenarioProgram() {
    }

    /** The clearing gate's hold in the lock-bound quotes phase: 250 passes a second at most, for six workers. */
    static final long QUOTE_GATE_HOLD_MS = 4;

    /** Execution samples of its own threads each phase waits for: four times what a hot-method finding needs. */
    static final int PHASE_SAMPLES = 40;
    /** A phase stops at this multiple of its time even if its threads have fewer samples. */
    static final int MAX_STRETCH = 4;

    /**
     * Runs each phase for its time, then again in thirds of it until its threads have {@link #PHASE_SAMPLES} execution
     * samples ({@link SampleCount}): what a phase records must not depend on how busy the machine's cores are.
     */
    public static void main(String[] args) throws Exception {
        long phaseMs = Long.parseLong(args[0]);
        try (SampleCount samples = new SampleCount()) {
            for (String phase : args[1].split(",")) {
                long start = System.currentTimeMillis();
                long cap = start + phaseMs * MAX_STRETCH;
                String threads = threadsOf(phase);
                samples.watch(threads == null ? "" : threads, phase.equals("quotes-lock") ? QuoteDesk.SCRUBBER : null);
                long deadline = start + phaseMs;
                do {
                    run(phase, deadline);
                    deadline = System.currentTimeMillis() + phaseMs / 3;
                } while (threads != null && samples.count() < PHASE_SAMPLES && System.currentTimeMillis() < cap);
                System.out.println("PHASE " + phase + " " + start + " " + System.currentTimeMillis());
            }
        }
    }

    /**
     * The thread names whose samples a phase needs (the quotes phases: the workers; the back office: the renderer), or
     * null for the journal, whose writers wait on its lock and sleep in its flush: its waits are what it records.
     */
    private static String threadsOf(String phase) {
        return switch (phase) {
            case "regex" -> "redactor-";
            case "dateformat" -> "stamper-";
            case "journal" -> null;
            case "scripts" -> "script-runner-";
            case "quotes-cpu", "quotes-lock" -> "quote-worker-";
            case "backoffice", "backoffice-fixed" -> "invoice-renderer-";
            default -> throw new IllegalArgumentException("unknown phase " + phase);
        };
    }

    private static void run(String phase, long deadline) throws Exception {
        switch (phase) {
            case "regex" -> run("redactor", 2, () -> TicketRedactor.work(deadline));
            case "dateformat" -> run("stamper", 2, () -> ReceiptStamper.work(deadline));
            case "journal" -> run("ledger-writer", 5, new AuditJournal()::work, deadline);
            case "scripts" -> run("script-runner", 4, new ScriptRunner(new ScriptLoader())::work, deadline);
            case "quotes-cpu" -> QuoteDesk.run(deadline, 0);
            case "quotes-lock" -> QuoteDesk.run(deadline, QUOTE_GATE_HOLD_MS);
            case "backoffice" -> backOffice(deadline, false);
            case "backoffice-fixed" -> backOffice(deadline, true);
            default -> throw new IllegalArgumentException("unknown phase " + phase);
        }
    }

    /**
     * Three back-office jobs at once, each with one defect: an exporter calling System.gc() after every archive, a
     * tariff parser throwing a NumberFormatException per bad cell, an invoice renderer allocating a String per line.
     * The fixed phase runs the same jobs without the defects: its window must give none of their findings.
     */
    private static void backOffice(long deadline, boolean fixed) throws InterruptedException {
        List<Thread> jobs = List.of(
                new Thread(() -> {
                    try {
                        ArchiveExporter.work(deadline, !fixed);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }, "exporter-1"),
                new Thread(() -> TariffParser.work(deadline, fixed), "tariff-parser-1"),
                new Thread(() -> InvoiceLineRenderer.work(deadline, fixed), "invoice-renderer-1"));
        jobs.forEach(Thread::start);
        for (Thread t : jobs) {
            t.join();
        }
    }

    interface Work {
        void until(long deadline) throws Exception;
    }

    private static void run(String name, int threads, Work work, long deadline) throws InterruptedException {
        run(name, threads, () -> work.until(deadline));
    }

    /** Runs {@code body} on {@code threads} threads named {@code name-1}…, and waits for them all. */
    static void run(String name, int threads, Callable body) throws InterruptedException {
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
