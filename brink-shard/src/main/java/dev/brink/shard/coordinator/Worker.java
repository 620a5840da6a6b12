package dev.brink.shard.coordinator;

import dev.brink.core.BrinkUserException;
import dev.brink.core.RunDirectory;
import dev.brink.core.Shard;
import dev.brink.core.UserText;
import dev.brink.load.LoadEngine;
import dev.brink.load.engine.LoadOptions;
import dev.brink.load.engine.ShardInterval;
import dev.brink.load.engine.StepResult;
import dev.brink.load.plan.Plan;
import dev.brink.load.plan.bind.PlanReader;
import dev.brink.shard.StepDispatch;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;

/**
 * {@code brink worker}: joins a coordinator, receives the plan, then runs each step it is given as shard I of N (the
 * same schedule split as {@code --shard I/N}) from the instant the coordinator names, posting its intervals twice a
 * second while the step runs and the rest when it ends; it writes its own run directory as any load does. Between
 * steps it long-polls for the next order. It measures its clock against the coordinator's when it joins (NTP's
 * midpoint: offset = coordinator's time − the middle of the request) and sends every time in the coordinator's clock.
 */
public final class Worker {
    private static final Duration POST_EVERY = Duration.ofMillis(500);
    /** How long the coordinator may not answer during the run before the worker gives up on it. */
    private static final Duration COORDINATOR_LOST = Duration.ofSeconds(30);

    private final String hostPort;
    private final URI base;
    private final ControlToken token;
    private final Shard shard;
    private final PrintWriter console;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).version(HttpClient.Version.HTTP_1_1).build();
    private long offsetMs;
    /** The coordinator said the run is over (heard by the watcher of a step, or between steps). */
    private final AtomicBoolean over = new AtomicBoolean();
    /** The next step, when the watcher of the last one already received it. */
    private final java.util.concurrent.atomic.AtomicReference<ControlMessages.Order> early = new java.util.concurrent.atomic.AtomicReference<>();

    private Worker(String hostPort, ControlToken token, Shard shard, PrintWriter console) throws BrinkUserException {
        this.hostPort = hostPort;
        this.token = token;
        this.shard = shard;
        this.console = console;
        try {
            this.base = URI.create("http://" + hostPort);
            if (base.getHost() == null || base.getPort() < 1) throw new IllegalArgumentException("no host or port");
        } catch (IllegalArgumentException e) {
            throw new BrinkUserException("bad --coordinator '" + UserText.quote(hostPort) + "': expected HOST:PORT, like 10.0.0.5:7070");
        }
    }

    /**
     * Runs until the coordinator says the run is over.
     * @param out  the worker's own run directory
     * @param wait how long to keep trying to reach the coordinator at the start (a pod may start before it)
     * @throws BrinkUserException one line: the coordinator unreachable, the token refused, another N, a bad plan
     */
    public static void run(String coordinator, Shard shard, ControlToken token, RunDirectory out, Duration wait,
                           LoadOptions options, PrintWriter console) throws BrinkUserException, InterruptedException {
        new Worker(coordinator, token, shard, console).run(out, wait, options);
    }

    private void run(RunDirectory out, Duration wait, LoadOptions options) throws BrinkUserException, InterruptedException {
        ControlMessages.Welcome w = join(wait);
        measureClock();
        Plan plan = PlanReader.parse(w.plan(), w.planFile(), Path.of("").toAbsolutePath(), System::getenv);
        Shard me = new Shard(shard.index(), shard.count(), null, "coordinator", (double) offsetMs);
        console.printf(Locale.ROOT, "worker %s joined the coordinator at %s (clock offset %+d ms); plan %s%n", shard, hostPort,
                offsetMs, plan.name());
        console.flush();
        LoadOptions o = options.withShard(me);
        // the coordinator judges with the same lag limit a single process would use for this plan's SLO
        if (plan.slo() != null) o = o.withLagLimitMs(Math.max(o.lagLimitMs(), 0.05 * plan.slo().p99Ms()));
        try (LoadEngine engine = LoadEngine.open(plan, o, out)) {
            ConcurrentLinkedQueue<ShardInterval> queue = new ConcurrentLinkedQueue<>();
            engine.exportIntervals(i -> queue.add(shifted(i)));
            long seq = 0;
            long lastHeard = System.nanoTime();
            while (true) {
                ControlMessages.Order order;
                try {
                    order = early.getAndSet(null);
                    if (order == null) order = nextOrder(seq, plan);
                    lastHeard = System.nanoTime();
                } catch (IOException e) {
                    if (System.nanoTime() - lastHeard > COORDINATOR_LOST.toNanos()) {
                        throw new BrinkUserException("lost the coordinator at " + hostPort + ": no answer for "
                                + COORDINATOR_LOST.toSeconds() + " s (" + e.getClass().getSimpleName() + ")");
                    }
                    Thread.sleep(500);
                    continue;
                }
                if (order == null || order.kind() == ControlMessages.Kind.END_STEP) continue;
                if (order.kind() == ControlMessages.Kind.DONE) break;
                seq = order.seq();
                runStep(engine, order, plan, queue);
                // the coordinator counts a worker as told once any of its polls got the word: it may be gone now
                if (over.get()) break;
            }
        }
        console.println("worker " + shard + ": the coordinator ended the run");
    }

    private void runStep(LoadEngine engine, ControlMessages.Order order, Plan plan, ConcurrentLinkedQueue<ShardInterval> queue)
            throws InterruptedException, BrinkUserException {
        long startLocal = order.startAtMs() - offsetMs;
        long sleep = startLocal - System.currentTimeMillis();
        if (sleep > 0) Thread.sleep(Math.min(sleep, 60_000));
        AtomicBoolean running = new AtomicBoolean(true);
        Thread sender = new Thread(() -> {
            while (running.get()) {
                LockSupport.parkNanos(POST_EVERY.toNanos());
                postQuietly(new StepDispatch.Report(shard.index(), order.seq(), drain(queue), null));
            }
        }, "brink-worker-send");
        Thread watcher = new Thread(() -> {
            while (running.get()) {
                try {
                    ControlMessages.Order o = nextOrder(order.seq(), plan);
                    if (o != null && o.kind() == ControlMessages.Kind.STEP && o.seq() > order.seq()) {
                        early.set(o); // the next step, published while this one's last poll was out
                        return;
                    }
                    if (o != null && o.kind() != ControlMessages.Kind.STEP) {
                        if (o.kind() == ControlMessages.Kind.DONE) over.set(true);
                        engine.endStep();
                        return;
                    }
                } catch (IOException | BrinkUserException e) {
                    LockSupport.parkNanos(POST_EVERY.toNanos());
                } catch (InterruptedException e) {
                    return;
                }
            }
        }, "brink-worker-watch");
        sender.setDaemon(true);
        watcher.setDaemon(true);
        sender.start();
        watcher.start();
        StepResult r;
        try {
            r = engine.run(order.step());
        } finally {
            running.set(false);
            sender.join(2000);
            watcher.join(3000); // its last poll (at most a second) may bring the word that the run is over
        }
        post(new StepDispatch.Report(shard.index(), order.seq(), drain(queue), r.durationS()));
        console.printf(Locale.ROOT, "  %s: %d sent, %d ok, %.1f req/s%n", order.step().name(), r.sent(), r.ok(), r.achievedRps());
        console.flush();
    }

    private static List<ShardInterval> drain(ConcurrentLinkedQueue<ShardInterval> q) {
        List<ShardInterval> l = new ArrayList<>();
        ShardInterval i;
        while ((i = q.poll()) != null && l.size() < ControlMessages.MAX_INTERVALS) l.add(i);
        return l;
    }

    private ShardInterval shifted(ShardInterval i) {
        return new ShardInterval(i.startMs() + offsetMs, i.endMs() + offsetMs, i.intervalS(), i.targetRps(), i.inFlight(),
                i.waiting(), i.connections(), i.generator(), i.ops());
    }

    private ControlMessages.Welcome join(Duration wait) throws BrinkUserException, InterruptedException {
        long end = System.nanoTime() + wait.toNanos();
        String why;
        while (true) {
            long t0 = System.currentTimeMillis();
            try {
                HttpResponse<byte[]> r = send(HttpRequest.newBuilder(base.resolve("/v1/join"))
                        .POST(HttpRequest.BodyPublishers.ofByteArray(ControlMessages.join(shard.index(), shard.count()))));
                long t1 = System.currentTimeMillis();
                check(r, "join");
                ControlMessages.Welcome w = readOrFail(() -> ControlMessages.readWelcome(r.body()), "join");
                offsetMs = w.epochMs() - (t0 + t1) / 2;
                return w;
            } catch (IOException e) {
                why = e instanceof ConnectException ? "connection refused" : e.getClass().getSimpleName()
                        + (e.getMessage() == null ? "" : ": " + UserText.oneLine(e.getMessage()));
            }
            if (System.nanoTime() > end) {
                throw new BrinkUserException("cannot reach the coordinator at " + hostPort + " within " + wait.toSeconds() + " s: " + why
                        + " (expected brink run PLAN --shards " + shard.count() + " --coordinator " + hostPort + " running there)");
            }
            Thread.sleep(500);
        }
    }

    /**
     * NTP's estimate, the best of a few: offset = coordinator's time − the middle of the request; its error is at most
     * half the round trip, so the sample with the shortest round trip wins (a join on a busy machine may take seconds).
     */
    private void measureClock() throws InterruptedException, BrinkUserException {
        long best = Long.MAX_VALUE;
        for (int i = 0; i < 5; i++) {
            try {
                long t0 = System.nanoTime();
                long w0 = System.currentTimeMillis();
                HttpResponse<byte[]> r = send(HttpRequest.newBuilder(base.resolve("/v1/time")).GET());
                long rtt = (System.nanoTime() - t0) / 1_000_000;
                check(r, "time");
                long theirs = readOrFail(() -> ControlMessages.readTime(r.body()), "time");
                if (rtt < best) {
                    best = rtt;
                    offsetMs = theirs - (w0 + rtt / 2);
                }
            } catch (IOException e) {
                // the join's estimate stays
            }
        }
    }

    private ControlMessages.Order nextOrder(long after, Plan plan) throws IOException, InterruptedException, BrinkUserException {
        HttpResponse<byte[]> r = send(HttpRequest.newBuilder(base.resolve("/v1/order?shard=" + shard.index() + "&after=" + after)).GET());
        if (r.statusCode() == 204) return null;
        check(r, "order");
        return readOrFail(() -> ControlMessages.readOrder(r.body(), plan), "order");
    }

    private void post(StepDispatch.Report report) throws InterruptedException, BrinkUserException {
        for (int attempt = 0; ; attempt++) {
            try {
                HttpResponse<byte[]> r = send(HttpRequest.newBuilder(base.resolve("/v1/intervals"))
                        .POST(HttpRequest.BodyPublishers.ofByteArray(ControlMessages.report(report))));
                check(r, "intervals");
                return;
            } catch (IOException e) {
                if (attempt >= 10) throw new BrinkUserException("cannot send step results to the coordinator at " + hostPort + ": "
                        + e.getClass().getSimpleName());
                Thread.sleep(500);
            }
        }
    }

    private void postQuietly(StepDispatch.Report report) {
        try {
            post(report);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (BrinkUserException e) {
            // the step's end posts again and reports the failure
        }
    }

    private HttpResponse<byte[]> send(HttpRequest.Builder b) throws IOException, InterruptedException {
        return http.send(b.header("Authorization", token.header()).header("Content-Type", "application/json")
                .timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofByteArray());
    }

    private void check(HttpResponse<byte[]> r, String what) throws BrinkUserException {
        if (r.statusCode() == 200) return;
        if (r.statusCode() == 401) {
            throw new BrinkUserException("the coordinator at " + hostPort + " refused this worker's token (401): expected the"
                    + " coordinator's own secret in " + ControlToken.ENV + " or --token-file");
        }
        String said;
        try {
            said = dev.brink.core.Json.MAPPER.readTree(r.body()).path("error").asText("");
        } catch (IOException | RuntimeException e) {
            said = "";
        }
        throw new BrinkUserException("the coordinator at " + hostPort + " refused " + what + " (" + r.statusCode() + "): "
                + UserText.oneLine(said.isEmpty() ? "no reason given" : said));
    }

    private <T> T readOrFail(java.util.function.Supplier<T> read, String what) throws BrinkUserException {
        try {
            return read.get();
        } catch (IllegalArgumentException e) {
            throw new BrinkUserException("the coordinator at " + hostPort + " sent a bad " + what + ": " + UserText.oneLine(e.getMessage()));
        }
    }
}
