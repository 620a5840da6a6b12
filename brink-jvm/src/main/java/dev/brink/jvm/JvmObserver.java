package dev.brink.jvm;

import dev.brink.core.BrinkUserException;
import dev.brink.core.EventLog;
import dev.brink.core.EventType;
import dev.brink.core.JsonlWriter;
import dev.brink.core.RunDirectory;
import dev.brink.core.event.TargetDied;
import dev.brink.core.evidence.GcEventLine;
import dev.brink.core.line.JvmSample;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.UndeclaredThrowableException;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Brink's view of one target JVM: attach ({@link #attach}), then {@link #start} sampling into a run
 * directory (jvm.jsonl every interval, gc.jsonl per collection, a {@code target-died} event in
 * events.jsonl if the target goes away), read {@link #latest()} or {@link #addListener listen}, and take
 * evidence with {@link #evidence()}. {@link #close()} stops sampling, closes the connection and stops a
 * target Brink launched.
 *
 * <p>Threads: sampling runs on one daemon thread ("brink-jvm-sampler"); GC events arrive on the JMX
 * client's notification thread. All public methods are thread-safe.
 *
 * <p>Cost on the target per sample: about 20 JMX round trips and one thread-state snapshot without
 * stacks, the latter for at most 128 threads per sample on average (see {@link JvmSample.Threads};
 * bench/observer-cost.sh and bench/RESULTS.md for the measured CPU overhead of a 1 s interval).
 */
public final class JvmObserver implements AutoCloseable {
    private final JvmTarget target;
    private final JvmConnection conn;
    private final List<JvmListener> listeners = new CopyOnWriteArrayList<>();
    private final CountDownLatch died = new CountDownLatch(1);
    private volatile JvmSample latest;
    private volatile Long heapAfterLastGc;
    private volatile String deathMessage;
    private int failures;
    // set by start()
    private ScheduledExecutorService sampler;
    private RunDirectory run;
    private EventLog events;
    private boolean ownEvents;
    private JsonlWriter jvmOut;
    private JsonlWriter gcOut;
    private GcRecorder gc;
    private Sampler sampling;
    private boolean closed;

    private JvmObserver(JvmTarget target, JvmConnection conn) {
        this.target = target;
        this.conn = conn;
    }

    /**
     * Connects to the target: attach to a local PID, connect to remote JMX, or start the command and
     * attach to its JVM (waiting up to 30 s for it to appear).
     *
     * @throws BrinkUserException one line: no such process, not a JVM, attach refused, JMX unreachable,
     *                            credentials rejected, or the launched command exited
     */
    public static JvmObserver attach(JvmTarget target) throws BrinkUserException {
        return new JvmObserver(target, Connector.open(target));
    }

    /** As {@link #attach(JvmTarget)}, with the credential variables looked up in {@code env} (tests). */
    static JvmObserver attach(JvmTarget target, java.util.function.Function<String, String> env) throws BrinkUserException {
        return new JvmObserver(target, Connector.open(target, env));
    }

    public JvmTarget target() {
        return target;
    }

    /** The target's process id (as it reports it for a remote target), -1 if unknown. */
    public long pid() {
        return conn.pid();
    }

    /** "OpenJDK 64-Bit Server VM 17.0.16+8-…", as the target reports it. */
    public String vm() {
        return conn.vm();
    }

    /** Starts sampling into {@code run} with its own events.jsonl writer. See {@link #start(RunDirectory, EventLog, Duration)}. */
    public synchronized void start(RunDirectory run, Duration interval) throws BrinkUserException {
        EventLog log;
        try {
            log = new EventLog(run);
        } catch (IOException e) {
            throw new BrinkUserException("cannot write " + run.file(RunDirectory.EVENTS) + ": " + e.getMessage());
        }
        start(run, log, interval);
        ownEvents = true;
    }

    /**
     * Starts sampling every {@code interval} (first sample at once) into {@code run}'s jvm.jsonl and
     * subscribes to GC notifications into gc.jsonl; events (target-died, evidence) go to {@code events},
     * which stays owned by the caller. Call once.
     */
    public synchronized void start(RunDirectory run, EventLog events, Duration interval) throws BrinkUserException {
        if (sampler != null) throw new IllegalStateException("already started");
        if (closed) throw new IllegalStateException("closed");
        if (interval.toMillis() < 10) throw new IllegalArgumentException("interval must be >= 10ms, was " + interval);
        this.run = run;
        this.events = events;
        try {
            jvmOut = new JsonlWriter(run.file(RunDirectory.JVM));
            gcOut = new JsonlWriter(run.file(RunDirectory.GC));
            sampling = new Sampler(conn.mbeans(), conn.pid(), conn.startTimeMs());
            gc = new GcRecorder(conn.mbeans(), gcOut, conn.startTimeMs(), sampling.heapPoolNames(), this::gcSeen);
            gc.start();
        } catch (IOException | UndeclaredThrowableException e) {
            throw new BrinkUserException("cannot start observing " + conn.display() + ": " + Connector.oneLine(e));
        }
        sampler = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "brink-jvm-sampler");
            t.setDaemon(true);
            return t;
        });
        sampler.scheduleAtFixedRate(this::sampleOnce, 0, interval.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** The most recent sample, empty before the first. */
    public Optional<JvmSample> latest() {
        return Optional.ofNullable(latest);
    }

    public void addListener(JvmListener listener) {
        listeners.add(listener);
    }

    public void removeListener(JvmListener listener) {
        listeners.remove(listener);
    }

    /** False once the target died or its connection was lost (then a target-died event was written). */
    public boolean targetAlive() {
        return died.getCount() > 0;
    }

    /** Why the target is gone, or null while it runs. */
    public String deathMessage() {
        return deathMessage;
    }

    /** Waits up to {@code timeout} for the target to die; true if it did. */
    public boolean awaitTargetDeath(Duration timeout) throws InterruptedException {
        return died.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** Evidence capture into the run directory given to {@link #start}. */
    public synchronized EvidenceCapture evidence() {
        if (run == null) throw new IllegalStateException("start(run, …) first, or use evidence(run, events)");
        return new EvidenceCapture(conn, run, events);
    }

    /** Evidence capture into {@code run}, logged in {@code events}; needs no sampling. */
    public EvidenceCapture evidence(RunDirectory run, EventLog events) {
        return new EvidenceCapture(conn, run, events);
    }

    /** Takes one sample now without writing it (for a one-off look). */
    public JvmSample sampleNow() throws BrinkUserException {
        try {
            return new Sampler(conn.mbeans(), conn.pid(), conn.startTimeMs()).take(heapAfterLastGc);
        } catch (IOException | UndeclaredThrowableException e) {
            throw new BrinkUserException("cannot sample " + conn.display() + ": " + Connector.oneLine(e));
        }
    }

    private void sampleOnce() {
        if (died.getCount() == 0) return;
        JvmSample s;
        try {
            s = sampling.take(heapAfterLastGc);
            failures = 0;
        } catch (IOException | UndeclaredThrowableException | UncheckedIOException | SecurityException e) {
            // one failed round trip under a loaded machine is not a death; three in a row, or a gone process, are
            if (!conn.processAlive() || ++failures >= 3 || !conn.isLocal()) {
                targetDied(describeDeath(e));
            }
            return;
        }
        latest = s;
        jvmOut.append(s);
        for (JvmListener l : listeners) {
            try {
                l.onSample(s);
            } catch (RuntimeException e) {
                System.err.println("brink: a JVM listener failed: " + e);
            }
        }
    }

    private String describeDeath(Throwable e) {
        Process p = conn.launched();
        if (p != null && !p.isAlive()) {
            return "target " + conn.display() + " exited with code " + p.exitValue();
        }
        if (conn.isLocal() && !conn.processAlive()) {
            return "target " + conn.display() + " exited";
        }
        return "lost the JMX connection to " + conn.display() + ": " + Connector.oneLine(e);
    }

    private void targetDied(String message) {
        synchronized (this) {
            if (died.getCount() == 0) return;
            deathMessage = message;
            events.append(EventType.TARGET_DIED, new TargetDied(message, conn.pid(), latest).fields());
            died.countDown();
            sampler.shutdown(); // we are on the sampler thread: no further runs
        }
        for (JvmListener l : listeners) {
            try {
                l.onTargetDied(latest, message);
            } catch (RuntimeException e) {
                System.err.println("brink: a JVM listener failed: " + e);
            }
        }
    }

    private void gcSeen(GcEventLine line) {
        heapAfterLastGc = line.usedAfter();
        for (JvmListener l : listeners) {
            try {
                l.onGc(line);
            } catch (RuntimeException e) {
                System.err.println("brink: a JVM listener failed: " + e);
            }
        }
    }

    /**
     * Stops sampling, unsubscribes, closes the connection and the files, and stops a launched target
     * (SIGTERM, SIGKILL after 5 s). Idempotent; never throws.
     */
    @Override
    public void close() {
        ScheduledExecutorService s;
        synchronized (this) {
            if (closed) return;
            closed = true;
            s = sampler;
        }
        if (s != null) {
            s.shutdown();
            try {
                s.awaitTermination(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        if (gc != null && died.getCount() > 0) gc.stop();
        conn.close();
        closeQuietly(jvmOut);
        closeQuietly(gcOut);
        if (ownEvents) closeQuietly(events);
    }

    private static void closeQuietly(java.io.Closeable c) {
        if (c == null) return;
        try {
            c.close();
        } catch (IOException e) {
            // every line was flushed when written; a failing close loses nothing
        }
    }
}
