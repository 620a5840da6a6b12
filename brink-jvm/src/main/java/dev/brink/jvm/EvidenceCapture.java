package dev.brink.jvm;

import com.sun.management.HotSpotDiagnosticMXBean;
import dev.brink.core.BrinkUserException;
import dev.brink.core.OutputFiles;
import dev.brink.core.EventLog;
import dev.brink.core.EventType;
import dev.brink.core.event.EvidenceEvent;
import dev.brink.core.event.EvidenceKind;
import dev.brink.core.event.EvidenceStarted;
import dev.brink.core.EvidenceFiles;
import dev.brink.core.RunDirectory;
import dev.brink.core.evidence.ThreadDumpDoc;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.reflect.UndeclaredThrowableException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.management.JMException;
import javax.management.MBeanServerConnection;
import javax.management.ObjectName;

/**
 * Takes evidence from the target into {@code evidence/} of a run directory and logs each file as an
 * {@code evidence} event ({@code kind}, {@code file} relative to the run directory) in events.jsonl.
 * Every method blocks until its files are complete and returns their paths.
 *
 * <p>Heap dumps and JFR files are written <em>by the target</em>, at a path on the target's file system:
 * for a local or launched target that is this run's evidence folder; for a remote target the same
 * absolute path on the remote host (the event says {@code on_target_host: true}).
 *
 * <p>Thread-safe in the sense that calls are serialised; captures from several threads queue up.
 */
public final class EvidenceCapture {
    static final String JFR_NAME = "brink";
    static final String JFR_WINDOW_NAME = "brink-window";
    private static final ObjectName DIAGNOSTIC = Sampler.name("com.sun.management:type=DiagnosticCommand");
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss-SSS");

    private final JvmConnection conn;
    private final RunDirectory run;
    private final EventLog events;

    EvidenceCapture(JvmConnection conn, RunDirectory run, EventLog events) {
        this.conn = conn;
        this.run = run;
        this.events = events;
    }

    /**
     * A burst of {@code count} thread dumps, {@code interval} apart, each written as jstack-style text
     * ({@code threads-STAMP-N.txt}) and as {@link ThreadDumpDoc} JSON ({@code threads-STAMP-N.json}) with
     * per-thread CPU time and the CPU used since the previous dump of the burst.
     * Cost on the target: one safepoint per dump (all stacks), typically milliseconds.
     *
     * @return text and JSON path of each dump, in order: txt0, json0, txt1, json1, …
     */
    public synchronized List<Path> threadDumps(int count, Duration interval) throws BrinkUserException {
        if (count < 1) throw new IllegalArgumentException("count must be >= 1, was " + count);
        if (interval.isNegative()) throw new IllegalArgumentException("interval must be >= 0, was " + interval);
        com.sun.management.ThreadMXBean threads = proxy(ManagementFactory.THREAD_MXBEAN_NAME, com.sun.management.ThreadMXBean.class);
        String stamp = stamp();
        List<Path> files = new ArrayList<>();
        Map<Long, Long> previous = null;
        try {
            for (int seq = 0; seq < count; seq++) {
                if (seq > 0) Thread.sleep(interval.toMillis());
                long now = System.currentTimeMillis();
                ThreadInfo[] infos = threads.dumpAllThreads(true, true);
                Map<Long, Long> cpu = cpuTimes(threads, infos);
                ThreadDumpDoc doc = ThreadDumpJson.toDoc(infos, cpu, previous, now, conn.pid(), conn.vm(), seq);
                Path txt = evidenceFile(EvidenceFiles.THREAD_DUMP_PREFIX + stamp + "-" + seq + ".txt");
                Path json = evidenceFile(EvidenceFiles.THREAD_DUMP_PREFIX + stamp + "-" + seq + ".json");
                OutputFiles.write(txt, ThreadDumpText.render(infos, cpu, conn.vmHeader(), now));
                OutputFiles.writeJson(json, doc);
                files.add(txt);
                files.add(json);
                logged(written(EvidenceKind.THREADS, txt).threadDump(seq, relative(json), doc.threads().size()));
                previous = cpu;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new BrinkUserException("thread-dump burst interrupted after " + files.size() / 2 + " dumps");
        } catch (UndeclaredThrowableException e) {
            throw failure("thread dump", e);
        }
        return files;
    }

    private static Map<Long, Long> cpuTimes(com.sun.management.ThreadMXBean threads, ThreadInfo[] infos) {
        long[] ids = new long[infos.length];
        for (int i = 0; i < infos.length; i++) ids[i] = infos[i] == null ? -1 : infos[i].getThreadId();
        Map<Long, Long> cpu = new HashMap<>();
        if (!threads.isThreadCpuTimeSupported() || !threads.isThreadCpuTimeEnabled()) return cpu;
        long[] ns = threads.getThreadCpuTime(ids);
        for (int i = 0; i < ids.length; i++) {
            if (ids[i] >= 0 && ns[i] >= 0) cpu.put(ids[i], ns[i]);
        }
        return cpu;
    }

    /** A class histogram of live objects (jcmd GC.class_histogram; forces a full GC on the target). */
    public synchronized Path classHistogram() throws BrinkUserException {
        String text = diagnostic("gcClassHistogram");
        Path file = evidenceFile(EvidenceFiles.CLASS_HISTOGRAM_PREFIX + stamp() + ".txt");
        OutputFiles.write(file, text);
        logged(written(EvidenceKind.HISTOGRAM, file));
        return file;
    }

    /**
     * A heap dump ({@code heap-STAMP.hprof}) written by the target. {@code live} dumps only reachable
     * objects (a full GC first). Cost: the target pauses for the dump, about a second per GB of heap,
     * and the file is about as large as the used heap.
     */
    public synchronized Path heapDump(boolean live) throws BrinkUserException {
        Path file = evidenceFile(EvidenceFiles.HEAP_DUMP_PREFIX + stamp() + EvidenceFiles.HEAP_DUMP_SUFFIX).toAbsolutePath();
        try {
            proxy("com.sun.management:type=HotSpotDiagnostic", HotSpotDiagnosticMXBean.class).dumpHeap(file.toString(), live);
        } catch (IOException | UndeclaredThrowableException | IllegalArgumentException e) {
            throw failure("heap dump", e);
        }
        logged(written(EvidenceKind.HEAP, file).heapDump(live, false));
        return file;
    }

    /**
     * A heap dump of live objects compressed by the target ({@code heap-STAMP.hprof.gz}), where its JDK can
     * ({@code jcmd GC.heap_dump -gz=1}, JDK 15 and later): a dump is mostly object ids and zeroed fields, so it
     * shrinks to a fifth or less, at level 1 for the least time the target spends writing it. An older JDK writes the
     * plain dump ({@link #heapDump(boolean) heapDump(true)}). The event says {@code compressed}.
     */
    public synchronized Path heapDumpCompressed() throws BrinkUserException {
        Path file = evidenceFile(EvidenceFiles.HEAP_DUMP_PREFIX + stamp() + EvidenceFiles.HEAP_DUMP_GZ_SUFFIX).toAbsolutePath();
        String text;
        try {
            text = diagnostic("gcHeapDump", "-gz=1", file.toString());
        } catch (BrinkUserException e) {
            text = e.getMessage();
        }
        // jcmd answers in text: "Heap dump file created [N bytes in T secs]", or why not ("-gz" unknown before JDK 15)
        if (!text.contains("Heap dump file created")) {
            return heapDump(true);
        }
        logged(written(EvidenceKind.HEAP, file).heapDump(true, true));
        return file;
    }

    /**
     * Starts the JFR recording "brink": the JDK's default settings (about 1 % overhead) with two of its options
     * raised, because a load step lasts seconds, not the minutes the defaults are made for. Execution samples
     * every 10 ms instead of 20 (twice the samples in a short step, still one stack per thread per 10 ms), and
     * monitor waits recorded from 1 ms instead of 20: a lock held a few milliseconds (a signature, a flush) makes
     * each waiter wait a few milliseconds, and under the 20 ms threshold a queue that costs a service its capacity
     * records nothing. A JDK older than 17 has no such options: it records with the plain defaults.
     */
    public synchronized void jfrStart() throws BrinkUserException {
        start(JFR_NAME);
    }

    /**
     * Starts a short recording of its own ("brink-window", the settings of {@link #jfrStart}) beside any "brink"
     * recording: the profile of a few seconds of load, such as the evidence step's. {@link #jfrWindowStop} writes it.
     */
    public synchronized void jfrWindowStart() throws BrinkUserException {
        start(JFR_WINDOW_NAME);
    }

    /** Stops the "brink-window" recording and writes it ({@code recording-STAMP.jfr}). */
    public synchronized Path jfrWindowStop() throws BrinkUserException {
        return stop(JFR_WINDOW_NAME);
    }

    private void start(String name) throws BrinkUserException {
        try {
            diagnostic("jfrStart", "name=" + name, "settings=default", "method-profiling=high", "locking-threshold=1ms");
        } catch (BrinkUserException e) {
            diagnostic("jfrStart", "name=" + name, "settings=default");
        }
        events.append(EventType.EVIDENCE_STARTED, new EvidenceStarted(EvidenceKind.JFR, name).fields());
    }

    /** Writes what the running "brink" recording holds so far, which keeps running. */
    public synchronized Path jfrDump() throws BrinkUserException {
        Path file = evidenceFile(EvidenceFiles.JFR_PREFIX + stamp() + EvidenceFiles.JFR_SUFFIX).toAbsolutePath();
        diagnostic("jfrDump", "name=" + JFR_NAME, "filename=" + file);
        logged(written(EvidenceKind.JFR, file).recording(false));
        return file;
    }

    /** Stops the "brink" recording and writes it. */
    public synchronized Path jfrStop() throws BrinkUserException {
        return stop(JFR_NAME);
    }

    private Path stop(String name) throws BrinkUserException {
        Path file = evidenceFile(EvidenceFiles.JFR_PREFIX + stamp() + EvidenceFiles.JFR_SUFFIX).toAbsolutePath();
        diagnostic("jfrStop", "name=" + name, "filename=" + file);
        logged(written(EvidenceKind.JFR, file).recording(true));
        return file;
    }

    private String diagnostic(String op, String... args) throws BrinkUserException {
        MBeanServerConnection mbeans = conn.mbeans();
        try {
            Object r = mbeans.invoke(DIAGNOSTIC, op, new Object[] {args}, new String[] {String[].class.getName()});
            String text = r == null ? "" : r.toString();
            // jcmd reports its own failures as text, not exceptions
            if (op.startsWith("jfr") && (text.contains("Could not") || text.contains("No recording") || text.startsWith("Error"))) {
                throw new BrinkUserException("JFR " + op.substring(3).toLowerCase() + " on " + conn.display() + " failed: "
                        + text.lines().findFirst().orElse("").trim());
            }
            return text;
        } catch (IOException | JMException | RuntimeException e) {
            throw failure(op, e);
        }
    }

    private <T> T proxy(String name, Class<T> type) throws BrinkUserException {
        try {
            return ManagementFactory.newPlatformMXBeanProxy(conn.mbeans(), name, type);
        } catch (IOException | IllegalArgumentException e) {
            throw failure(name, e);
        }
    }

    private BrinkUserException failure(String what, Throwable e) {
        return new BrinkUserException(what + " of " + conn.display() + " failed: " + Connector.oneLine(e));
    }

    private Path evidenceFile(String name) throws BrinkUserException {
        try {
            return run.evidence().resolve(name);
        } catch (IOException e) {
            throw new BrinkUserException("cannot create " + run.file(RunDirectory.EVIDENCE) + ": " + e.getMessage());
        }
    }

    private String relative(Path file) {
        Path root = run.root().toAbsolutePath();
        Path abs = file.toAbsolutePath();
        return abs.startsWith(root) ? root.relativize(abs).toString() : abs.toString();
    }

    /** The evidence event of {@code file}, of {@code kind}, as this target wrote it; its kind's own keys added by the caller. */
    private EvidenceEvent written(EvidenceKind kind, Path file) {
        return EvidenceEvent.of(kind, relative(file), conn.pid(), !conn.isLocal());
    }

    private void logged(EvidenceEvent written) {
        events.append(EventType.EVIDENCE, written.fields());
    }

    private static String stamp() {
        return STAMP.format(LocalDateTime.now());
    }
}
