package dev.brink.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.brink.core.BrinkUserException;
import dev.brink.core.Json;
import dev.brink.core.RunDirectory;
import dev.brink.core.summary.RunSummary;
import dev.brink.core.OutputFiles;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;

/**
 * Rebuilds every output of a run from its directory alone: report.html, summary.md and junit.xml, and
 * summary.json when a killed run never wrote one (rebuilt from events.jsonl, marked interrupted; a summary.json
 * the method wrote is never replaced). Safe to run again at any time, during or after a run (each file is
 * replaced atomically). Cost: one streaming pass over each run file, keeping only the charted numbers (a few
 * MB for a 24-hour run of 1-second samples, about a second of CPU once the JIT has warmed up; bench/RESULTS.md).
 */
public final class RunReport {
    public static final String HTML = "report.html";
    public static final String MARKDOWN = "summary.md";
    public static final String JUNIT = "junit.xml";
    /**
     * The last good and the first bad capacity step's folded stacks side by side (difffolded format: stack, count in
     * the last good step, count in the first bad one), when the run recorded both; report.html draws them.
     */
    public static final String KNEE_DIFF = "knee.diff.folded";

    /**
     * The files written.
     *
     * @param missing          run-directory files the run never wrote (summary.json among them for a killed run)
     * @param recoveredSummary summary.json as rebuilt from events.jsonl and written now, null when the run had one
     */
    public record Outputs(Path html, Path markdown, Path junit, List<String> missing, Path recoveredSummary) {
    }

    private RunReport() {
    }

    /**
     * Writes the outputs into runDir.
     *
     * @throws BrinkUserException runDir is not a run directory, a run file is corrupt before its last line, or
     *                            an output cannot be written; the message names the file
     */
    public static Outputs write(Path runDir) throws BrinkUserException {
        RunData run = RunData.load(runDir);
        Path recovered = null;
        if (run.summaryRecovered()) {
            recovered = OutputFiles.createIfAbsent(runDir.resolve(RunDirectory.SUMMARY), json(run.summary()));
        }
        Knee knee = Knee.of(run);
        StackDiff diff = knee == null ? null : knee.diff();
        if (diff != null) {
            OutputFiles.write(runDir.resolve(KNEE_DIFF), diff.folded());
        }
        Path html = OutputFiles.write(runDir.resolve(HTML), HtmlReport.render(run, knee));
        Path md = OutputFiles.write(runDir.resolve(MARKDOWN), SummaryMarkdown.render(run));
        Path junit = OutputFiles.write(runDir.resolve(JUNIT), JUnitXml.render(run));
        return new Outputs(html, md, junit, run.missing(), recovered);
    }

    /**
     * The run's summary: summary.json as the method wrote it, or when absent rebuilt from events.jsonl
     * (phase-end results, else the capacity step verdicts; finding events) with {@code interrupted} true.
     * Writes nothing.
     */
    public static RunSummary recoverSummary(Path runDir) throws BrinkUserException {
        return RunData.load(runDir).summary();
    }

    private static String json(RunSummary s) {
        try {
            return Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(s) + "\n";
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}
