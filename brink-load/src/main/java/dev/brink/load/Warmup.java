package dev.brink.load;

import dev.brink.core.BrinkUserException;
import dev.brink.load.engine.LoadLoop;
import dev.brink.load.engine.LoadOptions;
import dev.brink.load.engine.LoadStep;
import dev.brink.load.engine.StepResult;
import dev.brink.load.grpc.GrpcLoopbackResponder;
import dev.brink.load.grpc.GrpcProtocols;
import dev.brink.load.http.LoopbackResponder;
import dev.brink.load.plan.Plan;
import dev.brink.load.tcp.TcpLoopbackResponder;
import dev.brink.load.tcp.TcpSpec;
import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.time.Duration;

/**
 * Compiles Brink's own request path before the clock starts. A fresh JVM runs the encode, send, parse and record
 * path interpreted for its first thousands of requests and compiles it on the same core as the load: at 5000
 * req/s the first one or two seconds fall 60-90 ms behind schedule, and those seconds alone set a short run's
 * corrected p99 (intended send time to answer) far above the server's. wrk2 calibrates for 10 s for the same reason.
 *
 * <p>So a run first loads a responder in this process, not the target ({@link LoopbackResponder} for HTTP/1.1,
 * {@link GrpcLoopbackResponder} for gRPC, {@link TcpLoopbackResponder} for raw TCP): the same plan,
 * encoders, event loop kind, {@link LoadLoop} and parser, against 127.0.0.1 on a port of its own, in an engine of its own
 * that writes no run directory. Nothing of it reaches the target or the results: the recorded run opens its own
 * engine and connections afterwards and starts its clock then. It stops when the JIT has settled (compilation time
 * grew by less than a tenth of a round in the last round; for gRPC under C1 alone, a few hundred calls and then C1's
 * queue drained, see {@link #C1_GRPC_WARM_CALLS}) or after {@code max} of load, whichever comes first.
 */
public final class Warmup {
    private static final Duration ROUND = Duration.ofMillis(500);
    /**
     * A round when this JVM compiles with C1 alone (the launcher's choice for {@code brink grpc}): C1 compiles a method
     * in well under a millisecond once it has run a few hundred times, so the call path is compiled within the first
     * round and a short one shows it as well as a long one does, for less warm-up load (a gRPC warm-up on one core,
     * loaded machine: 10 000-12 000 calls and 1.6 CPU-s in 500 ms rounds, 3 000-4 000 calls and 1.0 CPU-s in 150 ms
     * rounds, settled both ways, the run's first second no slower).
     */
    private static final Duration C1_ROUND = Duration.ofMillis(150);
    /**
     * Requests in flight during the warm-up: a closed loop is bound by round trips, and on a busy core each one waits
     * for the responder's thread and the loop's to be scheduled in turn; more in flight, more requests per wake-up.
     */
    private static final int USERS = 128;
    /**
     * Calls in flight during a gRPC warm-up: fewer, because they share HTTP/2 connections, and a burst of 128
     * concurrent calls answered together comes back as one slow batch (hundreds of ms each, measured against grpc-go's
     * Greeter as against the responder here) where 32 keep thousands of calls a second going.
     */
    private static final int GRPC_CALLS = 32;
    /**
     * A gRPC warm-up under C1 alone (the launcher's choice for runs up to 60 s): {@value #C1_GRPC_WARM_CALLS} calls
     * ({@value #C1_GRPC_CALLS} in flight, in rounds of {@link #C1_GRPC_ROUND}), then no load at all until C1's queue has
     * drained. C1 queues a method once it has run about 200 times, so those calls queue the call path and the drain
     * compiles it without more calls. The settle rule of {@link #load} (150 ms rounds of 32 calls until the compile time
     * grew by less than a tenth of a round) answered 2 100-2 800 calls, the responder alone taking 0.36-0.38 CPU-s of it.
     * bench/grpc-cpu-parts.sh 10 1000 3, this rule against that one interleaved (grpc-go's Greeter, load average 5.4-5.8):
     * warm-up 0.65-0.96 CPU-s against 1.35-1.37, whole process 3.48-4.03 against 4.30-4.46, the first second no dearer
     * (0.32-0.41 CPU-s against 0.34-0.44) and no slower (corrected p99 3.3, 7.7, 7.9 ms against 6.7, 57.0, 4.5 ms).
     */
    private static final Duration C1_GRPC_ROUND = Duration.ofMillis(50);
    private static final int C1_GRPC_CALLS = 8;
    private static final int C1_GRPC_WARM_CALLS = 300;
    /** How often a drain looks at the compile time; two looks without change: the queue is empty. */
    private static final long DRAIN_POLL_MS = 20;

    private Warmup() {
    }

    /**
     * What was warmed: how many requests in how long, how many of them the responder's answers passed as ok (a
     * responder that answered wrongly would warm the error path instead), and whether the JIT had settled by the end.
     */
    public record Report(String against, long requests, long ok, double seconds, boolean settled) {
        /** One console line that says what ran, for how long, and that none of it counts. */
        public String line() {
            return String.format(java.util.Locale.ROOT, "warm-up: %.1f s, %d requests (%d ok) to %s (%s); nothing sent "
                    + "to the target, nothing recorded", seconds, requests, ok, against, settled ? "JIT settled" : "time limit reached");
        }
    }

    /**
     * Warms the request path of {@code plan} (HTTP/1.1, gRPC or raw TCP) for at most {@code max} against a responder
     * of its own; null when {@code max} is shorter than one round. The warm-up is a closed model, {@value #USERS} users
     * on as many connections, as fast as the responder answers: the most compiled code per second of warm-up, and never
     * a backlog to drain (an open model at a rate the cold path cannot meet yet would queue requests for seconds). The
     * open model's own schedule step is a few arithmetic operations; it compiles in the run's first milliseconds.
     */
    public static Report of(Plan plan, LoadOptions options, Duration max) throws BrinkUserException, InterruptedException {
        if (max.toMillis() < round().toMillis()) return null;
        if (plan.target().grpc() != null) return grpc(plan, options, max);
        if (plan.target().tcp() != null) return tcp(plan, options, max);
        return http(plan, options, max);
    }

    /**
     * {@link #of} for an HTTP plan: a {@link LoopbackResponder} answers every request with a 200, spoken to as the target
     * will be (TLS with the same engine and ALPN, HTTP/2 streams on as many connections), so the handshake and HTTP/2
     * paths compile too. Its certificate is its own, so the warm-up does not verify it, and its connections are shared
     * whatever the plan's policy (a connection per warm-up request would leave TIME_WAIT sockets the run's port count sees).
     */
    static Report http(Plan plan, LoadOptions options, Duration max) throws BrinkUserException, InterruptedException {
        long started = System.nanoTime();
        Plan.Target t = plan.target();
        Plan.Http h = t.http();
        try (LoopbackResponder responder = new LoopbackResponder(t.tls(), h.http2())) {
            Plan.Http local = new Plan.Http(h.http2(), h.allowHttp1(), t.tls() ? new Plan.Tls(null, true) : null, "shared", h.connections());
            Plan warm = new Plan(plan.name(), new Plan.Target(responder.baseUrl(t.baseUrl()), null, null, null, local), plan.profile(),
                    plan.slo(), plan.phases(), plan.data(), plan.failOn(), plan.users(), plan.flows());
            String wire = h.http2() ? (t.tls() ? "an HTTP/2 (h2, TLS)" : "an HTTP/2 (h2c)") : t.tls() ? "an HTTPS" : "an HTTP/1.1";
            return load(warm, USERS, options, max, started, wire + " responder inside Brink on 127.0.0.1");
        }
    }

    /**
     * {@link #of} for a gRPC plan: a {@link GrpcLoopbackResponder} answers the methods the plan calls, found as the
     * run finds them (so a wrong method or field is the same one line, before any load), and the warm-up's client is
     * lent their descriptors instead of asking the responder's reflection (it has none: see the responder). On TLS
     * with its own certificate (not verified) when the target is TLS, so the handshake and TLS paths compile too. On
     * shared connections whatever the plan's policy: the call path is the same, and a connection per warm-up call
     * would leave thousands of TIME_WAIT sockets that the run's own port count would then see (in a narrowed port
     * range, running out of ports before the run starts); a connection per user made the cold responder's first
     * round time out (32 handshakes at once on its one thread, on a loaded machine).
     */
    static Report grpc(Plan plan, LoadOptions options, Duration max) throws BrinkUserException, InterruptedException {
        return grpc(plan, options, max, c1Only());
    }

    /** {@link #grpc(Plan, LoadOptions, Duration)}, by {@link #untilCompiled} when {@code c1} (and the JVM times its JIT). */
    static Report grpc(Plan plan, LoadOptions options, Duration max, boolean c1) throws BrinkUserException, InterruptedException {
        long started = System.nanoTime();
        java.util.List<com.google.protobuf.Descriptors.MethodDescriptor> methods = GrpcProtocols.methods(plan);
        Plan.Grpc g = plan.target().grpc();
        boolean tls = g.tls() != null;
        try (GrpcLoopbackResponder responder = new GrpcLoopbackResponder(methods, tls)) {
            Plan.Grpc local = new Plan.Grpc(null, java.util.List.of(), null, g.channels(), "shared", g.deadline(),
                    tls ? new Plan.Tls(null, true) : null, null);
            Plan warm = new Plan(plan.name(), new Plan.Target(java.net.URI.create("grpc://127.0.0.1:" + responder.port()), null,
                    local), plan.profile(), plan.slo(), plan.phases(), plan.data(), plan.failOn(), plan.users(), plan.flows());
            GrpcProtocols.lend(warm, methods);
            String against = "a gRPC responder " + (tls ? "(TLS) " : "") + "inside Brink on 127.0.0.1";
            CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
            if (c1 && jit != null && jit.isCompilationTimeMonitoringSupported()) {
                return untilCompiled(warm, jit, options, max, started, against);
            }
            return load(warm, GRPC_CALLS, options, max, started, against);
        }
    }

    /** {@link #of} for a raw-TCP plan: a {@link TcpLoopbackResponder} answers each packet as the plan's framing expects. */
    static Report tcp(Plan plan, LoadOptions options, Duration max) throws BrinkUserException, InterruptedException {
        long started = System.nanoTime();
        try (TcpLoopbackResponder responder = new TcpLoopbackResponder(TcpSpec.of(plan))) {
            Plan warm = new Plan(plan.name(), new Plan.Target(java.net.URI.create("tcp://127.0.0.1:" + responder.port()), null,
                    null, plan.target().tcp()), plan.profile(), plan.slo(), plan.phases(), plan.data(), plan.failOn(),
                    plan.users(), plan.flows());
            return load(warm, USERS, options, max, started, "a raw-TCP responder inside Brink on 127.0.0.1");
        }
    }

    /** Rounds of closed load on {@code local} until the JIT settles or {@code max} of load has run. */
    private static Report load(Plan local, int users, LoadOptions options, Duration max, long started, String against)
            throws BrinkUserException, InterruptedException {
        LoadOptions quick = options.withMaxConnections(users).withTimeouts(Duration.ofSeconds(1), Duration.ofSeconds(1));
        CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
        boolean timed = jit != null && jit.isCompilationTimeMonitoringSupported();
        long requests = 0;
        long ok = 0;
        boolean settled = false;
        Duration length = round();
        try (LoadEngine engine = LoadEngine.open(local, quick, null)) {
            // the limit counts from here: starting the responder and the engine is class loading the run would
            // do anyway (and on a starved core it alone can take a second); the report gives the whole time
            long deadline = System.nanoTime() + max.toNanos();
            int rounds = 0;
            while (System.nanoTime() + length.toNanos() <= deadline) {
                long jitBefore = timed ? jit.getTotalCompilationTime() : 0;
                StepResult round = engine.run(LoadStep.closed("warm-up", users, Duration.ZERO, length));
                requests += round.sent();
                ok += round.ok();
                rounds++;
                // a round in which the compilers worked less than a tenth of the time: the hot path is compiled
                if (timed && rounds >= 2 && jit.getTotalCompilationTime() - jitBefore < length.toMillis() / 10) {
                    settled = true;
                    break;
                }
            }
        }
        return new Report(against, requests, ok, (System.nanoTime() - started) / 1e9, settled);
    }

    /**
     * Under C1 alone: {@value #C1_GRPC_WARM_CALLS} calls, then none until the compiler has drained its queue, or until
     * {@code max} has run (see {@link #C1_GRPC_WARM_CALLS}); settled when the drain ended before {@code max}.
     */
    private static Report untilCompiled(Plan local, CompilationMXBean jit, LoadOptions options, Duration max, long started,
                                        String against) throws BrinkUserException, InterruptedException {
        LoadOptions quick = options.withMaxConnections(C1_GRPC_CALLS).withTimeouts(Duration.ofSeconds(1), Duration.ofSeconds(1));
        long requests = 0;
        long ok = 0;
        boolean settled = false;
        try (LoadEngine engine = LoadEngine.open(local, quick, null)) {
            long deadline = System.nanoTime() + max.toNanos(); // from here, as in load()
            while (requests < C1_GRPC_WARM_CALLS && System.nanoTime() + C1_GRPC_ROUND.toNanos() <= deadline) {
                StepResult round = engine.run(LoadStep.closed("warm-up", C1_GRPC_CALLS, Duration.ZERO, C1_GRPC_ROUND));
                requests += round.sent();
                ok += round.ok();
            }
            settled = requests >= C1_GRPC_WARM_CALLS && drain(jit, deadline);
        }
        return new Report(against, requests, ok, (System.nanoTime() - started) / 1e9, settled);
    }

    /** Waits, with no load, until the compile time stays the same over two polls (true) or the deadline comes. */
    private static boolean drain(CompilationMXBean jit, long deadline) throws InterruptedException {
        long last = jit.getTotalCompilationTime();
        int still = 0;
        while (still < 2) {
            if (System.nanoTime() + DRAIN_POLL_MS * 1_000_000 > deadline) return false;
            Thread.sleep(DRAIN_POLL_MS);
            long now = jit.getTotalCompilationTime();
            still = now == last ? still + 1 : 0;
            last = now;
        }
        return true;
    }

    /** One round of warm-up load: shorter when C1 alone compiles (see {@link #C1_ROUND}). */
    static Duration round() {
        return c1Only() ? C1_ROUND : ROUND;
    }

    /** Whether this JVM compiles with C1 alone (-XX:TieredStopAtLevel below 4). */
    private static boolean c1Only() {
        try {
            com.sun.management.HotSpotDiagnosticMXBean vm = ManagementFactory.getPlatformMXBean(com.sun.management.HotSpotDiagnosticMXBean.class);
            return vm != null && Integer.parseInt(vm.getVMOption("TieredStopAtLevel").getValue()) < 4;
        } catch (RuntimeException e) {
            return false; // not HotSpot, or no such option: the default round
        }
    }
}
