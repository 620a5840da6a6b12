package dev.brink.cli;

import dev.brink.core.BrinkUserException;
import dev.brink.core.RunDirectory;
import dev.brink.load.engine.LoadOptions;
import dev.brink.load.plan.Plan;
import dev.brink.load.plan.bind.PlanReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code brink demo}: the whole method on the sample service, started by Brink with two defects from field
 * report 000 switched on (a map that keeps every old price, a log appender whose flush holds a lock). The demo
 * is an ordinary plan (written to plan.yaml in the run directory, to copy for your own service), run exactly as
 * {@code brink run} would run it.
 */
@Command(name = "demo", mixinStandardHelpOptions = true,
        description = {"Start a sample service with defects and run the whole method on it: capacity search, confirmation, "
                + "soak, evidence and diagnosis. By default the HTTP book service with the leak and log-lock defects (the soak on a "
                + "small heap): prints the capacity, what limited it, the leak suspect and the contended lock. --scenario masking: "
                + "field report 001's log masking and synchronized signing under JFR. --scenario grpc: "
                + "field report 004 on the gRPC order service. --scenario telemetry: field report 002's vehicle terminals on the "
                + "raw-TCP telemetry platform. Writes the run directory and report.html.",
            "--quick takes about 3 minutes on 2 cores (the grpc scenario about 90 s, telemetry about 60 s), the full demo about 10 (longer steps, "
                    + "holds and soak)."})
final class DemoCommand implements Callable<Integer> {
    /**
     * Each price change keeps a note this long in the quick demo: about 4 KB a PUT. The quick soak overloads the
     * service on purpose (3 × profile on a 64 MB heap), so the PUTs it completes, not the 90 a second it sends, set the
     * leak's pace: 0.15 MB a second were measured with 2 KB notes, and the full-GC live set then wobbles by ~0.5 MB
     * with the requests in flight. The leak rule asks the floor to climb from each third of the fitted 36 s to the
     * next by 15 % of the growth; with 2 KB notes that margin was ~1 MB against that wobble, and one CI run read a
     * real leak as a plateau. Doubling the note doubles the margin; the live set still ends near half the heap.
     */
    static final int QUICK_LEAK_NOTE_CHARS = 4096;
    /**
     * The full demo's note: its soak runs 5 minutes at 2 × profile on 96 MB, about 60 PUTs a second: 2 KB each
     * fill ~36 MB, a 4 KB note would fill the heap before the soak ends.
     */
    static final int LEAK_NOTE_CHARS = 2048;
    static final int DEMO_CONNECTIONS = 512;
    /**
     * Each request's log line waits this long for the (simulated) durable disk inside Log4j2's synchronized
     * flush: the lock then passes at most ~400 lines a second, so it, not the 8 worker threads, is what breaks
     * first, as in field report 000.
     */
    static final int LOG_FLUSH_MICROS = 2500;
    /** The masking scenario's countersigning round trip under the crypto lock (see the sample's PriceSigner). */
    static final int SIGNING_LATENCY_MS = 10;

    @Option(names = "--quick", description = "Short steps and holds (about 3 minutes; the grpc scenario about 90 s).")
    boolean quick;

    @Option(names = "--out", paramLabel = "DIR", description = "Run directory (default: runs/<time>-demo).")
    Path out;

    @Option(names = "--scenario", paramLabel = "NAME", defaultValue = "leak",
            description = "leak (default): the HTTP book service with the leak and log-lock defects, every phase. masking: "
                    + "the log-masking and synchronized-signing defects (field report 001), capacity search with JFR on "
                    + "the service; ends naming the hot method (regex in LogMasker.mask) and the contended signing lock "
                    + "(PriceSigner.sign) from the recording. "
                    + "grpc: the gRPC order service with a tiny old generation and slow handlers (field report 004), "
                    + "every phase through a gRPC plan; ends with the capacity and the old-generation finding with its "
                    + "-XX:NewRatio advice, then (as root, in a network namespace with 100 local ports) a connection per call "
                    + "that runs out of ports: the port-exhaustion finding. telemetry: the raw-TCP telemetry platform with its per-device leak (field report "
                    + "002), driven by a plan of logins, data packets and logouts; ends with the soak's leak and the device map "
                    + "as the leak suspect.")
    String scenario;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        if (scenario.equals("masking")) {
            return masking();
        }
        if (scenario.equals("grpc")) {
            return grpc();
        }
        if (scenario.equals("telemetry")) {
            return TelemetryDemo.run(SampleLauncher.locate(), freePort(), freePort(), quick, out, spec.commandLine().getOut());
        }
        if (!scenario.equals("leak")) {
            throw new BrinkUserException("unknown scenario '" + scenario + "': expected leak, masking, grpc or telemetry");
        }
        SampleLauncher sample = SampleLauncher.locate();
        int port = freePort();
        List<String> launch = sample.command(port, EnumSet.of(SampleDefect.LEAK, SampleDefect.LOG_LOCK), "256m",
                List.of("--memory.leak.note-chars=" + (quick ? QUICK_LEAK_NOTE_CHARS : LEAK_NOTE_CHARS), "--logging.contention.flush-latency-us=" + LOG_FLUSH_MICROS));
        Plan plan = PlanReader.parse(planYaml(port, launch, quick), "demo plan", Path.of("."), name -> null);
        RunDirectory run = out != null ? RunDirectory.at(out) : RunDirectory.create(Path.of("runs"), plan.name());
        PrintWriter console = spec.commandLine().getOut();
        console.println("run directory: " + run.root());
        console.println("the sample service with the leak and log-lock defects on http://127.0.0.1:" + port);
        // HTTP/1.1 allows one request per connection at a time: when the log lock makes answers slow, 64
        // connections would cap the load before the service shows its limit (brink says so, but the demo wants the service's)
        return MethodConsole.runAndReport(plan, run, LoadOptions.defaults().withMaxConnections(DEMO_CONNECTIONS), null, false, console);
    }

    /**
     * Field report 001: every request's log line masked by regexes with a new SimpleDateFormat, and prices signed
     * with RSA under one global lock. Only the capacity search runs, with JFR on the target: the broken step is
     * compared with the last good one (brink-jfr), and the thread dumps there name the lock's holder.
     */
    private int masking() throws Exception {
        SampleLauncher sample = SampleLauncher.locate();
        int port = freePort();
        List<String> launch = sample.command(port, EnumSet.of(SampleDefect.MASKING, SampleDefect.CRYPTO), "256m",
                List.of("--crypto.signing-latency-ms=" + SIGNING_LATENCY_MS));
        // A tenth of the leak demo's rate, six in ten requests signing a price. Each request's masking costs a
        // millisecond or more of CPU, most of what the target spends at any rate (the findings are shares, not
        // levels). Each signature holds the crypto lock for the countersigning round trip and the RSA work, ~12 ms
        // or more: the lock saturates near 80 signatures a second, 13 × profile, on any machine (a loaded one breaks
        // earlier, on CPU). The search starts at 8 × profile, where the lock is busy ~60 % of the time and its queue
        // already holds a few tenths of a thread on average: a machine loaded by other work stops the search at its
        // first step (host-saturated), and that step must show both the masking and the lock. Steps of 6 then
        // reach the broken step (14 ×) next. Quick steps last 30 s: a share needs about a hundred execution samples
        // (≥ 10 of the path), and JFR took 4 to 6 a second of this target on a quiet 2-core machine (JDK 17, method
        // profiling high: the BookThreads wait on the lock most of the time, and the sampler misses most of the rest),
        // so 10 s steps held 44 and 53 and named no hot method, 20 s steps 81 to 120 and named the masking in two runs
        // of three (its share moves between 10 and 21 %); a target starved by other work gets fewer still.
        String capacity = quick ? "  capacity: {start: 8, step: 6, max: 62, step_duration: 30s, warmup: 1s, refine: false}\n"
                : "  capacity: {start: 8, step: 2, max: 62, step_duration: 20s, warmup: 5s, refine: true}\n";
        String yaml = planYaml(port, launch, quick).replaceAll("(?s)phases:\n.*", "phases:\n" + capacity)
                .replace("rps: 50", "rps: 4").replace("rps: 20", "rps: 2").replace("rps: 30", "rps: 4");
        Plan plan = PlanReader.parse(yaml, "demo plan", Path.of("."), name -> null);
        RunDirectory run = out != null ? RunDirectory.at(out) : RunDirectory.create(Path.of("runs"), plan.name() + "-masking");
        PrintWriter console = spec.commandLine().getOut();
        console.println("run directory: " + run.root());
        console.println("the sample service with the masking and crypto defects on http://127.0.0.1:" + port);
        return MethodConsole.runAndReport(plan, run, LoadOptions.defaults().withMaxConnections(DEMO_CONNECTIONS), null, true, console);
    }

    /**
     * Field report 004 on the gRPC order service: started with -Xmx256m -Xmn250m (a few MB of old generation for
     * ~135 MB of recent orders) and handlers that wait 25 ms on 8 workers. The whole method runs through a gRPC plan
     * (descriptors by server reflection); the observer's memory pools give the old-generation finding.
     */
    private int grpc() throws Exception {
        SampleLauncher sample = SampleLauncher.locate();
        int port = freePort();
        List<String> launch = sample.grpcCommand(port, null,
                EnumSet.of(GrpcSampleDefect.TINY_OLD_GEN, GrpcSampleDefect.SLOW_HANDLERS), null, List.of());
        Plan plan = PlanReader.parse(grpcPlanYaml(port, launch, quick), "demo plan", Path.of("."), name -> null);
        RunDirectory run = out != null ? RunDirectory.at(out) : RunDirectory.create(Path.of("runs"), plan.name());
        PrintWriter console = spec.commandLine().getOut();
        console.println("run directory: " + run.root());
        console.println("the sample order service with the tiny-old-gen and slow-handlers defects on grpc://127.0.0.1:" + port);
        // Brink keeps at most this many calls in flight. The service serves 8 workers / 25 ms = 320 calls/s: above
        // that its queue grows, and with a cap of 64 in flight the queue would wait in Brink (connections-starved,
        // generator-bound) while the service still answered within the SLO. The demo wants the service's limit.
        DemoPortExhaustion ports = DemoPortExhaustion.start(sample);
        try {
            int code = MethodConsole.runAndReport(plan, run, LoadOptions.defaults().withMaxConnections(DEMO_CONNECTIONS), null, false, console);
            ports.finish(console);
            return code;
        } finally {
            ports.close();
        }
    }

    /**
     * The gRPC demo's plan: 50 calls/s, 35 of them PlaceOrder (each keeps a 4 KB order and renders a 64 KB receipt),
     * 15 ListOrders streams of 20 messages. The slow handlers cap the service near 300 calls/s, so the search (2, 5, 8 ×)
     * breaks within three steps; with ~135 MB of orders in eden, young collections, each ending in a full GC, come
     * every few seconds under load.
     */
    static String grpcPlanYaml(int port, List<String> launch, boolean quick) {
        String cmd = launch.stream().map(a -> "'" + a.replace("'", "''") + "'").collect(Collectors.joining(", "));
        String phases = quick ? """
                  capacity: {start: 2, step: 3, max: 14, step_duration: 6s, warmup: 1s, refine: false}
                  confirm:  {ramp: 3s, hold: 6s}
                  soak:     {multiplier: 1, hold: 10s, probes: 2}
                """ : """
                  capacity: {start: 1, step: 1, max: 15, step_duration: 20s, warmup: 5s, refine: true}
                  confirm:  {ramp: 20s, hold: 1m}
                  soak:     {multiplier: 2, hold: 3m}
                """;
        return """
                name: demo-grpc
                target:
                  grpc: "127.0.0.1:%d"
                  connections: 4
                  deadline: 5s
                  jvm: {launch: [%s]}
                profile:
                  - name: place-order
                    rps: 35
                    call: brink.sample.orders.v1.Orders/PlaceOrder
                    message: '{"customer": "c${random.int(1,500)}", "lines": [{"sku": "sku-${random.int(1,2000)}", "quantity": ${random.int(1,5)}, "unit_cents": ${random.int(100,5000)}}], "note": "${random.string(48)}"}'
                  - name: list-orders
                    rps: 15
                    call: brink.sample.orders.v1.Orders/ListOrders
                    message: '{"limit": 20}'
                slo: {error_rate: 0.01, p99_ms: 500}
                phases:
                %s""".formatted(port, cmd, phases);
    }

    /**
     * The demo's plan. A profile of 100 req/s, 30 of them price changes (each one leaks an entry of a note's size).
     * The quick soak runs at 3 × profile on a 64 MB heap, the full one at 2 × on 96 MB: the live set grows by a
     * quarter of the heap or more within the soak while the service still answers.
     */
    static String planYaml(int port, List<String> launch, boolean quick) {
        String cmd = launch.stream().map(a -> "'" + a.replace("'", "''") + "'").collect(Collectors.joining(", "));
        String phases = quick ? """
                  capacity: {start: 2, step: 2, max: 40, step_duration: 6s, warmup: 1s, refine: true}
                  confirm:  {ramp: 3s, hold: 10s}
                  soak:     {multiplier: 3, hold: 50s, small_heap: 64m}
                """ : """
                  capacity: {start: 1, step: 2, max: 61, step_duration: 20s, warmup: 5s, refine: true}
                  confirm:  {ramp: 30s, hold: 2m}
                  soak:     {multiplier: 2, hold: 5m, small_heap: 96m}
                """;
        return """
                name: demo
                target:
                  base_url: http://127.0.0.1:%d
                  jvm: {launch: [%s]}
                profile:
                  - name: get-book
                    rps: 50
                    request: {method: GET, path: "/books/${random.int(1,1000)}"}
                    check: {status: 200}
                  - name: add-book
                    rps: 20
                    request: {method: POST, path: /books, headers: {Content-Type: application/json},
                              body: '{"title":"${random.string(12)}","price":${random.decimal(1,100)}}'}
                    check: {status: 201}
                  - name: reprice
                    rps: 30
                    request: {method: PUT, path: "/books/${random.int(1,1000)}/price", body: "${random.decimal(1,100)}"}
                slo: {error_rate: 0.01, p99_ms: 200}
                phases:
                %s""".formatted(port, cmd, phases);
    }

    private static int freePort() throws BrinkUserException {
        try (ServerSocket s = new ServerSocket()) {
            s.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            return s.getLocalPort();
        } catch (IOException e) {
            throw new BrinkUserException("no free port on 127.0.0.1 for the sample service: " + e.getMessage());
        }
    }
}
