package dev.brink.cli;

import dev.brink.bench.BenchComparer;
import dev.brink.bench.BenchmarkResult;
import dev.brink.bench.CompareOptions;
import dev.brink.bench.CompareReport;
import dev.brink.bench.JmhJsonReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code brink bench compare BASE.json NEW.json [MORE.json…]}: each further file is compared with BASE, as in benchstat. */
@Command(name = "compare", mixinStandardHelpOptions = true,
        description = {"Compare JMH result files (-rf json; JMH 1.21 to 1.37; modes thrpt, avgt, sample, ss; params; "
            + "gc.alloc.rate.norm from -prof gc).",
            "Per benchmark and parameter set: both scores, the change, a confidence interval of NEW/BASE, the p-value "
                + "and a verdict: faster, slower, no significant change, or inconclusive with the forks still needed.",
            "Forks are the unit of independence: p is the Mann-Whitney U test on the forks' figures, the interval a "
                + "bootstrap of the ratio of means resampling forks.",
            "Each file after NEW is compared with BASE too. The same benchmark twice in a file pools its forks."})
final class BenchCompareCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "BASE.json", description = "Results before the change.")
    Path base;

    @Parameters(index = "1..*", arity = "1..*", paramLabel = "NEW.json", description = "Results after the change.")
    List<Path> news;

    @Mixin
    BenchOutputOptions output;

    @Override
    public Integer call() throws Exception {
        CompareOptions options = output.compareOptions();
        List<BenchmarkResult> b = JmhJsonReader.read(base);
        List<CompareReport> reports = new ArrayList<>();
        for (Path n : news) {
            reports.add(BenchComparer.compare(base.toString(), b, n.toString(), JmhJsonReader.read(n), options));
        }
        return output.emit(reports, spec.commandLine().getOut());
    }
}
