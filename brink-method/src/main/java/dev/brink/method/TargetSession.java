package dev.brink.method;

import dev.brink.core.BrinkUserException;
import dev.brink.core.EventLog;
import dev.brink.core.EventType;
import dev.brink.core.EvidenceFiles;
import dev.brink.core.RunDirectory;
import dev.brink.core.event.TargetRelaunched;
import dev.brink.jvm.EvidenceCapture;
import dev.brink.jvm.JvmListener;
import dev.brink.jvm.JvmObserver;
import dev.brink.core.line.JvmSample;
import dev.brink.jvm.JvmTarget;
import dev.brink.load.LoadEngine;
import dev.brink.load.plan.Plan;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The target JVM for the length of a run: attached (or launched) once, watched all along, and for the soak
 * optionally relaunched on a small heap so a leak fills it within minutes (field report 000 reran its soak with
 * 20 MB). A launched target's console goes to {@code target.log} in the run directory, not into Brink's.
 * Null-object style: with no {@code target.jvm} in the plan every query answers "nothing observed".
 */
final class TargetSession implements AutoCloseable {
    static final String TARGET_LOG = RunDirectory.TARGET_LOG;
    private static final Duration SAMPLE_INTERVAL = Duration.ofSeconds(1);
    static final int NOTE_EVERY_S = 5;
    private static final Duration STARTUP_NOTE_EVERY = Duration.ofSeconds(NOTE_EVERY_S);

    private final Plan plan;
    private final RunDirectory run;
    private final EventLog events;
    private final PrintWriter console;
    private volatile JvmObserver observer;
    private final List<Runnable> onDeath = new java.util.concurrent.CopyOnWriteArrayList<>();
    /** Attached to every observer this session starts, the relaunched one too, so death is seen whichever target runs. */
    private final JvmListener deathListener = new JvmListener() {
        @Override
        public void onTargetDied(JvmSample last, String message) {
            onDeath.forEach(Runnable::run);
        }
    };
    private boolean jfr;
    /** Further listeners (live metrics), attached like {@link #deathListener} to every observer this session starts. */
    private final List<JvmListener> listeners = new java.util.concurrent.CopyOnWriteArrayList<>();

    private TargetSession(Plan plan, RunDirectory run, EventLog events, PrintWriter console) {
        this.plan = plan;
        this.run = run;
        this.events = events;
        this.console = console;
    }

    /** Attaches to (or launches) the plan's target JVM; a plan without target.jvm gives a session that observes nothing. */
    static TargetSession open(Plan plan, RunDirectory run, EventLog events, PrintWriter console) throws BrinkUserException {
        TargetSession s = new TargetSession(plan, run, events, console);
        Plan.Jvm jvm = plan.target().jvm();
        if (jvm == null) {
            console.println("no target.jvm in the plan: load only, no JVM observation or evidence");
            return s;
        }
        JvmTarget target = jvm.pid() != null ? JvmTarget.pid(jvm.pid())
                : jvm.jmx() != null ? JvmTarget.jmx(jvm.jmx()) : new JvmTarget.Launch(jvm.launch(), run.file(TARGET_LOG));
        s.start(target);
        if (target instanceof JvmTarget.Launch) {
            console.println("target launched (pid " + s.observer.pid() + "), its console goes to " + run.file(TARGET_LOG));
        }
        return s;
    }

    /** Hears every sample of the target, the relaunched one's too. */
    void addListener(JvmListener listener) {
        listeners.add(listener);
        JvmObserver o = observer;
        if (o != null) o.addListener(listener);
    }

    private void start(JvmTarget target) throws BrinkUserException {
        JvmObserver o = JvmObserver.attach(target);
        observer = o;
        o.addListener(deathListener);
        listeners.forEach(o::addListener);
        o.start(run, events, SAMPLE_INTERVAL);
        if (target instanceof JvmTarget.Launch) {
            try {
                awaitListening(o);
            } catch (BrinkUserException e) {
                o.close(); // stops the launched process: a target that never listened must not outlive the run
                observer = null;
                throw e;
            }
        }
    }

    /**
     * A launched service takes seconds to open its port (a Spring service 10-70 s on a loaded machine): wait for it, for
     * its death, or for {@code target.jvm.start_timeout}. Every {@value #NOTE_EVERY_S} s a line says how long it has
     * waited and the target's last log line, so a slow start and a start stuck on an error look different.
     */
    private void awaitListening(JvmObserver o) throws BrinkUserException {
        Duration timeout = plan.target().jvm().startTimeoutOrDefault();
        long begun = System.nanoTime();
        long deadline = begun + timeout.toNanos();
        long nextNote = begun + STARTUP_NOTE_EVERY.toNanos();
        while (true) {
            try {
                LoadEngine.checkReachable(plan.target().baseUrl(), Duration.ofSeconds(1));
                return;
            } catch (BrinkUserException e) {
                if (!o.targetAlive()) {
                    throw new BrinkUserException("the launched target died before it listened on " + plan.target().baseUrl()
                            + ": " + o.deathMessage() + " (its console: " + run.file(TARGET_LOG) + ")");
                }
                if (System.nanoTime() > nextNote) {
                    // a Spring service takes 10-40 s to listen on a loaded machine: say what Brink waits for
                    nextNote += STARTUP_NOTE_EVERY.toNanos();
                    String last = TargetLog.lastLine(run.file(TARGET_LOG));
                    console.printf(java.util.Locale.ROOT, "  waiting for the launched target to listen on %s: %d s of at most %d s"
                                    + " (target.jvm.start_timeout)%s%n", plan.target().baseUrl(), (System.nanoTime() - begun) / 1_000_000_000L,
                            timeout.toSeconds(), last == null ? "" : "; its last log line: " + last);
                    console.flush();
                }
                if (System.nanoTime() > deadline) {
                    String last = TargetLog.lastLine(run.file(TARGET_LOG));
                    throw new BrinkUserException(e.getMessage() + " after waiting " + timeout.toSeconds()
                            + " s for the launched target (target.jvm.start_timeout; its console: " + run.file(TARGET_LOG)
                            + (last == null ? "" : ", last line: " + last) + ")");
                }
            }
            try {
                Thread.sleep(200);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new BrinkUserException("interrupted while waiting for the launched target to listen");
            }
        }
    }

    /**
     * Records JFR on the target from now to the end of the run (and on a relaunched target from its start): the
     * recording is written into evidence/ when the target is stopped or the run ends. About 1 % overhead.
     */
    void recordJfr() {
        jfr = true;
        startJfr();
    }

    private void startJfr() {
        EvidenceCapture c = evidence();
        if (!jfr || c == null) {
            return;
        }
        try {
            c.jfrStart();
            console.println("JFR recording on the target (pid " + observer.pid() + ")");
        } catch (BrinkUserException e) {
            console.println("  evidence: " + e.getMessage());
        }
    }

    private void stopJfr() {
        EvidenceCapture c = evidence();
        if (!jfr || c == null) {
            return;
        }
        try {
            c.jfrStop();
        } catch (BrinkUserException e) {
            console.println("  evidence: " + e.getMessage());
        }
    }

    /** Runs {@code action} (on the observer's thread) when the observed target dies, for this and any relaunched target. */
    void onDeath(Runnable action) {
        onDeath.add(action);
    }

    boolean observed() {
        return observer != null;
    }

    boolean alive() {
        JvmObserver o = observer;
        return o != null && o.targetAlive();
    }

    /** Why the target died, or null while it lives (or when it is not observed). */
    String deathMessage() {
        JvmObserver o = observer;
        return o == null || o.targetAlive() ? null : o.deathMessage();
    }

    JvmObserver observer() {
        return observer;
    }

    /** The target's PID when it is a process on this machine (attached by PID or launched), else -1. */
    long localPid() {
        JvmObserver o = observer;
        return o != null && !(o.target() instanceof dev.brink.jvm.JvmTarget.Remote) && o.targetAlive() ? o.pid() : -1;
    }

    /** Evidence capture on the current target; null when not observed or dead. */
    EvidenceCapture evidence() {
        JvmObserver o = observer;
        return o != null && o.targetAlive() ? o.evidence() : null;
    }

    /** Whether {@link #relaunchWithHeap} can work: Brink launched the target from a java command line. */
    boolean canRelaunch() {
        Plan.Jvm jvm = plan.target().jvm();
        return jvm != null && jvm.launch() != null && smallHeapCommand(jvm.launch(), "64m", run.file(RunDirectory.EVIDENCE)) != null;
    }

    /**
     * Stops the launched target and starts it again with {@code -Xmx} set to {@code heap} (replacing one the
     * command has), plus a heap dump into evidence/ should it die of OutOfMemoryError.
     */
    void relaunchWithHeap(String heap) throws BrinkUserException {
        List<String> cmd = smallHeapCommand(plan.target().jvm().launch(), heap, run.file(RunDirectory.EVIDENCE));
        stopJfr();
        JvmObserver old = observer;
        observer = null;
        if (old != null) {
            old.close();
        }
        start(new JvmTarget.Launch(cmd, run.file(TARGET_LOG)));
        startJfr();
        events.append(EventType.TARGET_RELAUNCHED, new TargetRelaunched(heap, observer.pid()).fields());
        console.println("target relaunched with -Xmx" + heap + " (pid " + observer.pid() + ")");
    }

    /**
     * The launch command with {@code -Xmx<heap>} and a heap dump on OutOfMemoryError, or null when the command
     * does not start with a java executable (a script: where its JVM options go is its own business).
     */
    static List<String> smallHeapCommand(List<String> launch, String heap, Path evidenceDir) {
        Path exe = Path.of(launch.get(0)).getFileName();
        if (exe == null || !(exe.toString().equals("java") || exe.toString().equals("java.exe"))) {
            return null;
        }
        List<String> cmd = new ArrayList<>();
        cmd.add(launch.get(0));
        cmd.add("-Xmx" + heap);
        cmd.add("-XX:+HeapDumpOnOutOfMemoryError");
        cmd.add("-XX:HeapDumpPath=" + evidenceDir.toAbsolutePath().resolve(EvidenceFiles.OOM_HEAP_DUMP));
        for (String a : launch.subList(1, launch.size())) {
            if (!a.startsWith("-Xmx") && !a.startsWith("-XX:MaxHeapSize=") && !a.startsWith("-XX:HeapDumpPath=")) {
                cmd.add(a);
            }
        }
        return cmd;
    }

    /** Stops observing; a launched target is stopped (SIGTERM, then SIGKILL after 5 s). */
    @Override
    public void close() {
        stopJfr();
        JvmObserver o = observer;
        if (o != null) {
            o.close();
        }
    }
}
