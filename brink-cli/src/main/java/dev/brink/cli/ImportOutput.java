package dev.brink.cli;

import dev.brink.core.BrinkUserException;
import dev.brink.core.ExitCode;
import dev.brink.core.OutputFiles;
import dev.brink.load.plan.bind.ImportedPlan;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;

/** What every {@code brink import} does with the plan it made: check it, write it, say what was left out. */
final class ImportOutput {
    private ImportOutput() {
    }

    /**
     * Reads {@code plan} back with the plan reader (an import that writes a plan Brink rejects would only move the error),
     * then writes it to {@code out} (standard output when null) and the summary and listed lines to standard error.
     */
    static int emit(CommandSpec spec, String plan, Path source, Path out, Path baseDir, String summary, List<String> lines)
            throws BrinkUserException, IOException {
        ImportedPlan.readBack(plan, source.toString(), out == null ? "plan.yaml" : out.toString(), baseDir);
        if (out != null) {
            OutputFiles.write(out, plan);
        } else {
            spec.commandLine().getOut().print(plan);
            spec.commandLine().getOut().flush();
        }
        PrintWriter err = spec.commandLine().getErr();
        err.println(summary);
        list(spec, lines);
        return ExitCode.OK;
    }

    /** The listed lines (what was left out, correlations) on standard error. */
    static void list(CommandSpec spec, List<String> lines) {
        PrintWriter err = spec.commandLine().getErr();
        lines.forEach(err::println);
        err.flush();
    }
}
