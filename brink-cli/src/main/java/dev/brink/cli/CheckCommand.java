package dev.brink.cli;

import dev.brink.core.Durations;
import dev.brink.core.ExitCode;
import dev.brink.load.LoadEngine;
import dev.brink.load.PlanCheck;
import dev.brink.load.plan.Plan;
import dev.brink.load.plan.bind.PlanReader;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code brink check PLAN}: the plan read, bound and rendered, without any load. */
@Command(name = "check", mixinStandardHelpOptions = true,
        description = {"Check a plan without running it: read and bind it, read the files it names (CSV data, multipart "
                + "files, .proto or protoset, TLS certificates), and print one request of each operation as it would be "
                + "sent, with sample values and every secret shown as ***.",
            "Exit 0 when the plan is good; 2 with file:line:column and what was expected when it is not."})
final class CheckCommand implements Callable<Integer> {
    @Parameters(paramLabel = "PLAN.yaml", description = "The plan to check.")
    Path planFile;

    @Option(names = "--connect", description = "Also connect to the target once (and ask a gRPC server's reflection for its "
            + "methods when the plan names no .proto or protoset).")
    boolean connect;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        Plan plan = PlanReader.load(planFile);
        List<PlanCheck.Sample> samples = PlanCheck.samples(plan, connect);
        if (connect) {
            LoadEngine.checkReachable(plan.target().baseUrl(), Duration.ofSeconds(5));
        }
        PrintWriter out = spec.commandLine().getOut();
        out.println(planFile + ": ok — " + summary(plan));
        for (String f : files(plan)) out.println("  file       " + f);
        if (connect) out.println("  connect    " + plan.target().baseUrl().getHost() + ":" + plan.target().baseUrl().getPort()
                + " accepts connections");
        for (PlanCheck.Sample s : samples) {
            out.println("  operation  " + s.operation());
            s.text().lines().forEach(l -> out.println("    " + l));
        }
        out.flush();
        return ExitCode.OK;
    }

    /** "open model, 40 req/s at 1 × profile, 3 operations; phases capacity, soak; fail_on …". */
    private static String summary(Plan plan) {
        String model = plan.closedModel() ? "closed model, " + plan.users().count() + " users"
                : String.format(Locale.ROOT, "open model, %s req/s", num(plan.totalRps()));
        List<String> phases = new ArrayList<>();
        if (plan.phases() != null) {
            if (plan.phases().capacity() != null) phases.add("capacity");
            if (plan.phases().confirm() != null) phases.add("confirm");
            if (plan.phases().soak() != null) phases.add("soak " + Durations.format(plan.phases().soak().hold()));
        }
        return plan.name() + ", target " + plan.target().baseUrl() + ", " + model + " at 1 × profile, " + plan.profile().size()
                + (plan.profile().size() == 1 ? " operation" : " operations")
                + (plan.flows().isEmpty() ? "" : " in " + plan.flows().size() + (plan.flows().size() == 1 ? " flow" : " flows"))
                + (phases.isEmpty() ? "" : "; phases " + String.join(", ", phases))
                + (plan.failOn().equals(Plan.FailOn.NEVER) ? "" : "; a fail_on gate");
    }

    /** The files the plan read, each resolved (the reading itself happened when it was bound). */
    private static List<String> files(Plan plan) {
        List<String> f = new ArrayList<>();
        if (plan.data() != null) f.add("data " + plan.data().csv() + " (columns " + String.join(", ", plan.data().columns()) + ")");
        Plan.Grpc g = plan.target().grpc();
        if (g != null) {
            if (g.proto() != null) f.add("proto " + g.proto());
            if (g.protoset() != null) f.add("protoset " + g.protoset());
            if (g.tls() != null && g.tls().caCert() != null) f.add("ca_cert " + g.tls().caCert());
        }
        for (Plan.Operation op : plan.profile()) {
            if (op.request().multipart() == null) continue;
            for (Plan.Request.Part p : op.request().multipart()) {
                if (p.file() != null) f.add("multipart " + p.file() + " (" + p.content().length + " bytes, " + op.name() + ")");
            }
        }
        return f;
    }

    private static String num(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : String.format(Locale.ROOT, "%.1f", v);
    }
}
