package dev.brink.load;

import dev.brink.core.BrinkUserException;
import dev.brink.core.EventType;
import dev.brink.core.Json;
import dev.brink.core.Numbers;
import dev.brink.core.RunDirectory;
import dev.brink.core.event.GeneratorBound;
import dev.brink.core.event.LoadClose;
import dev.brink.core.event.LoadOpen;
import dev.brink.core.event.ShardEvent;
import dev.brink.core.event.StepEnd;
import dev.brink.core.event.StepStart;
import dev.brink.load.engine.Counters;
import dev.brink.load.engine.CsvFeeder;
import dev.brink.load.engine.FlowTable;
import dev.brink.core.line.GeneratorHealth;
import dev.brink.load.engine.IntervalListener;
import dev.brink.core.line.IntervalStats;
import dev.brink.load.engine.LoadLoop;
import dev.brink.load.engine.LoadOptions;
import dev.brink.load.engine.LoadStep;
import dev.brink.load.engine.OpState;
import dev.brink.core.line.Percentiles;
import dev.brink.load.engine.Protocol;
import dev.brink.load.engine.RequestContext;
import dev.brink.load.engine.RunOutput;
import dev.brink.load.engine.Shape;
import dev.brink.load.engine.ShardInterval;
import dev.brink.load.engine.StepAccumulator;
import dev.brink.load.engine.StepDriver;
import dev.brink.load.engine.StepResult;
import dev.brink.load.grpc.GrpcProtocols;
import dev.brink.load.host.GeneratorMonitor;
import dev.brink.load.engine.TlsSummary;
import dev.brink.load.http.HttpProtocols;
import dev.brink.load.plan.Plan;
import dev.brink.load.tcp.TcpProtocol;
import dev.brink.load.tcp.TcpSpec;
import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollEventLoopGroup;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.util.ResourceLeakDetector;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.UnaryOperator;
import org.HdrHistogram.Histogram;

/**
 * Brink's load engine: drives a {@link Plan}'s profile against its target over HTTP/1.1 or HTTP/2 (plaintext or
 * TLS), gRPC calls or raw TCP sessions (a {@link Protocol} behind the same schedule and recording), one {@link LoadStep} after another, on the same connections (a capacity search changes
 * the rate between steps without reconnecting). Every second it writes a load.jsonl, generator.jsonl and
 * latency.hlog interval to the run directory (if given) and hands the same interval to the listeners.
 *
 * <p>Threads: all sending and receiving happens on one Netty event loop (epoll on Linux, else NIO); the
 * thread calling {@link #run} does the per-second reporting and blocks until the step is over. One step
 * at a time: {@code run} is not reentrant. {@link #close} releases the connections and the event loop.
 *
 * <p>Latency: open models record the corrected latency (response time − intended send time, so waiting
 * for a connection or a stalled schedule counts) and the service time (response − actual send), both in
 * microsecond HdrHistograms with 3 significant digits.
 */
public final class LoadEngine implements StepDriver {
    private volatile String lastStepStarted;
    private volatile boolean endRequested;
    private static final long SECOND = 1_000_000_000L;

    private final Plan plan;
    private final LoadOptions options;
    private final EventLoopGroup group;
    private final LoadLoop loop;
    private final Protocol protocol;
    private volatile List<dev.brink.core.evidence.StreamTimingLine> lastStreams = List.of();
    private volatile TlsSummary lastTls;
    private final RunOutput out;
    private final GeneratorMonitor monitor;
    private final String transport;
    private final long baseNanos = System.nanoTime();
    private final long baseEpochMs = System.currentTimeMillis();
    private final List<IntervalListener> listeners = new CopyOnWriteArrayList<>();
    private final Counters[] snap;
    private final Counters total = new Counters();
    private final Histogram lagSnap = Counters.newHistogram();
    private final String[] names;
    private volatile java.util.function.Consumer<ShardInterval> exporter;

    static {
        // Netty's leak detector (SIMPLE by default) wraps a sample of buffer allocations in tracking objects: on
        // the per-request path that was ~13 bytes per request at 3000 req/s (JFR, bench/alloc-profile.sh). The
        // engine releases every buffer it takes (Conn.channelRead, the encoder's write); a run that wants the
        // detector back sets -Dio.netty.leakDetection.level, which wins.
        if (System.getProperty("io.netty.leakDetection.level") == null && System.getProperty("io.netty.leakDetectionLevel") == null) {
            ResourceLeakDetector.setLevel(ResourceLeakDetector.Level.DISABLED);
        }
    }

    private LoadEngine(Plan plan, LoadOptions options, RunDirectory run, UnaryOperator<String> env) throws BrinkUserException {
        this.plan = plan;
        this.options = options;
        URI base = plan.target().baseUrl();
        InetSocketAddress address = new InetSocketAddress(base.getHost(), dev.brink.core.Addresses.portOf(base));
        if (address.isUnresolved()) throw new BrinkUserException("unknown host '" + base.getHost() + "' in " + base);
        CsvFeeder feeder = plan.data() == null ? null : CsvFeeder.load(plan.data().csv(), plan.data().random(), options.shard());
        List<String> columns = feeder == null ? List.of() : feeder.columns();
        OpState[] ops = new OpState[plan.profile().size()];
        names = new String[ops.length];
        snap = new Counters[ops.length];
        for (int i = 0; i < ops.length; i++) {
            ops[i] = new OpState(i, plan.profile().get(i));
            names[i] = ops[i].name;
            snap[i] = new Counters();
        }
        boolean epoll = switch (options.transport()) {
            case "epoll" -> {
                if (!Epoll.isAvailable()) throw new BrinkUserException("transport epoll: not available here ("
                        + Epoll.unavailabilityCause() + "); expected --transport nio or auto");
                yield true;
            }
            case "nio" -> false;
            default -> Epoll.isAvailable();
        };
        this.transport = epoll ? "epoll" : "nio";
        DefaultThreadFactory threads = new DefaultThreadFactory("brink-load", true);
        this.group = epoll ? new EpollEventLoopGroup(1, threads) : new NioEventLoopGroup(1, threads);
        Bootstrap bootstrap = new Bootstrap().group(group)
                .channel(epoll ? EpollSocketChannel.class : NioSocketChannel.class)
                .option(ChannelOption.TCP_NODELAY, true)
                .option(ChannelOption.ALLOCATOR, PooledByteBufAllocator.DEFAULT)
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int) Math.min(Integer.MAX_VALUE, options.connectTimeout().toMillis()));
        RequestContext ctx = new RequestContext(System.nanoTime(), feeder);
        try {
            EventLoop el = group.next();
            this.protocol = plan.target().grpc() != null
                    ? GrpcProtocols.open(plan, address, bootstrap, columns, env, options)
                    : plan.target().tcp() != null ? new TcpProtocol(bootstrap, address, TcpSpec.of(plan), System.nanoTime(), options.shard())
                    : HttpProtocols.open(plan, address, bootstrap, columns, env, options);
            this.loop = el.submit(() -> new LoadLoop(el, protocol, options, ops, ctx, FlowTable.of(plan))).get();
            long loopThread = el.submit(() -> Thread.currentThread().getId()).get();
            this.monitor = new GeneratorMonitor(loopThread, options.lagLimitMs());
            this.out = new RunOutput(run, baseEpochMs);
        } catch (IOException e) {
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS);
            throw new BrinkUserException("cannot write the run directory: " + e.getMessage());
        } catch (BrinkUserException e) {
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS);
            throw e;
        } catch (InterruptedException | ExecutionException e) {
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS);
            throw new IllegalStateException("event loop failed to start", e);
        }
        out.event(EventType.LOAD_OPEN, new LoadOpen(base.toString(), transport, plan.target().http() != null ? HttpProtocols.wire(plan) : null,
                options.maxConnections(), null, List.of(names)).fields());
        if (options.shard().sharded() || options.shard().startAt() != null) out.event(EventType.SHARD, ShardEvent.of(options.shard()).fields());
    }

    /** Opens an engine for {@code plan}; {@code run} may be null (no files, listeners only). */
    public static LoadEngine open(Plan plan, LoadOptions options, RunDirectory run) throws BrinkUserException {
        return new LoadEngine(plan, options, run, System::getenv);
    }

    /** As {@link #open(Plan, LoadOptions, RunDirectory)} with {@code ${env.NAME}} read from {@code env}. */
    public static LoadEngine open(Plan plan, LoadOptions options, RunDirectory run, UnaryOperator<String> env)
            throws BrinkUserException {
        return new LoadEngine(plan, options, run, env);
    }

    /**
     * Fails fast, before any load, when nothing accepts connections at {@code baseUrl}: one TCP connect.
     * @throws BrinkUserException "cannot connect to host:port: reason"
     */
    public static void checkReachable(URI baseUrl, Duration timeout) throws BrinkUserException {
        int port = dev.brink.core.Addresses.portOf(baseUrl);
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress(baseUrl.getHost(), port), (int) Math.max(1, timeout.toMillis()));
        } catch (IOException e) {
            throw new BrinkUserException("cannot connect to " + baseUrl.getHost() + ":" + port + ": " + e.getMessage()
                    + " (expected a server listening there)");
        }
    }

    @Override
    public void addListener(IntervalListener listener) {
        listeners.add(listener);
    }

    /**
     * Hands every interval, as counts and encoded histograms per operation, to {@code sink} (a worker sends them to
     * its coordinator). Called on the reporting thread after the listeners.
     */
    public void exportIntervals(java.util.function.Consumer<ShardInterval> sink) {
        exporter = sink;
    }

    /** "epoll" or "nio". */
    public String transport() {
        return transport;
    }

    @Override
    public Plan plan() {
        return plan;
    }

    /** Runs the steps in order on the same connections; returns one result per step. */
    public List<StepResult> runAll(List<LoadStep> steps) throws InterruptedException {
        List<StepResult> results = new ArrayList<>();
        for (LoadStep s : steps) results.add(run(s));
        return results;
    }

    /**
     * The name of the last step {@link #run} started ("capacity-x3", "confirm-hold"), null before the first: where
     * a run that is stopped now was cut short, as a run rebuilt from its events.jsonl reports it.
     */
    @Override
    public String lastStepStarted() {
        return lastStepStarted;
    }

    /**
     * Runs one step and blocks until it is over: its duration, then up to request-timeout + 1 s for its
     * requests in flight or waiting (what still waits after that is counted dropped). Called from one thread
     * at a time; listeners run on this thread.
     */
    @Override
    public StepResult run(LoadStep step) throws InterruptedException {
        long duration = step.duration().toNanos();
        Shape shape = step.workload().rateShape(duration / 1e9);
        double mean = shape == null ? 0 : shape.area() / shape.seconds() * part();
        double target = plan.totalRps() * mean;
        double[] opTargets = plan.profile().stream().mapToDouble(op -> op.rps() * mean).toArray();
        StepAccumulator acc = new StepAccumulator(step, target, names, opTargets);
        lastStepStarted = step.name();
        out.event(EventType.STEP_START, stepStart(step, duration / 1e9, target).fields());
        monitor.reset();
        long start = call(() -> {
            if (shape != null) return loop.startOpen(shape);
            if (step.workload() instanceof LoadStep.Workload.ClosedStages c) {
                // this shard's share of the users at each moment: the shape scaled by its part
                return loop.startClosed((int) Math.max(1, Math.ceil(c.maxUsers() * part())), LoadStep.shape(c.stages(), part()),
                        c.thinkTime(), c.pacing().toNanos(), duration);
            }
            LoadStep.Workload.Closed c = (LoadStep.Workload.Closed) step.workload();
            return loop.startClosed((int) options.shard().share(c.users()), c.thinkTime(), c.pacing().toNanos(), duration);
        });
        long end = start + duration;
        long from = start;
        while (from < end && !endRequested) {
            long to = Math.min(from + SECOND, end);
            sleepUntil(to);
            emit(step, shape, start, from, to, acc, false);
            from = to;
        }
        boolean endedEarly = from < end;
        if (endedEarly) {
            // cleared only by the step that ended on it: a request that came before or while this step started, or
            // after it ended on its own, ends the next one
            endRequested = false;
        }
        call(() -> {
            loop.stop();
            return null;
        });
        long deadline = System.nanoTime() + options.requestTimeout().toNanos() + SECOND;
        while (call(loop::pending) > 0 && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        call(() -> {
            loop.abandonBacklog();
            return null;
        });
        emit(step, shape, start, from, System.nanoTime(), acc, true);
        List<dev.brink.core.evidence.StreamTimingLine> streams = call(() -> protocol.takeStreamTimings(step.name()));
        lastStreams = streams;
        out.streams(streams);
        TlsSummary tls = call(protocol::takeTls);
        lastTls = tls;
        StepResult r = acc.result(Math.max(1e-3, (from - start) / 1e9));
        out.event(EventType.STEP_END, stepEnd(r, endedEarly).fields());
        if (tls != null) {
            out.event(EventType.TLS, tls.event(step.name()).fields());
        }
        return r;
    }

    /**
     * The step-start event of {@code step}. Its workload is the typed record ({@code {"model": "closed", "users": 16,
     * "think_ms": 0}} or {@code {"model": "open", "from": 2, "to": 2}}), not its Java text: a closed step has no target
     * rate (0), so its users are the only record of how much load it was.
     */
    public static StepStart stepStart(LoadStep step, double durationS, double targetRps) {
        return new StepStart(step.name(), durationS, targetRps, Json.MAPPER.valueToTree(step.workload()), null);
    }

    /** The step-end event of {@code r}: what the step achieved (this engine's, or a coordinator's merged step). */
    public static StepEnd stepEnd(StepResult r, boolean endedEarly) {
        return new StepEnd(r.step(), endedEarly ? r.durationS() : null, r.achievedRps(), r.errorRate(), r.dropped(), r.generatorBound(),
                r.generatorBoundReasons(), null);
    }

    /** The TLS handshakes of the last step (an https target), or null without TLS. */
    public TlsSummary lastTls() {
        return lastTls;
    }

    /** The per-message timing of the last step's server-streaming calls (empty without such calls). */
    @Override
    public List<dev.brink.core.evidence.StreamTimingLine> lastStreamTimings() {
        return lastStreams;
    }

    /**
     * Ends the running step at its next one-second boundary, as if its duration were over (the method calls it
     * when the target died: load against a dead port measures nothing). Any thread; between steps, the next step
     * ends at once.
     */
    @Override
    public void endStep() {
        endRequested = true;
    }

    private void emit(LoadStep step, Shape shape, long stepStart, long from, long to, StepAccumulator acc, boolean drain)
            throws InterruptedException {
        int[] state = call(() -> loop.snapshot(snap, lagSnap));
        long dropped = call(loop::takeDropped);
        total.clear();
        for (Counters c : snap) total.add(c);
        if (drain && total.sent == 0 && total.ok == 0 && total.errorCount() == 0 && total.dropped == 0) {
            return; // nothing was still in flight: no empty tail line
        }
        GeneratorHealth health = monitor.sample(lagSnap, state[3], dropped, options.backlogLimit());
        double seconds = Math.max(1e-9, (to - from) / 1e9);
        // the schedule's mean multiplier over the interval (what load.jsonl's target_rps says), from the step's shape
        double meanMultiplier = drain || shape == null ? 0 : shape.mean((from - stepStart) / 1e9, (to - stepStart) / 1e9) * part();
        Map<String, IntervalStats.Op> ops = new LinkedHashMap<>();
        for (int i = 0; i < snap.length; i++) {
            Counters c = snap[i];
            ops.put(names[i], new IntervalStats.Op(round(plan.profile().get(i).rps() * meanMultiplier), c.sent, c.ok,
                    c.errorMap(), c.dropped, Percentiles.of(c.corrected), Percentiles.of(c.uncorrected)));
        }
        long endMs = epochMs(to);
        IntervalStats stats = new IntervalStats(endMs, round((to - baseNanos) / 1e9), step.name(), round(seconds),
                round(plan.totalRps() * meanMultiplier), total.sent, total.ok, total.errorMap(), total.dropped,
                Percentiles.of(total.corrected), Percentiles.of(total.uncorrected), state[0], state[2], state[1], health.bound(), ops,
                state[3]);
        out.interval(stats, health, epochMs(from), endMs, total.corrected, total.uncorrected, names, snap);
        if (health.bound()) out.event(EventType.GENERATOR_BOUND, new GeneratorBound(step.name(), health.reasons()).fields());
        acc.add(total, snap, state[0], health);
        for (IntervalListener l : listeners) {
            l.onLatency(total.corrected);
            l.onInterval(stats, health);
        }
        var sink = exporter;
        if (sink != null) sink.accept(ShardInterval.of(epochMs(from), endMs, stats, health, names, snap));
    }

    /** This shard's part of the schedule's rates: its target rates, summed over the N shards, are the plan's. */
    private double part() {
        return 1.0 / options.shard().count();
    }

    private long epochMs(long nanos) {
        return baseEpochMs + (nanos - baseNanos) / 1_000_000;
    }

    private static double round(double v) {
        return Numbers.round(v);
    }

    private static void sleepUntil(long nanos) throws InterruptedException {
        long left;
        while ((left = nanos - System.nanoTime()) > 0) {
            LockSupport.parkNanos(left);
            if (Thread.interrupted()) throw new InterruptedException();
        }
    }

    private <T> T call(Callable<T> task) throws InterruptedException {
        try {
            return loop.eventLoop().submit(task).get();
        } catch (ExecutionException e) {
            throw new IllegalStateException("load event loop failed", e.getCause());
        }
    }

    @Override
    public void close() {
        try {
            call(() -> {
                loop.closeAll();
                return null;
            });
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            // the loop is already gone
        }
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
        out.event(EventType.LOAD_CLOSE, LoadClose.INSTANCE.fields());
        try {
            out.close();
        } catch (IOException e) {
            // the lines are flushed already; nothing more to save
        }
    }
}
