package dev.brink.cli;

import dev.brink.compare.HistoryHtml;
import dev.brink.compare.HistorySeries;
import dev.brink.compare.RunHistory;
import dev.brink.core.Json;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code brink history DIR…}: each metric across runs, with its change points, in one HTML page. */
@Command(name = "history", mixinStandardHelpOptions = true,
        description = {"Each metric of a series of run directories (given in time order) across the runs, in one HTML page,",
            "with the change points found by E-divisive means (a permutation test at p < 0.01, at least 3 runs a side,",
            "beyond the metric's noise floor) and the runs on each side."})
final class HistoryCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "RUN_DIR", description = "Run directories, oldest first (at least 6).")
    List<Path> runs;

    @Option(names = "--html", paramLabel = "FILE", defaultValue = "history.html", description = "The page (default: ${DEFAULT-VALUE}).")
    Path html;

    @Option(names = "--json", description = "Print every metric and change point as JSON instead of the list.")
    boolean json;

    @Override
    public Integer call() throws Exception {
        RunHistory.History h = RunHistory.of(runs);
        BenchOutputOptions.write(html, HistoryHtml.write(h), "html");
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            try {
                out.println(Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(h));
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
            out.flush();
            return 0;
        }
        out.printf(Locale.ROOT, "%d runs, %d metrics, %d with a change point%n", h.runs().size(), h.series().size(), h.changed().size());
        for (HistorySeries s : h.changed()) {
            for (HistorySeries.Change c : s.changes()) {
                out.printf(Locale.ROOT, "change: %s %s from run %d (%s): %s → %s %s (%+.1f %%, p = %s)%n", s.name(),
                        c.worse() ? "worse" : "better", c.index() + 1, c.run(), dev.brink.core.stats.Figures.num(c.before()),
                        dev.brink.core.stats.Figures.num(c.after()), s.unit(), c.changePercent(), dev.brink.core.stats.Figures.num(c.p()));
            }
        }
        out.println("history: " + html);
        out.flush();
        return 0;
    }
}
