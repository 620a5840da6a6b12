package dev.brink.bench;

import java.util.List;

/**
 * Everything {@code brink bench compare} concluded about two result files.
 *
 * @param baseFile    the BASE file as named by the user
 * @param newFile     the NEW file
 * @param comparisons one per benchmark and metric present on both sides
 * @param onlyInBase  benchmarks (label and mode) the NEW file does not have
 * @param onlyInNew   benchmarks the BASE file does not have
 * @param skipped     comparisons left out, with the reason (units that do not convert)
 */
public record CompareReport(String baseFile, String newFile, CompareOptions options, List<Comparison> comparisons,
                            List<String> onlyInBase, List<String> onlyInNew, List<String> skipped) {
    public CompareReport {
        comparisons = List.copyOf(comparisons);
        onlyInBase = List.copyOf(onlyInBase);
        onlyInNew = List.copyOf(onlyInNew);
        skipped = List.copyOf(skipped);
    }

    /**
     * The comparisons the CI gate fails on: worse by more than the threshold, significantly or (unless the options allow
     * it) inconclusively.
     */
    public List<Comparison> regressions(boolean includeAllocation) {
        return comparisons.stream().filter(Comparison::beyondThreshold)
                .filter(c -> c.primary() || includeAllocation).toList();
    }
}
