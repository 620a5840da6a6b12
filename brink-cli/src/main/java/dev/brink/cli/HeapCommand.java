package dev.brink.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.brink.core.BrinkUserException;
import dev.brink.core.ExitCode;
import dev.brink.core.Json;
import dev.brink.core.OutputFiles;
import dev.brink.heap.HeapAnalyzer;
import dev.brink.heap.HeapDiff;
import dev.brink.heap.HeapOptions;
import dev.brink.report.HeapDiffPage;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.function.BiConsumer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code brink heap FILE} and {@code brink heap diff A B}: heap-dump analysis of .hprof / .hprof.gz files. */
@Command(name = "heap", mixinStandardHelpOptions = true,
        description = {"Analyse a heap dump (.hprof or .hprof.gz): class histogram, top dominators,",
            "leak suspects (by field, thread-local, thread stack, or by class when spread over",
            "many holders) with the accumulation point and the shortest path from a GC root,",
            "class-loader leak suspects, duplicate strings. One dump shows what is big, not",
            "what grows: `brink heap diff EARLIER LATER` tells a leak from a cache.",
            "A bar on stderr shows progress when it is a terminal.",
            "Memory: about 60 bytes per object at peak; an -Xmx of the dump's size is a fair",
            "start (BRINK_JAVA_OPTS=-Xmx1g for a 1 GB dump)."},
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
        return print(spec, json, HeapAnalyzer.analyze(file, options(top, spec)), HeapText::report);
    }

    /** Prints {@code result} to the command's out, as pretty JSON or with {@code text}; the exit code, 0. */
    static <T> int print(CommandSpec spec, boolean json, T result, BiConsumer<T, PrintWriter> text) throws JsonProcessingException {
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            out.println(Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(result));
        } else {
            text.accept(result, out);
        }
        out.flush();
        return ExitCode.OK;
    }

    static HeapOptions options(int top, CommandSpec spec) throws BrinkUserException {
        if (top < 1) {
            throw new BrinkUserException("bad --top " + top + ": expected a number >= 1");
        }
        HeapOptions o = HeapOptions.defaults().withTop(top);
        // a bar only when stderr is a terminal; redirected or captured output stays clean
        return stderrIsTerminal() ? o.withProgress(new ProgressBar(System.err)) : o;
    }

    /** Java 17 cannot ask about stderr alone; on Linux /proc says where fd 2 points, elsewhere System.console(). */
    static boolean stderrIsTerminal() {
        try {
            String target = java.nio.file.Files.readSymbolicLink(Path.of("/proc/self/fd/2")).toString();
            return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty");
        } catch (java.io.IOException | UnsupportedOperationException | SecurityException e) {
            return System.console() != null;
        }
    }

    @Command(name = "diff", mixinStandardHelpOptions = true,
            description = {"Compare two dumps of one application (or of its relaunch) holder by holder: a",
                "static field, a field of a bean or a class, a ThreadLocal in a pool's threads, a",
                "thread's local variable, the field that keeps class loaders. A holder that grew",
                "beyond normal churn is a memory-leak finding, with its growth per hour (HPROF",
                "time stamps), accumulation point and path from a GC root; the biggest flat",
                "holders are listed as stable. The dumps are analysed one after the other, in",
                "the memory one `brink heap` needs. Exit 0 with or without growth; 2 when the",
                "dumps are unreadable or of different applications."})
    static final class Diff implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Parameters(index = "0", paramLabel = "EARLIER", description = "The earlier dump.")
        Path a;

        @Parameters(index = "1", paramLabel = "LATER", description = "The later dump.")
        Path b;

        @Option(names = "--json", description = "Print the comparison as JSON (findings in the summary.json schema).")
        boolean json;

        @Option(names = "--html", paramLabel = "FILE", description = "Also write the comparison as a self-contained HTML page.")
        Path html;

        @Option(names = "--top", paramLabel = "N", defaultValue = "20", description = "Stable holders and classes to list (default: ${DEFAULT-VALUE}).")
        int top;

        @Override
        public Integer call() throws Exception {
            HeapDiff diff = HeapAnalyzer.diff(a, b, options(top, spec));
            if (html != null) {
                OutputFiles.write(html, HeapDiffPage.render(diff.growth(), diff.findings()));
            }
            return print(spec, json, diff, HeapText::diff);
        }
    }
}
