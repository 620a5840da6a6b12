package dev.brink.junit;

import dev.brink.core.summary.RunSummary;

/**
 * Entry point of the assertions on a run: {@code BrinkAssertions.assertThat(run).capacityAtLeast(20)
 * .hasNoFinding(FindingKind.MEMORY_LEAK)}.
 */
public final class BrinkAssertions {
    private BrinkAssertions() {
    }

    public static RunSummaryAssert assertThat(RunSummary run) {
        return new RunSummaryAssert(run);
    }
}
