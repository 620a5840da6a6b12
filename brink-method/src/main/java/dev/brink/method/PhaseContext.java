package dev.brink.method;

import dev.brink.core.EventLog;
import dev.brink.load.engine.StepDriver;
import dev.brink.load.plan.Plan;
import java.io.PrintWriter;
import java.util.function.BooleanSupplier;

/**
 * What a method phase after the capacity search runs on (the confirmation hold, the plan's stages), wired once by
 * {@link MethodRunner}.
 *
 * @param judge    the degradation rules with the run's listeners; null for a plan without an slo (nothing to judge)
 * @param cutShort true once the run must stop (interrupted, target died): a step then has no verdict
 */
record PhaseContext(StepDriver engine, Plan plan, StepJudge judge, EventLog events, PrintWriter console, BooleanSupplier cutShort) {
}
