package dev.brink.load;

import dev.brink.core.BrinkUserException;
import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.time.Duration;

/**
 * Compiles Brink's own request path before the clock starts. A fresh JVM runs the encode, send, parse and record
 * path interpreted for its first thousands of requests and compiles it on the same core as the load: at 5000
 * req/s the first one or two seconds fall 60-90 ms behind schedule, and those seconds alone set a short run's
 * corrected p99 (intended send time to answer) far above the server's. wrk2 calibrates for 10 s for the same reason.
 *
 * <p>So a run first loads a {@link LoopbackResponder} in this process, not the target: the same plan, encoders,
 * event loop kind, {@link LoadLoop} and parser, against 127.0.0.1 on a port of its own, in an engine of its own
 * that writes no run directory. Nothing of it reaches the target or the results: the recorded run opens its own
 * engine and connections afterwards and starts its clock then. It stops when the JIT has settled (compilation time
 * grew by less than a tenth of a round in the last round) or after {@code max} of load, whichever comes first.
 */
public final class Warmup {
    private static final Duration ROUND = Duration.ofMillis(500);
    /**
     * Requests in flight during the warm-up: a closed loop is bound by round trips, and on a busy core each one waits
     * for the responder's thread and the loop's to be scheduled in turn; more in flight, more requests per wake-up.
     */
    private static final int USERS = 128;

    private Warmup() {
    }

    /** What was warmed: how many requests in how long, and whether the JIT had settled by the end. */
    public record Report(String against, long requests, double seconds, boolean settled) {
        /** One console line that says what ran, for how long, and that none of it counts. */
        public String line() {
            return String.format(java.util.Locale.ROOT, "warm-up: %.1f s, %d requests to %s (%s); nothing sent to the "
                    + "target, nothing recorded", seconds, requests, against, settled ? "JIT settled" : "time limit reached");
        }
    }

    /**
     * Warms the HTTP/1.1 path of {@code plan} for at most {@code max}; null when the plan is not HTTP/1.1 (gRPC and
     * raw TCP have no loopback responder here). The warm-up is a closed model, {@value #USERS} users on as many
     * connections, as fast as the responder answers: the most compiled code per second of warm-up, and never a
     * backlog to drain (an open model at a rate the cold path cannot meet yet would queue requests for seconds).
     * The open model's own schedule step is a few arithmetic operations; it compiles in the run's first milliseconds.
     */
    public static Report http(Plan plan, LoadOptions options, Duration max)
            throws BrinkUserException, InterruptedException {
        if (plan.target().grpc() != null || plan.target().tcp() != null || max.toMillis() < ROUND.toMillis()) return null;
        long started = System.nanoTime();
        try (LoopbackResponder responder = new LoopbackResponder()) {
            Plan.Target t = plan.target();
            Plan local = new Plan(plan.name(), new Plan.Target(responder.baseUrl(t.baseUrl()), null), plan.profile(),
                    plan.slo(), plan.phases(), plan.data(), plan.failOn(), plan.users(), plan.flows());
            LoadOptions quick = options.withMaxConnections(USERS).withTimeouts(Duration.ofSeconds(1), Duration.ofSeconds(1));
            CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
            boolean timed = jit != null && jit.isCompilationTimeMonitoringSupported();
            long requests = 0;
            boolean settled = false;
            try (LoadEngine engine = LoadEngine.open(local, quick, null)) {
                // the limit counts from here: starting the responder and the engine is class loading the run would
                // do anyway (and on a starved core it alone can take a second); the report gives the whole time
                long deadline = System.nanoTime() + max.toNanos();
                int rounds = 0;
                while (System.nanoTime() + ROUND.toNanos() <= deadline) {
                    long jitBefore = timed ? jit.getTotalCompilationTime() : 0;
                    requests += engine.run(LoadStep.closed("warm-up", USERS, Duration.ZERO, ROUND)).sent();
                    rounds++;
                    // a round in which the compilers worked less than a tenth of the time: the hot path is compiled
                    if (timed && rounds >= 2 && jit.getTotalCompilationTime() - jitBefore < ROUND.toMillis() / 10) {
                        settled = true;
                        break;
                    }
                }
            }
            return new Report("an HTTP/1.1 responder inside Brink on 127.0.0.1", requests, (System.nanoTime() - started) / 1e9, settled);
        }
    }
}
