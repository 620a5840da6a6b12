package dev.brink.cli;

import dev.brink.core.BrinkUserException;
import dev.brink.core.InputFiles;
import dev.brink.load.plan.jmx.JmxImport;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code brink import jmx FILE.jmx}: a plan from a JMeter test plan, every element not converted listed by its testname. */
@Command(name = "jmx", mixinStandardHelpOptions = true,
        description = {"A plan from a JMeter test plan (.jmx): thread groups as flows of a closed model, HTTP samplers as steps,"
            + " header and cookie managers, a CSV data set, regex and JSON extractors, response assertions, constant and uniform"
            + " timers. Every element not converted is listed with its testname and why (BeanShell/JSR223 as a generator-leak risk).",
            "Exit 0 done; 2 bad input."})
final class ImportJmxCommand implements Callable<Integer> {
    private static final long MAX_BYTES = 64L << 20;

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE.jmx", description = "The JMeter test plan.")
    Path jmx;

    @Option(names = "--out", paramLabel = "PLAN.yaml", description = "Write the plan here (default: standard output).")
    Path out;

    @Override
    public Integer call() throws BrinkUserException, IOException {
        Path dir = jmx.toAbsolutePath().getParent();
        JmxImport.Result r = JmxImport.convert(InputFiles.readUtf8(jmx, "JMeter test plan", MAX_BYTES), jmx.toString(), dir);
        return ImportOutput.emit(spec, r.plan(), jmx, out, dir, "brink import jmx: " + r.steps() + " samplers converted"
                + (out == null ? "" : " into " + out) + ", " + r.skipped().size() + " elements left out",
                r.skipped().stream().map(s -> "  left out     " + s).toList());
    }
}
