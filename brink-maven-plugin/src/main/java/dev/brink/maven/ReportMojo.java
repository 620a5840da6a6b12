package dev.brink.maven;

import dev.brink.core.BrinkUserException;
import dev.brink.core.RunDirectory;
import dev.brink.junit.RunDiagnosis;
import dev.brink.report.RunReport;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Optional;
import java.util.stream.Stream;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * {@code brink:report}: rebuilds report.html, summary.md and junit.xml of a run directory (the newest under
 * {@code target/brink/} unless one is named) and prints its verdicts, as {@code brink report RUN_DIR} does.
 */
@Mojo(name = "report", defaultPhase = LifecyclePhase.VERIFY, threadSafe = true)
public class ReportMojo extends AbstractMojo {
    /** The run directory; default: the newest one under outputDirectory. */
    @Parameter(property = "brink.runDirectory")
    File runDirectory;

    @Parameter(property = "brink.outputDirectory", defaultValue = "${project.build.directory}/brink")
    File outputDirectory;

    @Override
    public void execute() throws MojoExecutionException {
        Path dir = runDirectory != null ? runDirectory.toPath() : newestRun(outputDirectory.toPath())
                .orElseThrow(() -> new MojoExecutionException("brink: no run directory under " + outputDirectory
                        + " (run brink:run first, or name one with -Dbrink.runDirectory)"));
        try {
            RunReport.Outputs out = RunReport.write(dir);
            RunDiagnosis.lines(RunReport.recoverSummary(dir)).forEach(l -> getLog().info("brink: " + l));
            getLog().info("brink: report " + out.html());
        } catch (BrinkUserException e) {
            throw new MojoExecutionException("brink: " + e.getMessage());
        }
    }

    /** The most recently written run directory (one holding events.jsonl) under {@code parent}. */
    static Optional<Path> newestRun(Path parent) throws MojoExecutionException {
        if (!Files.isDirectory(parent)) {
            return Optional.empty();
        }
        try (Stream<Path> files = Files.walk(parent, 3)) {
            return files.filter(p -> p.getFileName().toString().equals(RunDirectory.EVENTS))
                    .max(Comparator.comparing(ReportMojo::modified)).map(Path::getParent);
        } catch (IOException | RuntimeException e) {
            throw new MojoExecutionException("brink: cannot list " + parent + ": " + e.getMessage());
        }
    }

    private static long modified(Path p) {
        try {
            return Files.getLastModifiedTime(p).toMillis();
        } catch (IOException e) {
            return 0;
        }
    }
}
