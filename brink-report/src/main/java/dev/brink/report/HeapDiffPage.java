package dev.brink.report;

import dev.brink.core.Finding;
import dev.brink.core.summary.HeapGrowth;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code brink heap diff --html}: one self-contained page (no script, no network) with the comparison of two heap
 * dumps and each holder that grew as its memory-leak finding, with the report.html look.
 */
public final class HeapDiffPage {
    private HeapDiffPage() {
    }

    public static String render(HeapGrowth growth, List<Finding> findings) {
        String title = "Brink heap diff";
        StringBuilder h = new StringBuilder(32 * 1024);
        h.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>").append(Html.text(title))
                .append("</title>\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<style>\n")
                .append(ReportResources.text("report.css")).append("</style>\n</head><body>\n<h1>").append(Html.text(title)).append("</h1>\n");
        HeapGrowthHtml.section(h, growth);
        if (!findings.isEmpty()) {
            h.append("<h2>Findings</h2>\n");
            for (Finding f : findings) {
                // the dumps are named as given: shown, linked when relative to where the page is opened
                FindingHtml.render(h, f, Path.of("."));
            }
        }
        h.append("</body></html>\n");
        return h.toString();
    }
}
