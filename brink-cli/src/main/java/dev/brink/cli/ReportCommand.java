package dev.brink.cli;

import dev.brink.core.ExitCode;
import dev.brink.report.RunReport;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code brink report RUN_DIR}: rebuilds report.html, summary.md and junit.xml from a run directory alone. */
@Command(name = "report", mixinStandardHelpOptions = true,
        description = "Rebuild report.html, summary.md and junit.xml from a run directory (works on a killed run too).")
final class ReportCommand implements Callable<Integer> {
    @Parameters(paramLabel = "RUN_DIR", description = "A run directory written by brink (load.jsonl, jvm.jsonl, summary.json …).")
    Path runDir;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        RunReport.Outputs out = RunReport.write(runDir);
        PrintWriter w = spec.commandLine().getOut();
        w.println("report: " + out.html());
        w.println("markdown: " + out.markdown());
        w.println("junit: " + out.junit());
        if (!out.missing().isEmpty()) {
            w.println("missing from the run directory: " + String.join(", ", out.missing()));
        }
        if (out.recoveredSummary() != null) {
            w.println("summary.json rebuilt from events.jsonl (the run did not finish)");
            MethodConsole.printConclusion(RunReport.recoverSummary(runDir), w);
        }
        return ExitCode.OK;
    }
}
