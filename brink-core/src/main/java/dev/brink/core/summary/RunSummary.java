package dev.brink.core.summary;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.brink.core.Finding;
import java.util.List;

/**
 * summary.json: the machine-readable verdict of a run (DESIGN.md schema). Written by the method, read
 * by the report and by CI. A phase that did not run is null (absent in the JSON).
 *
 * @param brink       the Brink version that wrote it
 * @param plan        the plan's name
 * @param started     ISO-8601 start of the run
 * @param durationS   wall-clock seconds the run took
 * @param interrupted true when Ctrl-C, SIGTERM or a dead target cut the run short
 */
public record RunSummary(String brink, String plan, String started, @JsonProperty("duration_s") double durationS,
                         boolean interrupted, CapacityResult capacity, ConfirmResult confirm, SoakResult soak,
                         List<Finding> findings) {
    public RunSummary {
        findings = findings == null ? List.of() : List.copyOf(findings);
    }
}
