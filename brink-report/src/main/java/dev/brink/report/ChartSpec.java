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
     * @param pointer JSON pointer to the value in each line ("/total/p99_ms")
     * @param filter  JSON pointer + "=" + value a line must have to count ("/op=total"), or null for all lines
     * @param counter true when a line without the value means zero (an error kind absent in a second), not unknown
     */
    record Series(String label, String file, String pointer, String filter, String color, boolean counter) {
    }
}
