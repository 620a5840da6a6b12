package dev.brink.method;

import dev.brink.load.engine.LoadStep;
import dev.brink.load.engine.StepDriver;
import dev.brink.load.plan.Plan;
import java.time.Duration;

/**
 * Runs the load again at the rate that degraded while a helper thread takes the evidence: thread dumps of an idle
 * service show nothing, the contention exists only under the load that caused it. Used wherever a phase degrades
 * (a capacity step, the confirmation's hold, the soak).
 */
final class EvidenceUnderLoad {
    /** How long the load runs again at the degraded rate while the evidence is taken (dumps need ~3 s). */
    static final Duration EVIDENCE_LOAD = Duration.ofSeconds(6);

    private EvidenceUnderLoad() {
    }

    /**
     * @param plan       the plan whose load degraded: its rates × multiplier again, or, in a closed model, its users ×
     *                   multiplier (an open step of a closed plan would send nothing: its operations have no rates)
     * @param stepName   the load step's name in load.jsonl ("capacity-x7-evidence")
     * @param multiplier the profile multiplier that degraded
     * @param capture    takes the evidence; runs on a helper thread one second into the load
     */
    static void run(StepDriver engine, Plan plan, String stepName, double multiplier, Runnable capture) throws InterruptedException {
        Thread t = new Thread(() -> {
            try {
                Thread.sleep(1000); // let the load reach the rate again
                capture.run();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "brink-evidence");
        t.setDaemon(true);
        t.start();
        try {
            engine.run(LoadStep.of(plan, stepName, multiplier, EVIDENCE_LOAD));
            t.join(60_000);
        } finally {
            t.interrupt();
        }
    }
}
