package dev.brink.cli;

import dev.brink.bench.AbbaRunner;
import dev.brink.bench.BenchComparer;
import dev.brink.bench.CompareOptions;
import dev.brink.bench.CompareReport;
import dev.brink.bench.JmhJsonReader;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code brink bench run BASE.jar NEW.jar}: both jars' forks interleaved ABBA, then the comparison. */
@Command(name = "run", mixinStandardHelpOptions = true,
        description = {"Run two JMH benchmark jars (built before and after a change) one fork at a time in the order "
            + "A B B A A B …, so machine drift hits both alike, then compare them.",
            "Writes base.json and new.json (JMH's format, every fork) and each fork's output under --out."})
final class BenchRunCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "BASE.jar", description = "JMH benchmark jar built before the change (java -jar runs JMH).")
    Path baseJar;

    @Parameters(index = "1", paramLabel = "NEW.jar", description = "The same benchmarks built after the change.")
    Path newJar;

    @Option(names = "--forks", defaultValue = "6", description = "Forks per side (default: ${DEFAULT-VALUE}; at least 4 for p < 0.05).")
    int forks;

    @Option(names = "--warmup", paramLabel = "N", description = "Warm-up iterations per fork (JMH -wi).")
    Integer warmup;

    @Option(names = "--warmup-time", paramLabel = "TIME", description = "Time of each warm-up iteration (JMH -w), e.g. 1s.")
    String warmupTime;

    @Option(names = "--measure", paramLabel = "N", description = "Measurement iterations per fork (JMH -i).")
    Integer measure;

    @Option(names = "--measure-time", paramLabel = "TIME", description = "Time of each measurement iteration (JMH -r), e.g. 1s.")
    String measureTime;

    @Option(names = "--jmh", paramLabel = "ARG", split = " ",
            description = "More JMH arguments, space-separated in one quoted word: a benchmark regex, '-p delayMs=1', '-prof gc'.")
    List<String> jmhArgs = new ArrayList<>();

    @Option(names = "--java", paramLabel = "PATH", description = "The java that runs the jars (default: the one running brink).")
    Path java;

    @Option(names = "--java-opt", paramLabel = "OPT",
            description = "An option for the JVM that runs JMH, e.g. -Djmh.ignoreLock=true (repeatable).")
    List<String> javaOptions = new ArrayList<>();

    @Option(names = "--out", paramLabel = "DIR", description = "Where the results go (default: runs/bench-<time>).")
    Path out;

    @Mixin
    BenchOutputOptions output;

    @Override
    public Integer call() throws Exception {
        if (forks < 1) {
            throw new dev.brink.core.BrinkUserException("--forks: expected at least 1, found " + forks);
        }
        CompareOptions options = output.compareOptions();
        Path dir = out != null ? out
                : Path.of("runs", "bench-" + DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").format(LocalDateTime.now()));
        PrintWriter w = spec.commandLine().getOut();
        PrintWriter progress = output.json ? spec.commandLine().getErr() : w;
        progress.println("running " + forks + " forks of each jar, interleaved ABBA, into " + dir);
        progress.flush();
        Path[] files = AbbaRunner.run(new AbbaRunner.Plan(baseJar, newJar, forks, warmup, warmupTime, measure, measureTime,
                jmhArgs, java, javaOptions, dir), progress);
        CompareReport r = BenchComparer.compare(files[0].toString(), JmhJsonReader.read(files[0]), files[1].toString(),
                JmhJsonReader.read(files[1]), options);
        return output.emit(List.of(r), w);
    }
}
