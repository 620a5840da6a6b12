package dev.brink.report;

import java.util.List;

/**
 * One chart of report.html: series read from run-directory JSONL files, on the run's shared time axis
 * (each line's epoch_ms).
 *
 * @param unit the y axis label
 */
record ChartSpec(String id, String title, String unit, List<Series> series) {
    /**
     * @param file    the run-directory file (load.jsonl, jvm.jsonl …)
     * @param pointer JSON pointer to the value in each line ("/corrected/p99_ms")
     * @param counter true when a line without the value means zero (an error kind absent in a second), not unknown
     */
    record Series(String label, String file, String pointer, String color, boolean counter) {
    }
}
