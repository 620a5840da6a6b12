package dev.brink.cli;

import dev.brink.core.BrinkUserException;
import dev.brink.core.Sizes;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code brink sample}: starts a demo target (the HTTP book service or the gRPC order service) in the foreground. */
@Command(name = "sample", mixinStandardHelpOptions = true,
        description = {"Start a sample service (a demo target) in the foreground; Ctrl-C stops it.",
            "http (default): the book service (Spring WebFlux). grpc: the order service (grpc-java, orders.proto, "
                    + "server reflection on). telemetry: the raw-TCP telemetry platform (JT/T 808-style packets, "
                    + "DESIGN.md, Telemetry sample). It prints its address and PID once it serves requests."})
final class SampleCommand implements Callable<Integer> {
    @Option(names = "--service", paramLabel = "http|grpc|telemetry", defaultValue = "http",
            description = "Which sample: http (default), grpc or telemetry.")
    String service;

    @Option(names = "--port", paramLabel = "P", description = "Port (default: 8080 for http, 50051 for grpc, 6808 for telemetry; 0 picks a free one).")
    Integer port;

    @Option(names = "--address", paramLabel = "ADDR", description = "Address to listen on (default: 127.0.0.1 only).")
    String address;

    @Option(names = "--stats-port", paramLabel = "PORT", description = "telemetry only: port of its GET /stats (default: any free one, printed).")
    Integer statsPort;

    @Option(names = "--defects", paramLabel = "LIST",
            description = {"Comma-separated defects to switch on. http: leak, log-lock, masking, crypto.",
                "grpc: tiny-old-gen (-Xmx256m -Xmn250m -XX:+UseParallelGC: a few MB of old generation, field report 004), "
                        + "slow-handlers (25 ms per call on 8 workers)."})
    String defects;

    @Option(names = "--heap", paramLabel = "SIZE", description = "Maximum heap of the service, like 64m (-Xmx).")
    String heap;

    @Option(names = "--pool-size", paramLabel = "N", description = "Worker threads (default: the service's, 8).")
    Integer poolSize;

    @Option(names = "--queue", paramLabel = "N", description = "http only: bounded queue of the worker pool; a full queue answers 503 (default: 100).")
    Integer queue;

    @Override
    public Integer call() throws Exception {
        boolean grpc = switch (service) {
            case "http", "telemetry" -> false;
            case "grpc" -> true;
            default -> throw new BrinkUserException("unknown --service '" + service + "': expected http, grpc or telemetry");
        };
        int p = port != null ? port : grpc ? 50051 : service.equals("telemetry") ? 6808 : 8080;
        if (p < 0 || p > 65535) {
            throw new BrinkUserException("bad --port " + p + ": expected 0..65535");
        }
        if (service.equals("telemetry")) {
            return telemetry(p);
        }
        if (statsPort != null) {
            throw new BrinkUserException("--stats-port is for --service telemetry");
        }
        if (heap != null) {
            Sizes.parse(heap); // one clear line now rather than a JVM start-up error later
        }
        // every option is checked before the port, and the port before the jar is looked for, as before
        var httpDefects = grpc ? null : SampleDefect.parseList(defects);
        var grpcDefects = grpc ? GrpcSampleDefect.parseList(defects) : null;
        InetAddress listen = listenAddress();
        SampleLauncher.requireFreePort(listen, p);
        return runInForeground(grpc ? grpcCommand(p, grpcDefects) : httpCommand(p, httpDefects));
    }

    private List<String> httpCommand(int p, java.util.Set<SampleDefect> chosen) throws BrinkUserException {
        List<String> extra = new ArrayList<>();
        if (address != null) {
            extra.add("--server.address=" + address);
        }
        if (poolSize != null) {
            extra.add("--book.pool.size=" + positive("--pool-size", poolSize));
        }
        if (queue != null) {
            extra.add("--book.pool.queue=" + positive("--queue", queue));
        }
        return SampleLauncher.locate().command(p, chosen, heap, extra);
    }

    private List<String> grpcCommand(int p, java.util.Set<GrpcSampleDefect> chosen) throws BrinkUserException {
        if (queue != null) {
            throw new BrinkUserException("--queue is for the http sample: the grpc sample queues calls without a bound");
        }
        if (heap != null && chosen.contains(GrpcSampleDefect.TINY_OLD_GEN)) {
            throw new BrinkUserException("--heap and the tiny-old-gen defect both size the heap: pick one");
        }
        List<String> extra = new ArrayList<>();
        if (poolSize != null) {
            extra.add("--workers=" + positive("--pool-size", poolSize));
        }
        return SampleLauncher.locate().grpcCommand(p, address, chosen, heap, extra);
    }

    private InetAddress listenAddress() throws BrinkUserException {
        if (address == null) {
            return InetAddress.getLoopbackAddress();
        }
        try {
            return InetAddress.getByName(address);
        } catch (UnknownHostException e) {
            throw new BrinkUserException("bad --address '" + address + "': expected an address or a name of this host");
        }
    }

    private Integer telemetry(int port) throws Exception {
        if (poolSize != null || queue != null) {
            throw new BrinkUserException("--pool-size and --queue are for the http sample");
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
        SampleLauncher.requireFreePort(listenAddress(), port);
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
        p.destroy(); // SIGTERM: Spring and the gRPC server shut down gracefully
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
