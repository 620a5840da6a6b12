package dev.brink.cli;

import dev.brink.bench.BenchHtml;
import dev.brink.bench.BenchJunit;
import dev.brink.bench.BenchMarkdown;
import dev.brink.bench.BenchText;
import dev.brink.bench.CompareOptions;
import dev.brink.bench.CompareReport;
import dev.brink.core.BrinkUserException;
import dev.brink.core.ExitCode;
import dev.brink.core.Json;
import dev.brink.core.OutputFiles;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import picocli.CommandLine.Option;

/** What brink bench compare and brink bench run share: the statistics' knobs, the gate, and the outputs. */
final class BenchOutputOptions {
    enum FailOn { regression, alloc }

    @Option(names = "--threshold", paramLabel = "PCT", defaultValue = "5%",
            description = "A significant regression fails the gate only beyond this change (default: ${DEFAULT-VALUE}).")
    String threshold;

    @Option(names = "--alpha", paramLabel = "P", defaultValue = "0.05",
            description = "Significance level of the Mann-Whitney test; the ratio's interval is 1-alpha (default: ${DEFAULT-VALUE}).")
    double alpha;

    @Option(names = "--fail-on", split = ",", paramLabel = "WHAT",
            description = "CI gate, exit 3: regression (the score is worse beyond --threshold, significantly or with too "
                    + "few forks to rule it out), alloc (also gc.alloc.rate.norm).")
    List<FailOn> failOn = new ArrayList<>();

    @Option(names = "--allow-inconclusive", description = "Let the gate pass a result too short to be significant whose "
            + "change is a regression beyond --threshold (by default it fails: 3 forks a side cannot show a 3x slowdown).")
    boolean allowInconclusive;

    @Option(names = "--json", description = "Print the comparison as JSON instead of the table.")
    boolean json;

    @Option(names = "--junit", paramLabel = "FILE", description = "Write JUnit XML: one test case per benchmark, a failure per regression.")
    Path junit;

    @Option(names = "--markdown", paramLabel = "FILE", description = "Write a Markdown table for a pull-request comment.")
    Path markdown;

    @Option(names = "--html", paramLabel = "FILE", description = "Write a self-contained HTML page with each benchmark's distributions.")
    Path html;

    CompareOptions compareOptions() throws BrinkUserException {
        return new CompareOptions(alpha(alpha), share("--threshold", threshold), CompareOptions.DEFAULT_SECONDARY, allowInconclusive);
    }

    /** A percentage option ("5%" or "5") as a share (0.05); one line naming the option when it is not one. */
    static double share(String option, String text) throws BrinkUserException {
        String t = text.trim();
        double pct;
        try {
            pct = Double.parseDouble(t.endsWith("%") ? t.substring(0, t.length() - 1) : t);
        } catch (NumberFormatException e) {
            throw new BrinkUserException(option + ": expected a percentage such as 5%, found '" + text + "'");
        }
        if (!(pct >= 0) || Double.isInfinite(pct)) {
            throw new BrinkUserException(option + ": expected a percentage >= 0, found '" + text + "'");
        }
        return pct / 100;
    }

    /** The --alpha of both comparisons, checked. */
    static double alpha(double alpha) throws BrinkUserException {
        if (!(alpha > 0 && alpha < 0.5)) {
            throw new BrinkUserException("--alpha: expected a level between 0 and 0.5 such as 0.05, found " + alpha);
        }
        return alpha;
    }

    /** Prints and writes every output; returns the exit code (3 when the gate fails). */
    int emit(List<CompareReport> reports, PrintWriter out) throws BrinkUserException {
        boolean alloc = failOn.contains(FailOn.alloc);
        if (json) {
            Map<String, Object> doc = new LinkedHashMap<>();
            doc.put("comparisons", reports);
            doc.put("statistics", "forks are the unit; p: Mann-Whitney U on fork figures; interval: bootstrap of the "
                    + "ratio of means resampling forks");
            try {
                out.println(Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(doc));
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        } else {
            for (CompareReport r : reports) {
                BenchText.write(r, alloc, out);
            }
        }
        write(junit, BenchJunit.write(reports, alloc), "junit");
        write(markdown, BenchMarkdown.write(reports, alloc), "markdown");
        write(html, BenchHtml.write(reports, alloc), "html");
        int regressions = 0;
        int inconclusive = 0;
        for (CompareReport r : reports) {
            regressions += r.regressions(alloc).size();
            inconclusive += (int) r.regressions(alloc).stream().filter(c -> c.inconclusiveRegression()).count();
        }
        if (!failOn.isEmpty() && regressions > 0) {
            if (!json) {
                out.printf(Locale.ROOT, "gate: %d regression%s beyond %s%s: exit %d%n", regressions, regressions == 1 ? "" : "s",
                        threshold, inconclusive == 0 ? "" : " (" + inconclusive + " with too few forks to rule it out: add forks, "
                                + "or --allow-inconclusive)", ExitCode.GATE);
            }
            out.flush();
            return ExitCode.GATE;
        }
        out.flush();
        return ExitCode.OK;
    }

    /** Writes one output file (its folder created); one line naming it when it cannot be written. */
    static void write(Path file, String text, String what) throws BrinkUserException {
        if (file == null) {
            return;
        }
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            OutputFiles.directory(parent, "the " + what + " output's folder");
        }
        OutputFiles.write(file, text);
    }
}
