package dev.brink.jfr.programs;

/**
 * A child JVM for the lock tests: runs the named phases one after the other, each for the given time, and prints
 * {@code PHASE name startEpochMs endEpochMs} after each on standard error, since standard output is what the console
 * phase writes to (the test discards it). Phases: {@code ledger} (eight tellers posting to one {@link BranchLedger}),
 * {@code console} (eight clerks printing receipts, {@link ConsoleReceipts}), {@code quiet} (an idle back office that
 * parks in every way a healthy service does, {@link QuietBackOffice}).
 *
 * <p>Usage: {@code LockScenarios PHASE_MS ledger,console,quiet}
 */
public final class LockScenarios {
    private LockScenarios() {
    }

    public static void main(String[] args) throws Exception {
        long phaseMs = Long.parseLong(args[0]);
        for (String phase : args[1].split(",")) {
            long start = System.currentTimeMillis();
            long deadline = start + phaseMs;
            switch (phase) {
                case "ledger" -> {
                    BranchLedger ledger = new BranchLedger();
                    ScenarioProgram.run("teller", 8, () -> {
                        for (int n = 0; System.currentTimeMillis() < deadline; n++) {
                            ledger.post(n * 97, 1250);
                        }
                    });
                }
                case "console" -> ScenarioProgram.run("clerk", 8, () -> ConsoleReceipts.work(deadline));
                case "quiet" -> QuietBackOffice.run(deadline);
                default -> throw new IllegalArgumentException("unknown phase " + phase);
            }
            System.out.flush();
            System.err.println("PHASE " + phase + " " + start + " " + System.currentTimeMillis());
        }
    }
}
