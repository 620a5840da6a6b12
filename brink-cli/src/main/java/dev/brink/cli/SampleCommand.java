package dev.brink.cli;

import dev.brink.core.BrinkUserException;
import dev.brink.core.Sizes;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code brink sample}: starts the demo target in the foreground; Ctrl-C stops it. */
@Command(name = "sample", mixinStandardHelpOptions = true,
        description = {"Start the sample book service (the demo target) in the foreground; Ctrl-C stops it.",
            "It prints its URL and PID once it serves requests.",
            "--service telemetry starts the raw-TCP telemetry platform instead (DESIGN.md, Telemetry sample)."})
final class SampleCommand implements Callable<Integer> {
    @Option(names = "--port", defaultValue = "8080", description = "HTTP port on 127.0.0.1 (default: ${DEFAULT-VALUE}); the TCP port for telemetry.")
    int port;

    @Option(names = "--service", defaultValue = "books", paramLabel = "NAME",
            description = "books (default) or telemetry (raw TCP, JT/T 808-style packets).")
    String service;

    @Option(names = "--stats-port", paramLabel = "PORT", description = "Telemetry only: port of its GET /stats (default: any free one, printed).")
    Integer statsPort;

    @Option(names = "--address", paramLabel = "ADDR", description = "Telemetry only: address to listen on (default: 127.0.0.1).")
    String address;

    @Option(names = "--defects", paramLabel = "LIST",
            description = "Comma-separated defects to switch on: leak, log-lock, masking, crypto.")
    String defects;

    @Option(names = "--heap", paramLabel = "SIZE", description = "Maximum heap of the service, like 64m (-Xmx).")
    String heap;

    @Option(names = "--pool-size", paramLabel = "N", description = "BookThread worker threads (default: the service's, 8).")
    Integer poolSize;

    @Option(names = "--queue", paramLabel = "N", description = "Bounded queue of the worker pool; a full queue answers 503 (default: 100).")
    Integer queue;

    @Override
    public Integer call() throws Exception {
        if (port < 0 || port > 65535) {
            throw new BrinkUserException("bad --port " + port + ": expected 0..65535");
        }
        if (service.equals("telemetry")) {
            return telemetry();
        }
        if (!service.equals("books")) {
            throw new BrinkUserException("bad --service '" + service + "': expected books or telemetry");
        }
        if (statsPort != null || address != null) {
            throw new BrinkUserException("--stats-port and --address are for --service telemetry");
        }
        Set<SampleDefect> chosen = SampleDefect.parseList(defects);
        if (heap != null) {
            Sizes.parse(heap); // one clear line now rather than a JVM start-up error later
        }
        SampleLauncher.requireFreePort(port);
        List<String> extra = new java.util.ArrayList<>();
        if (poolSize != null) {
            extra.add("--book.pool.size=" + positive("--pool-size", poolSize));
        }
        if (queue != null) {
            extra.add("--book.pool.queue=" + positive("--queue", queue));
        }
        return runInForeground(SampleLauncher.locate().command(port, chosen, heap, extra));
    }

    private Integer telemetry() throws Exception {
        if (poolSize != null || queue != null) {
            throw new BrinkUserException("--pool-size and --queue are for the books service");
        }
        boolean leak = false;
        if (defects != null) {
            for (String d : defects.split(",")) {
                if (d.trim().equals("leak")) leak = true;
                else if (!d.isBlank()) throw new BrinkUserException("bad --defects '" + d.trim() + "' for telemetry: expected leak");
            }
        }
        if (heap != null) {
            Sizes.parse(heap);
        }
        if (statsPort != null && (statsPort < 0 || statsPort > 65535)) {
            throw new BrinkUserException("bad --stats-port " + statsPort + ": expected 0..65535");
        }
        if (address == null) {
            SampleLauncher.requireFreePort(port);
        }
        return runInForeground(SampleLauncher.locate().telemetryCommand(address, port, statsPort == null ? 0 : statsPort, leak, heap));
    }

    private static Integer runInForeground(List<String> cmd) throws Exception {
        Process p = new ProcessBuilder(cmd).inheritIO().start();
        Thread stopper = new Thread(() -> stop(p), "brink-sample-stopper");
        Runtime.getRuntime().addShutdownHook(stopper);
        int code = p.waitFor();
        return code == 0 || code == 130 || code == 143 ? 0 : code;
    }

    private static int positive(String option, int v) throws BrinkUserException {
        if (v < 1) {
            throw new BrinkUserException("bad " + option + " " + v + ": expected a number >= 1");
        }
        return v;
    }

    private static void stop(Process p) {
        p.destroy(); // SIGTERM: Spring shuts down gracefully
        try {
            if (!p.waitFor(10, TimeUnit.SECONDS)) {
                p.destroyForcibly();
            }
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
