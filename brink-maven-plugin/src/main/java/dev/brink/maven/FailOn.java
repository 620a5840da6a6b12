package dev.brink.maven;

import java.util.ArrayList;
import java.util.List;

/**
 * {@code <failOn>} in the plugin's configuration: the plan's {@code fail_on} keys, in Maven's spelling, plus finding
 * kinds that fail the build whatever their severity. When present it replaces the plan's own gate.
 *
 * <pre>{@code
 * <failOn>
 *   <capacityBelow>20</capacityBelow>
 *   <confirm>degraded</confirm>
 *   <soak>leak</soak>
 *   <findings>critical</findings>
 *   <thresholds>p99>200ms,errors>1%</thresholds>
 *   <findingKinds><findingKind>memory-leak</findingKind></findingKinds>
 * </failOn>
 * }</pre>
 */
public class FailOn {
    /** Fail when the capacity search's maximum multiplier is below this. */
    Double capacityBelow;
    /** "degraded": fail when the confirmation degraded. */
    String confirm;
    /** "leak": fail when the soak found a leak or the target died. */
    String soak;
    /** "critical", "warning" or "info": fail on any finding this severe or worse. */
    String findings;
    /** Threshold expressions judged on the confirmation hold, the stages and the soak ({@code p99>200ms,errors>1%}). */
    String thresholds;
    /** Finding kinds by their summary.json name ("memory-leak", "lock-contention", …). */
    List<String> findingKinds = new ArrayList<>();
}
