package dev.brink.cli;

import dev.brink.core.BrinkUserException;
import dev.brink.core.InputFiles;
import dev.brink.load.Plan;
import dev.brink.load.har.HarImport;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code brink import har FILE.har}: a plan from a browser recording, checked by the plan reader before it is written. */
@Command(name = "har", mixinStandardHelpOptions = true,
        description = {"A plan from a browser recording (HAR, \"Save all as HAR\"): the requests of one host in order as one flow,"
            + " think time from the recorded gaps, static assets skipped and listed, cookies left to the per-user cookie jar,"
            + " values a response gave that later requests send back turned into extract + ${session.NAME}.",
            "Exit 0 done; 2 bad input."})
final class ImportHarCommand implements Callable<Integer> {
    /** A recording of a long session with bodies is tens of MB; more is not a recording to replay by hand. */
    private static final long MAX_BYTES = 256L << 20;

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE.har", description = "The recording.")
    Path har;

    @Option(names = "--out", paramLabel = "PLAN.yaml", description = "Write the plan here (default: standard output).")
    Path out;

    @Option(names = "--host", paramLabel = "HOST[:PORT]", description = "Keep requests to this host (default: the first page's).")
    String host;

    @Option(names = "--include-static", description = "Keep static assets (styles, scripts, images, fonts) too.")
    boolean includeStatic;

    @Override
    public Integer call() throws BrinkUserException, IOException {
        String text = InputFiles.readUtf8(har, "HAR file", MAX_BYTES);
        HarImport.Result r = HarImport.convert(text, har.toString(), host, includeStatic);
        // the plan must read back: an import that writes a plan Brink rejects would only move the error
        Plan.parse(r.plan(), out == null ? "plan.yaml" : out.toString(), har.toAbsolutePath().getParent(), name -> "set-when-run");
        PrintWriter err = spec.commandLine().getErr();
        if (out != null) {
            Files.writeString(out, r.plan());
        } else {
            spec.commandLine().getOut().print(r.plan());
            spec.commandLine().getOut().flush();
        }
        err.println("brink import har: " + r.steps() + " requests as one flow" + (out == null ? "" : " in " + out) + ", "
                + r.skipped().size() + " left out, " + r.correlations().size() + " correlations");
        for (String s : r.skipped()) err.println("  left out     " + s);
        for (String c : r.correlations()) err.println("  correlation  " + c);
        err.flush();
        return BrinkMain.EXIT_OK;
    }
}
