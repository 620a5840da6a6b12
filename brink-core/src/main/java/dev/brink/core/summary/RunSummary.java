package dev.brink.core.summary;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.brink.core.Finding;
import dev.brink.core.Shard;
import java.util.List;

/**
 * summary.json: the machine-readable verdict of a run (DESIGN.md schema). Written by the method, read
 * by the report and by CI. A phase that did not run is null (absent in the JSON).
 *
 * @param brink       the Brink version that wrote it
 * @param plan        the plan's name
 * @param started     ISO-8601 start of the run
 * @param durationS   wall-clock seconds the run took
 * @param interrupted   true when Ctrl-C, SIGTERM, a SIGKILL or a dead target cut the run short
 * @param interruptedIn the last load step started before the run was cut short ("capacity-x3"), when known
 * @param shard         which part of a sharded load this run was ({@code --shard I/N}); null when not sharded
 *                      and in a merged run (its events.jsonl's {@code shards-merged} names the shards)
 * @param stages        the plan's load shape ({@code phases.stages}) and its verdict; null when it did not run
 */
public record RunSummary(String brink, String plan, String started, @JsonProperty("duration_s") double durationS,
                         boolean interrupted, CapacityResult capacity, ConfirmResult confirm, SoakResult soak,
                         List<Finding> findings, @JsonProperty("interrupted_in") String interruptedIn,
                         @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
                         Shard shard,
                         @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
                         StagesResult stages) {
    @JsonCreator
    public RunSummary {
        findings = findings == null ? List.of() : List.copyOf(findings);
    }

    /** A run without a load shape ({@code phases.stages}). */
    public RunSummary(String brink, String plan, String started, double durationS, boolean interrupted, CapacityResult capacity,
                      ConfirmResult confirm, SoakResult soak, List<Finding> findings, String interruptedIn, Shard shard) {
        this(brink, plan, started, durationS, interrupted, capacity, confirm, soak, findings, interruptedIn, shard, null);
    }

    /** This summary with the plan's load shape's result. */
    public RunSummary withStages(StagesResult s) {
        return new RunSummary(brink, plan, started, durationS, interrupted, capacity, confirm, soak, findings, interruptedIn, shard, s);
    }

    /** A run that is not a shard. */
    public RunSummary(String brink, String plan, String started, double durationS, boolean interrupted, CapacityResult capacity,
                      ConfirmResult confirm, SoakResult soak, List<Finding> findings, String interruptedIn) {
        this(brink, plan, started, durationS, interrupted, capacity, confirm, soak, findings, interruptedIn, null);
    }

    /**
     * summary.json read back; a file that is not one is one line naming it (a user error). Null when {@code file} does
     * not exist: a run whose process died never wrote it.
     */
    public static RunSummary read(java.nio.file.Path file) throws dev.brink.core.BrinkUserException {
        if (!java.nio.file.Files.exists(file)) {
            return null;
        }
        byte[] bytes = dev.brink.core.InputFiles.readBytes(file, dev.brink.core.InputKind.RUN_SUMMARY);
        try {
            RunSummary s = dev.brink.core.Json.MAPPER.readValue(bytes, RunSummary.class);
            if (s == null) {
                throw new dev.brink.core.BrinkUserException(file + ": expected the summary.json Brink writes (null)");
            }
            return s;
        } catch (java.io.IOException e) {
            throw new dev.brink.core.BrinkUserException(file + ": expected the summary.json Brink writes ("
                    + dev.brink.core.UserText.oneLine(String.valueOf(e.getMessage())) + ")");
        }
    }

    /** This summary for shard {@code s}. */
    public RunSummary withShard(Shard s) {
        return new RunSummary(brink, plan, started, durationS, interrupted, capacity, confirm, soak, findings, interruptedIn, s, stages);
    }

    /** A summary that names no running step. */
    public RunSummary(String brink, String plan, String started, double durationS, boolean interrupted, CapacityResult capacity,
                      ConfirmResult confirm, SoakResult soak, List<Finding> findings) {
        this(brink, plan, started, durationS, interrupted, capacity, confirm, soak, findings, null);
    }
}
