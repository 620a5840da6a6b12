package dev.brink.shard.coordinator;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.brink.core.BrinkUserException;
import dev.brink.core.UserText;
import dev.brink.load.engine.LoadStep;
import dev.brink.shard.StepDispatch;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * The coordinator's control API ({@link ControlMessages}): workers join, long-poll for orders and post their
 * intervals; every request carries the shared token ({@link ControlToken}) or is answered 401 and nothing else.
 * The JDK's own HTTP server (no dependency), listening where the user said (127.0.0.1 unless an address is named:
 * in Kubernetes the pod's address, behind a Service). Workers pull, so they may sit behind any network that lets
 * them reach the coordinator, as an Indexed Job's pods do.
 */
public final class ControlServer implements StepDispatch, AutoCloseable {
    /**
     * A worker that has not polled nor posted for this long during a step is gone. It polls every second, but a cold
     * JVM starved of CPU on a busy machine was seen silent for 10 s in its first step: the limit is generous.
     */
    public static final Duration SILENCE = Duration.ofSeconds(30);
    private static final long LONG_POLL_MS = 1000;
    static final Duration FAREWELL = Duration.ofSeconds(20);

    private final HttpServer server;
    private final ExecutorService threads;
    private final ControlToken token;
    private final int n;
    private final int operations;
    private final ControlMessages.Welcome welcome;
    private final boolean[] joined;
    /** A worker is ready once it polls for orders: it has read the plan and opened its engine (seconds on a cold JVM). */
    private final boolean[] ready;
    private final boolean[] finished;
    private final boolean[] sawDone;
    private final long[] lastSeen;
    private final LinkedBlockingQueue<Report> reports = new LinkedBlockingQueue<>();
    private volatile List<Process> children = List.of();
    private ControlMessages.Order current = new ControlMessages.Order(0, ControlMessages.Kind.END_STEP, null, 0);
    private long endedSeq;
    private boolean done;

    private ControlServer(HttpServer server, ExecutorService threads, ControlToken token, int n, int operations,
                          ControlMessages.Welcome welcome) {
        this.server = server;
        this.threads = threads;
        this.token = token;
        this.n = n;
        this.operations = operations;
        this.welcome = welcome;
        this.joined = new boolean[n];
        this.ready = new boolean[n];
        this.finished = new boolean[n];
        this.sawDone = new boolean[n];
        this.lastSeen = new long[n];
    }

    /**
     * Listens on {@code at} for {@code n} workers of a plan of {@code operations} operations; a joining worker gets
     * {@code planText} (the plan file as written: each worker binds its own {@code ${env.NAME}} values).
     * @throws BrinkUserException the address cannot be bound
     */
    public static ControlServer start(InetSocketAddress at, ControlToken token, int n, int operations, String planText,
                                      String planFile) throws BrinkUserException {
        HttpServer server;
        try {
            server = HttpServer.create(at, 64);
        } catch (IOException e) {
            throw new BrinkUserException("cannot listen for workers on " + at + ": " + e.getMessage());
        }
        // long polls hold a thread each: one per worker, and some for posts and joins
        ExecutorService threads = Executors.newFixedThreadPool(Math.min(2 * n + 4, 256), r -> {
            Thread t = new Thread(r, "brink-control");
            t.setDaemon(true);
            return t;
        });
        server.setExecutor(threads);
        ControlServer c = new ControlServer(server, threads, token, n, operations,
                new ControlMessages.Welcome(n, planText, planFile, 0));
        server.createContext("/", c::handle);
        server.start();
        return c;
    }

    /** Where workers reach it (the port the system chose for port 0). */
    public InetSocketAddress address() {
        return server.getAddress();
    }

    /** Workers this coordinator started itself: a child's exit names it at once, before the silence limit. */
    public void watch(List<Process> processes) {
        children = List.copyOf(processes);
    }

    /**
     * Waits until every worker has joined and is ready for its first step.
     * @throws BrinkUserException after {@code timeout}, naming the workers missing
     */
    public synchronized void awaitJoined(Duration timeout) throws BrinkUserException, InterruptedException {
        long end = System.nanoTime() + timeout.toNanos();
        while (missing().size() > 0) {
            long left = end - System.nanoTime();
            List<String> gone = new ArrayList<>();
            for (int i = 0; i < children.size(); i++) {
                if (!ready[i] && !children.get(i).isAlive()) gone.add(i + "/" + n + " (exited with " + children.get(i).exitValue() + ")");
            }
            if (left <= 0 || !gone.isEmpty()) {
                throw new BrinkUserException("only " + (n - missing().size()) + " of " + n + " workers joined and were ready within "
                        + timeout.toSeconds() + " s: missing " + (gone.isEmpty() ? String.join(", ", missing()) : String.join(", ", gone))
                        + " (expected brink worker --coordinator " + hostPort() + " --shard I/" + n + " for each I, with the same token)");
            }
            wait(Math.min(200, TimeUnit.NANOSECONDS.toMillis(left) + 1));
        }
    }

    private List<String> missing() {
        List<String> m = new ArrayList<>();
        for (int i = 0; i < n; i++) if (!ready[i]) m.add(i + "/" + n + (joined[i] ? " (joined, not ready)" : ""));
        return m;
    }

    private String hostPort() {
        InetSocketAddress a = address();
        String h = a.getAddress().getHostAddress();
        return (h.contains(":") ? "[" + h + "]" : h) + ":" + a.getPort();
    }

    @Override
    public int workers() {
        return n;
    }

    @Override
    public synchronized void start(long seq, LoadStep step, long startAtMs) {
        reports.clear();
        java.util.Arrays.fill(finished, false);
        long now = System.nanoTime();
        // the silence clock restarts with the step: a worker's last word may be a second-long poll ago
        for (int i = 0; i < n; i++) lastSeen[i] = Math.max(lastSeen[i], now);
        current = new ControlMessages.Order(seq, ControlMessages.Kind.STEP, step, startAtMs);
        notifyAll();
    }

    @Override
    public synchronized void endStep(long seq) {
        endedSeq = Math.max(endedSeq, seq);
        notifyAll();
    }

    @Override
    public Report poll(long seq, long timeoutMs) throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMs);
        while (true) {
            Report r = reports.poll(Math.max(0, end - System.nanoTime()), TimeUnit.NANOSECONDS);
            if (r == null || r.seq() == seq) return r;
        }
    }

    @Override
    public synchronized List<Lost> lost(long seq) {
        List<Lost> lost = new ArrayList<>();
        long now = System.nanoTime();
        for (int i = 0; i < n; i++) {
            if (finished[i]) continue;
            if (i < children.size() && !children.get(i).isAlive()) {
                lost.add(new Lost(i, "its process exited with code " + children.get(i).exitValue()));
            } else if (now - lastSeen[i] > SILENCE.toNanos()) {
                lost.add(new Lost(i, "no word from it for " + SILENCE.toSeconds() + " s"));
            }
        }
        return lost;
    }

    /**
     * Tells the workers the run is over and waits until each has heard it (at most {@link #FAREWELL}: a worker busy
     * posting its last step on a starved machine may take seconds to ask again; one that never does exits on its own
     * 30 s after it lost the coordinator).
     */
    public void finish() throws InterruptedException {
        synchronized (this) {
            done = true;
            notifyAll();
            long end = System.nanoTime() + FAREWELL.toNanos();
            while (System.nanoTime() < end) {
                boolean all = true;
                for (int i = 0; i < n; i++) all &= sawDone[i] || !ready[i] || i < children.size() && !children.get(i).isAlive();
                if (all) break;
                wait(100);
            }
            // a worker may have a second poll out (its step watcher heard the word first): answer it too before closing
            long grace = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(1500);
            while (System.nanoTime() < grace) wait(Math.max(1, TimeUnit.NANOSECONDS.toMillis(grace - System.nanoTime())));
        }
    }

    @Override
    public void close() {
        server.stop(0);
        threads.shutdownNow();
    }

    private void handle(HttpExchange ex) throws IOException {
        try (ex) {
            if (!token.admits(ex.getRequestHeaders().getFirst("Authorization"))) {
                // read (and drop) what was sent, bounded: an HTTP/1.1 client waits for its whole body to be taken
                try {
                    body(ex);
                } catch (TooLarge e) {
                    // too long: the answer is 401 all the same
                }
                reply(ex, 401, "{\"error\":\"wrong or missing token\"}");
                return;
            }
            if (declaredLength(ex) > ControlMessages.MAX_BODY) {
                // refused unparsed, but read and dropped first: the client sends its whole body before it reads an
                // answer, and a socket closed on unread bytes is reset, which can discard the 413 before the client
                // reads it ("bytes received: 0"). nginx's lingering close does the same, bounded.
                discard(ex, DISCARD_MAX);
                reply(ex, 413, error(TooLarge.MESSAGE));
                return;
            }
            String path = ex.getRequestURI().getPath();
            String method = ex.getRequestMethod();
            try {
                if (path.equals("/v1/join") && method.equals("POST")) join(ex);
                else if (path.equals("/v1/order") && method.equals("GET")) order(ex);
                else if (path.equals("/v1/time") && method.equals("GET")) reply(ex, 200, "{\"epoch_ms\":" + System.currentTimeMillis() + "}");
                else if (path.equals("/v1/intervals") && method.equals("POST")) intervals(ex);
                else reply(ex, 404, "{\"error\":\"expected POST /v1/join, GET /v1/order, GET /v1/time or POST /v1/intervals\"}");
            } catch (TooLarge e) {
                reply(ex, 413, error(TooLarge.MESSAGE));
            } catch (IllegalArgumentException e) {
                reply(ex, 400, error(e.getMessage()));
            } catch (Conflict e) {
                reply(ex, 409, error(e.getMessage()));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                reply(ex, 503, error("the coordinator is stopping"));
            }
        }
    }

    private void join(HttpExchange ex) throws IOException, Conflict, TooLarge {
        int[] j = ControlMessages.readJoin(body(ex));
        synchronized (this) {
            if (j[1] != n) throw new Conflict("this coordinator runs " + n + " workers, not " + j[1] + ": expected --shard I/" + n);
            if (j[0] >= n) throw new Conflict("shard " + j[0] + " of " + n + ": expected 0 <= I < " + n);
            if (joined[j[0]]) throw new Conflict("shard " + j[0] + "/" + n + " has joined already: expected each shard once");
            joined[j[0]] = true;
            lastSeen[j[0]] = System.nanoTime();
            notifyAll();
        }
        reply(ex, 200, ControlMessages.welcome(new ControlMessages.Welcome(n, welcome.plan(), welcome.planFile(), System.currentTimeMillis())));
    }

    private void order(HttpExchange ex) throws IOException, Conflict, InterruptedException {
        Map<String, String> q = query(ex.getRequestURI().getRawQuery());
        int shard = joinedShard(q.get("shard"));
        long after = whole(q.get("after"), "after");
        ControlMessages.Order o;
        synchronized (this) {
            long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(LONG_POLL_MS);
            while ((o = pending(after)) == null && System.nanoTime() < end) {
                lastSeen[shard] = System.nanoTime();
                wait(Math.max(1, TimeUnit.NANOSECONDS.toMillis(end - System.nanoTime())));
            }
            lastSeen[shard] = System.nanoTime();
            if (!ready[shard]) {
                ready[shard] = true;
                notifyAll();
            }
            if (o != null && o.kind() == ControlMessages.Kind.DONE) {
                sawDone[shard] = true;
                notifyAll();
            }
        }
        if (o == null) reply(ex, 204, null);
        else reply(ex, 200, ControlMessages.order(o));
    }

    /** What a worker that has seen order {@code after} should hear next, or null. */
    private ControlMessages.Order pending(long after) {
        if (done) return new ControlMessages.Order(current.seq(), ControlMessages.Kind.DONE, null, 0);
        if (current.seq() > after && current.kind() == ControlMessages.Kind.STEP) return current;
        if (current.seq() == after && endedSeq >= after && after > 0) return new ControlMessages.Order(after, ControlMessages.Kind.END_STEP, null, 0);
        return null;
    }

    private void intervals(HttpExchange ex) throws IOException, Conflict, TooLarge {
        Report r = ControlMessages.readReport(body(ex), n, operations);
        synchronized (this) {
            if (!joined[r.shard()]) throw new Conflict("shard " + r.shard() + "/" + n + " has not joined");
            lastSeen[r.shard()] = System.nanoTime();
            if (r.seq() == current.seq()) {
                if (r.durationS() != null) finished[r.shard()] = true;
                reports.add(r);
            }
        }
        reply(ex, 200, "{}");
    }

    private synchronized int joinedShard(String text) throws Conflict {
        long s = whole(text, "shard");
        if (s >= n) throw new IllegalArgumentException("shard: expected 0.." + (n - 1));
        if (!joined[(int) s]) throw new Conflict("shard " + s + "/" + n + " has not joined: expected POST /v1/join first");
        return (int) s;
    }

    private static long whole(String text, String name) {
        if (text == null || text.isEmpty() || text.length() > 18 || !text.chars().allMatch(c -> c >= '0' && c <= '9')) {
            throw new IllegalArgumentException(name + ": expected a whole number >= 0");
        }
        return Long.parseLong(text);
    }

    private static Map<String, String> query(String raw) {
        Map<String, String> m = new java.util.HashMap<>();
        if (raw == null) return m;
        for (String part : raw.split("&", 8)) {
            int eq = part.indexOf('=');
            if (eq > 0) m.put(part.substring(0, eq), part.substring(eq + 1));
        }
        return m;
    }

    private static byte[] body(HttpExchange ex) throws IOException, TooLarge {
        try (InputStream in = ex.getRequestBody()) {
            byte[] b = in.readNBytes(ControlMessages.MAX_BODY + 1);
            if (b.length > ControlMessages.MAX_BODY) throw new TooLarge();
            return b;
        }
    }

    /** The request's Content-Length, -1 when it has none (chunked) or not a number. */
    private static long declaredLength(HttpExchange ex) {
        try {
            String v = ex.getRequestHeaders().getFirst("Content-Length");
            return v == null ? -1 : Long.parseLong(v.strip());
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /**
     * A body over {@link ControlMessages#MAX_BODY}: 413, with its own message. It was a 400 (or, read before the token
     * was checked, a 401 "wrong token"), which sent whoever looked for the cause to the wrong place.
     */
    private static final class TooLarge extends Exception {
        static final String MESSAGE = "a body of more than " + dev.brink.core.Sizes.human(ControlMessages.MAX_BODY)
                + ": expected a control message (a join, a report of seconds) of at most that";

        TooLarge() {
            super(MESSAGE, null, false, false);
        }
    }

    private static String error(String message) {
        return dev.brink.core.Json.MAPPER.createObjectNode().put("error", UserText.oneLine(String.valueOf(message))).toString();
    }

    /** The most of a refused body read and dropped; beyond it the connection is closed unread (and may be reset). */
    static final long DISCARD_MAX = 64L << 20;

    private static void discard(HttpExchange ex, long max) throws IOException {
        byte[] sink = new byte[64 << 10];
        InputStream in = ex.getRequestBody();
        for (long left = max; left > 0; ) {
            int n = in.read(sink, 0, (int) Math.min(sink.length, left));
            if (n < 0) return;
            left -= n;
        }
    }

    private static void reply(HttpExchange ex, int status, Object body) throws IOException {
        byte[] b = body == null ? new byte[0] : body instanceof byte[] bytes ? bytes : body.toString().getBytes(StandardCharsets.UTF_8);
        ex.getResponseHeaders().set("Content-Type", "application/json");
        if (b.length == 0) {
            ex.sendResponseHeaders(status, -1);
            return;
        }
        ex.sendResponseHeaders(status, b.length);
        try (OutputStream o = ex.getResponseBody()) {
            o.write(b);
        }
    }

    /** A request that is well formed but does not fit this coordinator (409). */
    private static final class Conflict extends Exception {
        Conflict(String message) {
            super(message, null, false, false);
        }
    }
}
