package dev.brink.load.engine;

import dev.brink.load.plan.ThinkTime;
import io.netty.channel.EventLoop;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;

/**
 * The hot path: schedule, connection pool, backlog and recording, all confined to ONE Netty event loop so
 * nothing needs a lock. A fixed-rate tick sends every request whose intended time has come (open model) or
 * whose user finished thinking (closed model). A request with no free connection waits in the backlog (its
 * wait counts in corrected latency); a full backlog drops it and says so. Per request this allocates nothing
 * on the heap here; what a request costs on the wire is the {@link Protocol}'s business (HTTP/1.1: a pooled
 * direct buffer out, the response parsed in place). The loop sees only {@link Link}s: slots that carry one
 * request at a time, opened by the protocol, completed or failed by it.
 */
public final class LoadLoop {
    private final EventLoop loop;
    private final Protocol protocol;
    private final LoadOptions options;
    final OpState[] ops;
    private final RequestContext ctx;
    private final FlowTable flows;

    // connections: all live ones (for the timeout sweep) and the idle stack
    private final Link[] all;
    private int allCount;
    private final Link[] idle;
    private int idleCount;
    private int connecting;
    private int busy;

    // backlog: FIFO ring of requests waiting for a connection (parallel primitive arrays)
    private final long[] backlogIntended;
    private final int[] backlogOp;
    private final int[] backlogUser;
    private int backlogHead;
    private int backlogSize;

    // the step being run
    private boolean running;
    private boolean closedModel;
    private long stepStart;
    private long stepEnd;
    /** The open schedule's multiplier over the step (a constant, a ramp, a plan's stages). */
    private Shape rate;
    /** A closed step's users over time (null: all of them all along); users from {@link #activeUsers} on wait. */
    private Shape users;
    private int activeUsers;
    private ThinkTime think = ThinkTime.NONE;
    private long pacingNanos;
    private long[] userReadyAt = new long[0];
    // each closed user's request count when the plan keeps no sessions (${user.seq}); flow runs started by all users
    private long[] userRequests = new long[0];
    private long flowRuns;
    // users' state when the plan keeps sessions: closed model, one per user; open model, a pool of visitors
    // (a started flow holds one until its last step answers), free ones on a stack
    private Session[] sessions = new Session[0];
    private int[] freeSessions = new int[0];
    private int freeCount;
    private boolean openPool;
    private final long timeoutNanos;
    private int sweep;

    final Histogram lag = Counters.newHistogram();
    private long droppedNow;
    // this process's residue class of the global schedule (--shard I/N): arrivals I, I+N, I+2N … of each operation
    private final int shardIndex;
    private final int shardCount;

    /** {@code flows}: the plan's flows (one single-step flow per operation when it has none, see {@link FlowTable}). */
    public LoadLoop(EventLoop loop, Protocol protocol, LoadOptions options, OpState[] ops, RequestContext ctx, FlowTable flows) {
        this.loop = loop;
        this.protocol = protocol;
        this.options = options;
        this.ops = ops;
        this.ctx = ctx;
        this.all = new Link[options.maxConnections()];
        this.idle = new Link[options.maxConnections()];
        this.backlogIntended = new long[options.backlogLimit()];
        this.backlogOp = new int[options.backlogLimit()];
        this.backlogUser = new int[options.backlogLimit()];
        this.flows = flows;
        // a redirect is followed to where its Location points, and carries the cookies it sets: both are in its bytes
        for (OpState o : ops) o.captures = flows.sessions || o.contentChecks.length > 0 || o.followRedirects > 0;
        this.timeoutNanos = options.requestTimeout().toNanos();
        this.shardIndex = options.shard().index();
        this.shardCount = options.shard().count();
        long tick = options.tick().toNanos();
        loop.scheduleAtFixedRate(this::tick, tick, tick, TimeUnit.NANOSECONDS);
    }

    // ---- step control (called on the event loop via LoadEngine) ----

    public long startOpen(double from, double to, long durationNanos) {
        return startOpen(Shape.linear(from, to, durationNanos / 1e9));
    }

    /** Starts an open step whose multiplier follows {@code shape} (its seconds are the step's duration). */
    public long startOpen(Shape shape) {
        long now = System.nanoTime();
        this.closedModel = false;
        this.rate = shape;
        this.stepStart = now;
        this.stepEnd = now + (long) (shape.seconds() * 1e9);
        for (OpState op : ops) {
            // the global arrival count: a shard walks the global schedule from its index in strides of N
            op.scheduled = shardIndex;
            // requests owed in the step = the integral of the rate; the epsilon keeps 2 s × 60/s at 120, not 121.
            // Only a flow's first step is on the schedule: the later ones follow their predecessor's answer.
            op.dueInStep = flows.flowStartedBy[op.index] < 0 ? 0 : (long) Math.ceil(op.rps * shape.area() - 1e-6);
        }
        if (flows.sessions && !openPool) {
            // once for all open steps: a visitor still in flight from the last step must find its slot again.
            // A visitor holds a session while one of its requests is in flight or waits for a connection
            int pool = (int) Math.min(1 << 20, (long) options.maxConnections() + options.backlogLimit());
            sessions = new Session[pool];
            freeSessions = new int[pool];
            for (int i = 0; i < pool; i++) freeSessions[i] = pool - 1 - i;
            freeCount = pool;
            openPool = true;
        }
        running = true;
        tick();
        return now;
    }

    public long startClosed(int users, ThinkTime think, long pacingNanos, long durationNanos) {
        return startClosed(users, null, think, pacingNanos, durationNanos);
    }

    /**
     * Starts a closed step of at most {@code users} users whose active count follows {@code shape} (rounded; null: all
     * of them): a user beyond it finishes its request, then waits until the shape needs it again.
     */
    public long startClosed(int users, Shape shape, ThinkTime think, long pacingNanos, long durationNanos) {
        long now = System.nanoTime();
        this.closedModel = true;
        this.users = shape;
        this.activeUsers = shape == null ? users : active(shape, 0, users);
        this.think = think;
        this.pacingNanos = pacingNanos;
        this.stepStart = now;
        this.stepEnd = now + durationNanos;
        this.userReadyAt = new long[users];
        this.userRequests = new long[users];
        this.sessions = flows.sessions ? new Session[users] : new Session[0];
        this.openPool = false;
        for (int u = 0; u < sessions.length; u++) sessions[u] = new Session();
        running = true;
        for (int u = 0; u < activeUsers; u++) submitUser(u, now);
        return now;
    }

    private static int active(Shape shape, double t, int max) {
        return (int) Math.min(max, Math.round(shape.valueAt(t)));
    }

    public void stop() {
        running = false;
    }

    /** Requests still owed: in flight or waiting for a connection. */
    public int pending() {
        return busy + backlogSize;
    }

    /**
     * After a drain deadline: what still waits will never be sent. Counted in the operations' {@code dropped} (never
     * sent) but not in {@link #takeDropped}, the backlog's overflow that the generator's health reports: these requests
     * waited for a connection the target still held with an unanswered request, which is the target's slowness, not
     * the generator's limit ({@link StepResult#unsent()}).
     */
    public void abandonBacklog() {
        while (backlogSize > 0) {
            ops[backlogOp[backlogHead]].live.dropped++;
            if (!closedModel && backlogUser[backlogHead] >= 0) freeSession(backlogUser[backlogHead]);
            popBacklog();
        }
    }

    /**
     * Moves live counters into {@code dst[i]} and returns {in-flight, links, waiting for a link, TCP connections}; resets
     * lag into lagDst. In-flight counts requests, which are streams over HTTP/2, whose links are stream slots on a few
     * TCP connections.
     */
    public int[] snapshot(Counters[] dst, Histogram lagDst) {
        for (int i = 0; i < ops.length; i++) ops[i].live.moveTo(dst[i]);
        lagDst.reset();
        lagDst.add(lag);
        lag.reset();
        return new int[] {busy, allCount, backlogSize, protocol.connections(allCount)};
    }

    public void closeAll() {
        running = false;
        for (int i = allCount - 1; i >= 0; i--) all[i].close();
        protocol.close();
    }

    // ---- the tick ----

    private void tick() {
        long now = System.nanoTime();
        if (running) {
            if (closedModel) {
                if (users != null) activeUsers = active(users, (now - stepStart) / 1e9, userReadyAt.length);
                for (int u = 0; u < activeUsers; u++) {
                    if (userReadyAt[u] <= now) submitUser(u, now);
                }
            } else {
                for (OpState op : ops) schedule(op, now);
            }
        }
        if (++sweep >= 10) {
            sweep = 0;
            for (int i = allCount - 1; i >= 0; i--) {
                Link c = all[i];
                if (c.busy && now - c.sent > timeoutNanos) fail(c, c.timeoutKind());
            }
        }
    }

    /**
     * Sends every request of {@code op} whose intended time has come. The k-th request's intended time
     * solves N(t) = k, N being the integral of the rate (linear in t for a ramp), so times are exact
     * rather than accumulated: no drift over a long step, no extra request from rounding.
     */
    private void schedule(OpState op, long now) {
        while (op.scheduled < op.dueInStep) {
            long t = stepStart + intendedOffset(op.rps, op.scheduled);
            if (t > now) return;
            // schedule lag: how late the generator itself took the request from the schedule (timer precision, a
            // busy or paused event loop); waiting for a connection afterwards is the target's share, not counted here
            lag.recordValue(Math.max(1, Math.min((now - t) / 1000, Counters.MAX_MICROS)));
            op.scheduled += shardCount;
            if (!flows.sessions) {
                dispatch(op, t, -1, now);
                continue;
            }
            int visitor = takeSession(flows.flowStartedBy[op.index], now);
            if (visitor < 0) { // every session busy: as with a full backlog, the request is dropped and said so
                op.live.dropped++;
                droppedNow++;
                continue;
            }
            dispatch(op, t, visitor, now);
        }
    }

    /** Nanoseconds after the step start at which request k (0-based) of an operation at {@code rps} is due. */
    private long intendedOffset(double rps, long k) {
        // N(t) = rps × the integral of the multiplier: request k is due where that integral reaches k / rps
        return (long) (rate.timeOfArea(k / rps) * 1e9);
    }

    private void submitUser(int u, long now) {
        long due = userReadyAt[u];
        userReadyAt[u] = Long.MAX_VALUE;
        if (!flows.sessions) {
            dispatch(ops[flows.steps[flows.pick(ctx.random)][0]], now, u, now);
            return;
        }
        Session s = sessions[u];
        if (s.flow < 0) {
            s.flow = flows.pick(ctx.random);
            s.step = 0;
            s.flowRun++;
            s.flowTicket = ++flowRuns;
            // a paced user's flows start on a grid: from the time this one was due, when that was less than one pacing
            // ago, so the tick that found it late (up to a tick, more on a busy core) does not stretch every period and
            // 20 users paced at 10 ms make 2000 flows/s, not 5-10 % fewer; a user later than a whole pacing (its
            // answers were slower) starts at once and its grid restarts there, with no burst to catch up
            s.flowStart = pacingNanos > 0 && due <= now && now - due < pacingNanos ? due : now;
        }
        dispatch(ops[flows.steps[s.flow][s.step]], now, u, now);
    }

    /** An open-model visitor for a new run of {@code flow}, or -1 when all are busy. */
    private int takeSession(int flow, long now) {
        if (freeCount == 0) return -1;
        int v = freeSessions[--freeCount];
        if (sessions[v] == null) sessions[v] = new Session();
        Session s = sessions[v];
        s.clear();
        s.flow = flow;
        s.step = 0;
        s.flowStart = now;
        s.flowRun = 1; // an open visitor runs one flow
        s.flowTicket = ++flowRuns;
        return v;
    }

    /**
     * The user's request is over. Without sessions a closed user just thinks and picks again. With them it
     * moves to its flow's next step, or, after the last step or an error (a later step would lack what this one
     * should have given), ends the flow: a closed user then waits out think time and pacing, an open visitor
     * leaves. An open visitor's next step goes out at once: its arrival was the schedule's, what follows is the
     * flow's.
     */
    private void userDone(int user, OpState op, long now, boolean failed) {
        if (user < 0) return;
        ThinkTime thinks = op.think != null ? op.think : think; // a step's own think time overrides the plan's
        if (!flows.sessions) {
            if (!running || !closedModel || user >= userReadyAt.length) return;
            thinkThenSubmit(user, now, 0, thinks);
            return;
        }
        if (user >= sessions.length) return;
        Session s = sessions[user];
        boolean flowOver = failed || s.flow < 0 || ++s.step >= flows.steps[s.flow].length;
        if (!closedModel) {
            if (flowOver || !running) {
                freeSession(user);
                return;
            }
            dispatch(ops[flows.steps[s.flow][s.step]], now, user, now);
            return;
        }
        if (!running || user >= userReadyAt.length) return;
        long earliest = 0;
        if (flowOver) {
            earliest = s.flowStart + pacingNanos; // pacing: the next flow starts no sooner than this
            s.flow = -1;
        }
        thinkThenSubmit(user, now, earliest, thinks);
    }

    private void thinkThenSubmit(int user, long now, long earliest, ThinkTime thinks) {
        long ready = Math.max(now + thinks.nextNanos(ctx.random), earliest);
        // a user the shape does not need now waits, ready, until the tick finds it needed again
        if (ready <= now && user < activeUsers) submitUser(user, now);
        else userReadyAt[user] = ready;
    }

    /** A request that could not be sent now: a closed user retries on a later tick, an open visitor leaves. */
    private void retryLater(int user, long now) {
        if (closedModel) {
            userReadyAt[user] = now + options.tick().toNanos();
        } else if (flows.sessions) {
            freeSession(user);
        }
    }

    private void freeSession(int visitor) {
        if (openPool && freeCount < freeSessions.length) freeSessions[freeCount++] = visitor;
    }

    /** The session of {@code user}, or null when the plan keeps none. */
    public Session session(int user) {
        return user >= 0 && user < sessions.length ? sessions[user] : null;
    }

    // ---- requests and connections ----

    private void dispatch(OpState op, long intended, int user, long now) {
        if (idleCount > 0) {
            Link c = idle[--idleCount];
            if (!send(c, op, intended, user)) idle[idleCount++] = c;
            return;
        }
        if (backlogSize == backlogIntended.length) {
            op.live.dropped++;
            droppedNow++;
            if (user >= 0) retryLater(user, now);
            return;
        }
        int at = (backlogHead + backlogSize) % backlogIntended.length;
        backlogIntended[at] = intended;
        backlogOp[at] = op.index;
        backlogUser[at] = user;
        backlogSize++;
        maybeConnect();
    }

    private void popBacklog() {
        backlogHead = backlogHead + 1 == backlogIntended.length ? 0 : backlogHead + 1;
        backlogSize--;
    }

    private void maybeConnect() {
        while (allCount + connecting < all.length && connecting < backlogSize) {
            connect();
        }
    }

    private void connect() {
        connecting++;
        protocol.open(this);
    }

    /** The protocol opened {@code link}: it takes a waiting request or goes idle. */
    public void opened(Link link) {
        connecting--;
        all[allCount++] = link;
        released(link);
    }

    /** The protocol could not open a link: the request it was opened for fails with {@code kind}. */
    public void openFailed(ErrorKind kind) {
        connecting--;
        connectFailed(kind);
    }

    private void connectFailed(ErrorKind kind) {
        // each connect attempt was made for a waiting request: that request fails with the connect's error
        if (backlogSize > 0) {
            OpState op = ops[backlogOp[backlogHead]];
            int user = backlogUser[backlogHead];
            popBacklog();
            op.live.kinds[kind.ordinal()]++;
            userDone(user, op, System.nanoTime(), true);
        }
        maybeConnect();
    }

    /** Sends on {@code c}; false when the request was refused (nothing written, {@code c} still free). */
    private boolean send(Link c, OpState op, long intended, int user) {
        ctx.next();
        ctx.session = session(user);
        whose(ctx, user);
        if (protocol.refuses(op, ctx)) {
            refused(op, user);
            return false;
        }
        c.busy = true;
        c.op = op;
        c.intended = intended;
        c.user = user;
        c.failed = false;
        busy++;
        op.live.sent++;
        c.sent = System.nanoTime();
        c.send(op, ctx);
        return true;
    }

    /** Tells the request's templates whose it is: ${user}, ${user.seq} and the counters' flow runs. */
    private void whose(RequestContext c, int user) {
        c.user = user;
        Session s = c.session;
        if (s != null) {
            c.userSeq = ++s.requests;
            c.userFlow = s.flowRun;
            c.flowTicket = s.flowTicket;
        } else if (user >= 0 && user < userRequests.length) {
            // no sessions: each request is a flow run of one step
            c.userSeq = ++userRequests[user];
            c.userFlow = c.userSeq;
        }
    }

    /**
     * A request whose CSV value cannot go on the wire: an {@code invalid-value} error, counted as sent (it was
     * due) so the error rate shows it. A closed-model user retries on a later tick, not at once: with every row
     * invalid an immediate retry would loop without end.
     */
    private void refused(OpState op, int user) {
        op.live.sent++;
        op.live.kinds[ErrorKind.INVALID_VALUE.ordinal()]++;
        if (user >= 0) retryLater(user, System.nanoTime());
    }

    /** A connection is free: it takes the oldest waiting request, or goes idle. */
    private void released(Link c) {
        while (backlogSize > 0) {
            OpState op = ops[backlogOp[backlogHead]];
            long intended = backlogIntended[backlogHead];
            int user = backlogUser[backlogHead];
            popBacklog();
            if (send(c, op, intended, user)) return;
        }
        idle[idleCount++] = c;
    }

    /**
     * The request on {@code c} is answered, and the link has counted it ok or as its error on
     * {@code c.op.live}; here it is timed. A link that cannot carry another request ({@code reusable} false:
     * HTTP's Connection: close, a gRPC channel opened for this call alone) is retired.
     */
    public void complete(Link c, boolean reusable) {
        long now = System.nanoTime();
        OpState op = c.op;
        c.busy = false;
        busy--;
        op.live.recordLatency(now - c.intended, now - c.sent);
        int user = c.user;
        if (reusable) {
            released(c);
        } else {
            retire(c);
        }
        userDone(user, op, now, c.failed);
    }

    /** The request on {@code c} (if any) failed with {@code kind}; the connection is closed. */
    public void fail(Link c, ErrorKind kind) {
        if (c.busy) {
            c.busy = false;
            busy--;
            c.op.live.kinds[kind.ordinal()]++;
            userDone(c.user, c.op, System.nanoTime(), true);
        }
        retire(c);
    }

    /** channelInactive: the peer or we closed it. */
    public void closed(Link c) {
        if (c.busy) {
            fail(c, ErrorKind.RESET);
        }
        retire(c);
    }

    private void retire(Link c) {
        if (c.gone) return;
        c.gone = true;
        c.close();
        for (int i = 0; i < allCount; i++) {
            if (all[i] == c) {
                all[i] = all[--allCount];
                all[allCount] = null;
                break;
            }
        }
        for (int i = 0; i < idleCount; i++) {
            if (idle[i] == c) {
                idle[i] = idle[--idleCount];
                idle[idleCount] = null;
                break;
            }
        }
        maybeConnect();
    }

    /** Requests dropped since the last call because the backlog (or the open model's visitor pool) was full. */
    public long takeDropped() {
        long d = droppedNow;
        droppedNow = 0;
        return d;
    }

    public EventLoop eventLoop() {
        return loop;
    }
}
