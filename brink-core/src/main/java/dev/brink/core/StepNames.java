package dev.brink.core;

/**
 * The method's load-step names, as load.jsonl's {@code step} and events.jsonl's step events carry them: what readers
 * of a run directory (brink compare, the report's knee) find steps by. The method writes them (CapacityPhase,
 * ConfirmPhase, SoakPhase, EvidenceUnderLoad).
 */
public final class StepNames {
    /** A capacity step: this and its multiplier ("capacity-x8"). */
    public static final String CAPACITY_PREFIX = "capacity-x";
    /** The load generator's warm-up before the first step, never judged. */
    public static final String GENERATOR_WARMUP = "generator-warmup";
    /** A step's own warm-up ("capacity-x8-warmup"), never judged. */
    public static final String WARMUP_SUFFIX = "-warmup";
    /** The load under which evidence is taken at a degraded step ("capacity-x8-evidence"). */
    public static final String EVIDENCE_SUFFIX = "-evidence";
    public static final String CONFIRM_RAMP = "confirm-ramp";
    public static final String CONFIRM_HOLD = "confirm-hold";
    public static final String SOAK = "soak";

    private StepNames() {
    }

    /** The capacity step at {@code multiplier} × profile. */
    public static String capacity(int multiplier) {
        return CAPACITY_PREFIX + multiplier;
    }

    /** Whether {@code step} is a measurement rather than a warm-up, a ramp or the load of an evidence capture. */
    public static boolean measured(String step) {
        return !step.isEmpty() && !step.endsWith(WARMUP_SUFFIX) && !step.endsWith(EVIDENCE_SUFFIX) && !step.equals(CONFIRM_RAMP);
    }
}
