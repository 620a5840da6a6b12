package dev.brink.cli;

import dev.brink.core.BrinkUserException;
import dev.brink.load.metrics.LiveMetrics;
import dev.brink.load.metrics.MetricsServer;
import java.io.PrintWriter;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * {@code --metrics [HOST:]PORT} on the load commands: a {@link LiveMetrics} fed by the engine and served for the
 * run's length. Read through picocli's model so that every command that declares the option ({@code brink http},
 * {@code grpc}, {@code tcp} through their shared options, {@code brink run}) starts it the same way.
 */
final class LiveMetricsOption {
    private LiveMetricsOption() {
    }

    /**
     * The metrics of this command's run, or null when {@code --metrics} was not given.
     * @param profileRps the load at 1 × (the plan's profile, or --rate; 0 for users)
     */
    static LiveMetrics metrics(CommandSpec spec, double profileRps) throws BrinkUserException {
        String address = typed(spec, "--metrics");
        if (address == null) return null;
        MetricsServer.parse(address); // a wrong address is said before any connection is opened
        return new LiveMetrics(typed(spec, "--shard"), profileRps);
    }

    /**
     * Starts serving {@code metrics} where {@code --metrics} says and prints the URL to scrape on {@code live};
     * null when {@code metrics} is null.
     */
    static MetricsServer serve(CommandSpec spec, LiveMetrics metrics, PrintWriter live) throws BrinkUserException {
        if (metrics == null) return null;
        MetricsServer server = MetricsServer.start(typed(spec, "--metrics"), metrics);
        live.println("metrics: " + server.url());
        live.flush();
        return server;
    }

    /** The text the user typed for {@code option}, or null when the command has no such option or it was not given. */
    private static String typed(CommandSpec spec, String option) {
        OptionSpec o = spec.findOption(option);
        if (o == null) return null;
        List<String> typed = o.originalStringValues();
        return typed.isEmpty() ? null : typed.get(typed.size() - 1).trim();
    }
}
