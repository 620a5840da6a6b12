package dev.brink.cli;

import dev.brink.core.BrinkUserException;
import dev.brink.core.Json;
import dev.brink.heap.HeapAnalyzer;
import dev.brink.heap.HeapDiff;
import dev.brink.heap.HeapOptions;
import dev.brink.heap.HeapReport;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code brink heap FILE} and {@code brink heap diff A B}: heap-dump analysis of .hprof / .hprof.gz files. */
@Command(name = "heap", mixinStandardHelpOptions = true,
        description = {"Analyse a heap dump (.hprof or .hprof.gz): class histogram, top dominators, leak suspects",
            "with the accumulation point and the shortest path from a GC root, duplicate strings.",
            "Big dumps need heap: give Brink about 40 bytes per object (BRINK_JAVA_OPTS=-Xmx…)."},
        subcommands = HeapCommand.Diff.class)
final class HeapCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", arity = "0..1", paramLabel = "FILE", description = "The heap dump: .hprof or .hprof.gz.")
    Path file;

    @Option(names = "--json", description = "Print the report as JSON (findings in the summary.json schema).")
    boolean json;

    @Option(names = "--top", paramLabel = "N", defaultValue = "20", description = "Rows per table (default: ${DEFAULT-VALUE}).")
    int top;

    @Override
    public Integer call() throws Exception {
        if (file == null) {
            throw new BrinkUserException("heap: a heap dump FILE is required (brink heap FILE.hprof, or brink heap diff A B)");
        }
        PrintWriter out = spec.commandLine().getOut();
        HeapReport report = HeapAnalyzer.analyze(file, options(top, spec));
        if (json) {
            out.println(Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(report));
        } else {
            HeapText.report(report, out);
        }
        out.flush();
        return 0;
    }

    static HeapOptions options(int top, CommandSpec spec) throws BrinkUserException {
        if (top < 1) {
            throw new BrinkUserException("bad --top " + top + ": expected a number >= 1");
        }
        HeapOptions o = HeapOptions.defaults().withTop(top);
        // a bar only on a terminal; redirected or captured output stays clean
        return System.console() != null ? o.withProgress(new ProgressBar(System.err)) : o;
    }

    @Command(name = "diff", mixinStandardHelpOptions = true,
            description = "Compare two dumps of the same application: per-class change of instances and bytes, A → B.")
    static final class Diff implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Parameters(index = "0", paramLabel = "A", description = "The earlier dump.")
        Path a;

        @Parameters(index = "1", paramLabel = "B", description = "The later dump.")
        Path b;

        @Option(names = "--json", description = "Print the diff as JSON.")
        boolean json;

        @Option(names = "--top", paramLabel = "N", defaultValue = "20", description = "Classes to list (default: ${DEFAULT-VALUE}).")
        int top;

        @Override
        public Integer call() throws Exception {
            PrintWriter out = spec.commandLine().getOut();
            HeapDiff diff = HeapAnalyzer.diff(a, b, options(top, spec));
            if (json) {
                out.println(Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(diff));
            } else {
                HeapText.diff(diff, out);
            }
            out.flush();
            return 0;
        }
    }
}
