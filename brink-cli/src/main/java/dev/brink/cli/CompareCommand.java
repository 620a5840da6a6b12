package dev.brink.cli;

import dev.brink.core.ExitCode;
import dev.brink.compare.CompareHtml;
import dev.brink.compare.CompareJunit;
import dev.brink.compare.CompareMarkdown;
import dev.brink.compare.CompareSettings;
import dev.brink.compare.CompareText;
import dev.brink.compare.GateCondition;
import dev.brink.compare.RunComparer;
import dev.brink.compare.RunComparison;
import dev.brink.core.Json;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code brink compare BASE_RUN NEW_RUN [MORE…]}: each further run is compared with BASE too. */
@Command(name = "compare", mixinStandardHelpOptions = true,
        description = {"Compare run directories: did this change make the service better or worse?",
            "Per step both ran at the same load (capacity steps, the confirmation's hold, the soak, a one-line run) and "
                + "per operation: throughput, error rate, latency p50 p90 p99 p99.9 max (latency.hlog), the target's CPU "
                + "and GC per request (jvm.jsonl); then the capacity, the confirmation and the soak, and the findings new, "
                + "resolved and unchanged.",
            "Seconds are the unit: p is the Mann-Whitney U test on each second's figure, adjusted by Holm's method over "
                + "all metrics; the interval a bootstrap of the step's figure resampling seconds. A change within a "
                + "metric's noise floor (latency 1 ms, or 15 % at p50 to 150 % at max) is no significant change.",
            "Exit 0 done; 2 bad input; 3 --fail-on failed."})
final class CompareCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "BASE_RUN", description = "The run before the change (a run directory).")
    Path base;

    @Parameters(index = "1..*", arity = "1..*", paramLabel = "NEW_RUN", description = "The run after the change.")
    List<Path> news;

    @Option(names = "--threshold", paramLabel = "PCT", defaultValue = "5%",
            description = "A regression fails the gate only beyond this change (default: ${DEFAULT-VALUE}).")
    String threshold;

    @Option(names = "--alpha", paramLabel = "P", defaultValue = "0.05",
            description = "Significance level, over all metrics of a comparison (default: ${DEFAULT-VALUE}).")
    double alpha;

    @Option(names = "--fail-on", paramLabel = "WHAT", description = "Gate, exit 3, a comma-separated list of: regression "
            + "(a metric worse beyond --threshold, significantly or with too few seconds to rule it out; the confirmation "
            + "or the soak newly failing), capacity (the capacity lower), findings (a new critical or warning finding).")
    String failOn;

    @Option(names = "--allow-inconclusive", description = "Let the gate pass a change too few seconds can rule out.")
    boolean allowInconclusive;

    @Option(names = "--json", description = "Print the comparison as JSON instead of the table.")
    boolean json;

    @Option(names = "--junit", paramLabel = "FILE", description = "Write JUnit XML: a test case per metric, a failure per regression.")
    Path junit;

    @Option(names = "--markdown", paramLabel = "FILE", description = "Write a Markdown summary for a pull-request comment.")
    Path markdown;

    @Option(names = "--html", paramLabel = "FILE", description = "Write a self-contained HTML page.")
    Path html;

    @Override
    public Integer call() throws Exception {
        Set<GateCondition> gate = failOn == null ? Set.of() : GateCondition.parse(failOn);
        CompareSettings settings = new CompareSettings(BenchOutputOptions.alpha(alpha), BenchOutputOptions.share("--threshold", threshold),
                allowInconclusive, gate);
        List<RunComparison> comparisons = new ArrayList<>();
        for (Path n : news) {
            comparisons.add(RunComparer.compare(base, n, settings));
        }
        return emit(comparisons, json, junit, markdown, html, spec.commandLine().getOut());
    }

    /** Prints and writes every output of {@code comparisons}; returns the exit code (3 when the gate fails). */
    static int emit(List<RunComparison> comparisons, boolean json, Path junit, Path markdown, Path html, PrintWriter out)
            throws dev.brink.core.BrinkUserException {
        if (json) {
            Map<String, Object> doc = new LinkedHashMap<>();
            doc.put("comparisons", comparisons);
            doc.put("gate_failures", comparisons.stream().flatMap(c -> c.gateFailures().stream()).toList());
            doc.put("statistics", CompareText.footnote(comparisons.get(0).settings()));
            try {
                out.println(Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(doc));
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        } else {
            comparisons.forEach(c -> CompareText.write(c, out));
        }
        BenchOutputOptions.write(junit, CompareJunit.write(comparisons), "junit");
        BenchOutputOptions.write(markdown, CompareMarkdown.write(comparisons), "markdown");
        BenchOutputOptions.write(html, CompareHtml.write(comparisons), "html");
        List<String> failures = comparisons.stream().flatMap(c -> c.gateFailures().stream()).toList();
        if (!json) {
            failures.forEach(f -> out.println("gate failed: " + f));
        }
        out.flush();
        return failures.isEmpty() ? ExitCode.OK : ExitCode.GATE;
    }
}
