package dev.brink.report;

import dev.brink.core.BrinkUserException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Rebuilds every output of a run from its directory alone: report.html, summary.md and junit.xml.
 * Safe to run again at any time, during or after a run (each file is replaced atomically).
 */
public final class RunReport {
    public static final String HTML = "report.html";
    public static final String MARKDOWN = "summary.md";
    public static final String JUNIT = "junit.xml";

    /** The files written. */
    public record Outputs(Path html, Path markdown, Path junit, java.util.List<String> missing) {
    }

    private RunReport() {
    }

    public static Outputs write(Path runDir) throws BrinkUserException {
        RunData run = RunData.load(runDir);
        Path html = replace(runDir.resolve(HTML), HtmlReport.render(run));
        Path md = replace(runDir.resolve(MARKDOWN), SummaryMarkdown.render(run));
        Path junit = replace(runDir.resolve(JUNIT), JUnitXml.render(run));
        return new Outputs(html, md, junit, run.missing());
    }

    private static Path replace(Path target, String content) throws BrinkUserException {
        try {
            Path tmp = Files.createTempFile(target.getParent(), target.getFileName().toString(), ".tmp");
            Files.writeString(tmp, content, StandardCharsets.UTF_8);
            return Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new BrinkUserException("cannot write " + target + ": " + e.getMessage());
        }
    }
}
