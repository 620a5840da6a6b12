package dev.brink.cli;

import dev.brink.core.AppPackages;
import dev.brink.core.BrinkUserException;
import dev.brink.core.Durations;
import dev.brink.core.ExitCode;
import dev.brink.core.Json;
import dev.brink.core.UserText;
import dev.brink.jfr.JfrAnalyzer;
import dev.brink.jfr.JfrFilter;
import dev.brink.jfr.JfrReport;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code brink jfr}: reads a JFR recording and says which code burns the CPU, allocates, waits and why. */
@Command(name = "jfr", mixinStandardHelpOptions = true,
        description = {"Analyse a JFR recording: hot methods (top and application frame, self and total share, library "
                + "family), allocation by class, site and application frame, monitor contention with the owner, park/sleep "
                + "sites, class loading and class-loader lock waits, exceptions (rate, type, where thrown), GC pauses, heap "
                + "after GC and collections by cause (System.gc() callers, metaspace), CPU load, socket I/O by address. "
                + "The application's packages come from the recorded main class (or its jar's manifest) unless "
                + "--app-package names them. Findings first. Exit 2 when the file is not a whole JFR recording."})
final class JfrCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "FILE.jfr", description = "A recording (brink run --jfr, brink capture jfr, jcmd JFR.dump).")
    Path file;

    @Option(names = "--json", description = "Print the report as JSON.")
    boolean json;

    @Option(names = "--from", paramLabel = "T", description = "Window start: an offset from the recording's start (30s, 2m) or an instant (2026-11-23T22:25:06Z).")
    String from;

    @Option(names = "--to", paramLabel = "T", description = "Window end, as --from.")
    String to;

    @Option(names = "--thread", paramLabel = "NAME", description = "Only threads whose name contains NAME.")
    String thread;

    @Option(names = "--app-package", paramLabel = "PACKAGE", split = ",",
            description = "The application's package(s), e.g. com.acme.shop (repeat or comma-separate): only their frames"
                    + " are the application's. Default: the recorded main class's package, and code outside the JDK and"
                    + " common libraries.")
    java.util.List<String> appPackages;

    @Override
    public Integer call() throws Exception {
        Instant fromAt = instant(from, "--from");
        Instant toAt = instant(to, "--to");
        JfrFilter filter = new JfrFilter(fromAt, fromAt == null ? offset(from, "--from") : null,
                toAt, toAt == null ? offset(to, "--to") : null, thread);
        // both ends of one sort can be compared before the file is read; an instant against an offset is checked by
        // the empty-window test below, once the recording's start is known
        boolean backwards = fromAt != null && toAt != null ? !fromAt.isBefore(toAt)
                : filter.fromOffset() != null && filter.toOffset() != null && filter.fromOffset().compareTo(filter.toOffset()) >= 0;
        if (backwards) {
            throw new BrinkUserException("--from " + from + " is not before --to " + to + ": expected a window that starts before it ends");
        }
        JfrReport report = JfrAnalyzer.analyze(file, filter,
                appPackages == null ? AppPackages.UNKNOWN : AppPackages.declared(appPackages));
        if (report.events() == 0 && (from != null || to != null || thread != null)) {
            // a report of nothing ("0 events in 0.0 s from null") would read as a recording with nothing in it
            throw new BrinkUserException(file + ": no event falls in the window" + (from != null ? " --from " + from : "")
                    + (to != null ? " --to " + to : "") + (thread != null ? " of threads named like '" + UserText.quote(thread) + "'" : "")
                    + ": expected a window inside the recording");
        }
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            out.println(Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(report));
        } else {
            JfrText.print(report, out);
        }
        out.flush();
        return ExitCode.OK;
    }

    private static Instant instant(String t, String option) {
        if (t == null || !t.contains("T")) {
            return null;
        }
        try {
            return Instant.parse(t);
        } catch (DateTimeParseException e) {
            return null; // not an instant: read as an offset, which names what is expected if it is not one either
        }
    }

    private static Duration offset(String t, String option) throws BrinkUserException {
        if (t == null) {
            return null;
        }
        try {
            return Durations.parse(t);
        } catch (BrinkUserException e) {
            throw new BrinkUserException(option + " '" + t + "': expected an offset from the recording's start (30s, 2m)"
                    + " or an instant (2026-11-23T22:25:06Z)");
        }
    }
}
