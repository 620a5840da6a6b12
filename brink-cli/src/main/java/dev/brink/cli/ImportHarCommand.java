package dev.brink.cli;

import dev.brink.core.BrinkUserException;
import dev.brink.core.InputFiles;
import dev.brink.core.InputKind;
import dev.brink.load.plan.har.HarImport;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code brink import har FILE.har}: a plan from a browser recording, checked by the plan reader before it is written. */
@Command(name = "har", mixinStandardHelpOptions = true,
        description = {"A plan from a recording (HAR, \"Save all as HAR\" of a browser, a proxy or an API tool): the requests of one"
            + " origin in order as one flow, a redirect chain as one request that follows it, think time from the recorded gaps,"
            + " requests without a recorded answer kept, static assets skipped and listed, cookies left to the per-user cookie jar,"
            + " values a response gave that later requests send back turned into extract + $${session.NAME}.",
            "Exit 0 done; 2 bad input."})
final class ImportHarCommand implements Callable<Integer> {

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
        String text = InputFiles.readUtf8(har, InputKind.HAR);
        HarImport.Result r = HarImport.convert(text, har.toString(), host, includeStatic);
        java.util.List<String> lines = new java.util.ArrayList<>();
        for (String s : r.skipped()) lines.add("  left out     " + s);
        for (String c : r.correlations()) lines.add("  correlation  " + c);
        return ImportOutput.emit(spec, r.plan(), har, out, har.toAbsolutePath().getParent(), "brink import har: " + r.steps()
                + " requests as one flow" + (out == null ? "" : " in " + out) + ", " + r.skipped().size() + " left out, "
                + r.correlations().size() + " correlations", lines);
    }
}
