package dev.brink.cli;

import dev.brink.core.BrinkUserException;
import dev.brink.core.InputFiles;
import dev.brink.core.InputKind;
import dev.brink.load.plan.jmx.JmxImport;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code brink import jmx FILE.jmx}: a plan from a JMeter test plan, every element not converted listed by its testname. */
@Command(name = "jmx", mixinStandardHelpOptions = true,
        description = {"A plan from a JMeter test plan (.jmx), by JMeter's scoping: thread groups as flows of a closed model and a"
            + " confirmation phase (threads, ramp-up, duration), HTTP samplers as steps with the defaults, header and cookie managers,"
            + " timers, extractors and assertions that apply to them wherever they sit; counters, random variables and JMeter's"
            + " generator functions as Brink generators, $${__P(name,default)} as a plan parameter (brink run --param name=value).",
            "Every element not converted is listed with its testname and why (BeanShell/JSR223 as a generator-leak risk), also"
            + " when nothing converted.",
            "Exit 0 done; 2 bad input."})
final class ImportJmxCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE.jmx", description = "The JMeter test plan.")
    Path jmx;

    @Option(names = "--out", paramLabel = "PLAN.yaml", description = "Write the plan here (default: standard output).")
    Path out;

    @Override
    public Integer call() throws BrinkUserException, IOException {
        Path dir = jmx.toAbsolutePath().getParent();
        JmxImport.Result r = JmxImport.convert(InputFiles.readUtf8(jmx, InputKind.JMETER_PLAN), jmx.toString(), dir);
        List<String> lines = r.skipped().stream().map(s -> "  left out     " + s).toList();
        if (r.plan() == null) {
            // what was left out is what the user must read to know why: before the one-line error, not instead of it
            ImportOutput.list(spec, lines);
            throw new BrinkUserException(jmx + ": no HTTP sampler in an enabled thread group could be converted (" + r.skipped().size()
                    + " elements left out, listed above)");
        }
        return ImportOutput.emit(spec, r.plan(), jmx, out, dir, "brink import jmx: " + r.steps() + " samplers converted"
                + (out == null ? "" : " into " + out) + ", " + r.skipped().size() + " elements left out", lines);
    }
}
