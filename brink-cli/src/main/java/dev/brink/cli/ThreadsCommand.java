package dev.brink.cli;

import dev.brink.core.BrinkUserException;
import dev.brink.core.Durations;
import dev.brink.core.ExitCode;
import dev.brink.core.Json;
import dev.brink.core.evidence.ThreadDumpDoc;
import dev.brink.threads.JcmdDumper;
import dev.brink.threads.ThreadAnalysis;
import dev.brink.threads.ThreadDump;
import dev.brink.threads.ThreadDumpAnalyzer;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine;

/** {@code brink threads}: thread-dump analysis of files or of a live JVM. */
@Command(name = "threads",
        mixinStandardHelpOptions = true,
        description = {"Finds deadlocks, lock contention and busy threads in thread dumps.",
            "Reads jstack / jcmd Thread.print text (JDK 8-25; several dumps per file;",
            "kill -3 output inside a log, also with a prefix on every line), JDK 21+",
            "jcmd Thread.dump_to_file text and -format=json, and Brink's observer JSON",
            "(" + ThreadDumpDoc.FORMAT + "). Not IBM/OpenJ9 javacore. Several files are one",
            "time series of the same JVM: busy threads come from the CPU time each",
            "thread used between dumps. Findings come first, then the detail."})
final class ThreadsCommand implements Callable<Integer> {
    @Parameters(paramLabel = "FILE", arity = "0..*", description = "thread-dump files")
    List<Path> files = new ArrayList<>();

    @Option(names = "--json", description = "print the findings as JSON (summary.json schema)")
    boolean json;

    @Option(names = "--top", paramLabel = "FILE", description = "output of `top -H -b -n1 -p PID` taken with the dumps: ranks busy threads by %%CPU (matched by nid)")
    Path top;

    @Option(names = "--pid", paramLabel = "PID", description = "take the dumps from this live JVM with jcmd PID Thread.print -l")
    Long pid;

    @Option(names = "--count", paramLabel = "N", defaultValue = "3", description = "with --pid: how many dumps (default ${DEFAULT-VALUE})")
    int count;

    @Option(names = "--interval", paramLabel = "DURATION", defaultValue = "1s", description = "with --pid: time between dumps (default ${DEFAULT-VALUE})")
    String interval;

    @Option(names = "--out", paramLabel = "DIR", description = "with --pid: where to keep the dumps (default: a new temporary directory)")
    Path out;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws BrinkUserException {
        PrintWriter o = spec.commandLine().getOut();
        List<Path> inputs = files;
        if (pid != null) {
            if (!files.isEmpty()) throw new BrinkUserException("give dump files or --pid, not both");
            Path dir = out;
            try {
                dir = dir != null ? dir : Files.createTempDirectory("brink-threads-" + pid + "-");
            } catch (IOException e) {
                throw new BrinkUserException("cannot create a directory for the dumps: " + e.getMessage());
            }
            inputs = JcmdDumper.capture(pid, count, Durations.parse(interval), dir);
            if (!json) o.println("took " + inputs.size() + " dumps of pid " + pid + " into " + dir);
        } else if (files.isEmpty()) {
            throw new BrinkUserException("threads: give one or more dump files, or --pid PID");
        }
        ThreadAnalysis a = ThreadDumpAnalyzer.analyze(inputs, top);
        if (json) {
            printJson(o, a);
        } else {
            ThreadsText.print(o, a);
        }
        o.flush();
        return ExitCode.OK;
    }

    private static void printJson(PrintWriter o, ThreadAnalysis a) throws BrinkUserException {
        Map<String, Object> doc = new LinkedHashMap<>();
        List<Map<String, Object>> dumps = new ArrayList<>();
        for (ThreadDump d : a.dumps()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("source", d.source());
            m.put("line", d.line());
            if (d.time() != null) m.put("time", d.time().toString());
            m.put("jvm", d.jvm());
            m.put("format", d.format().name().toLowerCase(java.util.Locale.ROOT).replace('_', '-'));
            m.put("threads", d.threads().size());
            if (d.truncated() != null) m.put("truncated", d.truncated());
            dumps.add(m);
        }
        doc.put("dumps", dumps);
        doc.put("notes", a.notes());
        doc.put("findings", a.findings());
        try {
            o.println(Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(doc));
        } catch (IOException e) {
            throw new IllegalStateException("findings must serialise", e);
        }
    }
}
