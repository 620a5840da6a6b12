package dev.brink.heap;

import java.util.Objects;

/**
 * One analysed dump: its report, its holders (what a later comparison needs, a few hundred bytes per holder),
 * and when it was compared with an earlier dump's holders, the comparison (else null).
 */
public record HeapSnapshot(HeapReport report, HolderSummary holders, HeapDiff diff) {
    public HeapSnapshot {
        Objects.requireNonNull(report, "report");
        Objects.requireNonNull(holders, "holders");
    }
}
