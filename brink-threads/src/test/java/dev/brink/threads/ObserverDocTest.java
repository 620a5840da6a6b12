package dev.brink.threads;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brink.core.BrinkUserException;
import dev.brink.core.Finding;
import dev.brink.core.FindingKind;
import dev.brink.core.Json;
import dev.brink.core.evidence.ThreadDumpDoc;
import java.lang.management.LockInfo;
import java.lang.management.ManagementFactory;
import java.lang.management.MonitorInfo;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.ReentrantLock;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The observer's format ({@link ThreadDumpDoc}), built here the way the observer does: from a live
 * ThreadMXBean.dumpAllThreads of this JVM, with threads in known contention, a ReentrantLock deadlock (broken
 * by interrupts afterwards) and a spinning thread.
 */
class ObserverDocTest {
    @TempDir
    Path dir;

    private final List<Thread> started = new ArrayList<>();
    private volatile boolean stop;
    static volatile long sink;

    /** The contended lock of this test. */
    static final class AuditLog {
        synchronized void flush() throws InterruptedException {
            Thread.sleep(200);
        }
    }

    @AfterEach
    void stopThreads() throws InterruptedException {
        stop = true;
        for (Thread t : started) t.interrupt();
        for (Thread t : started) t.join(10_000);
    }

    private void start(String name, Runnable r) {
        Thread t = new Thread(r, name);
        t.setDaemon(true);
        started.add(t);
        t.start();
    }

    @Test
    void observerDocumentsOfALiveJvmShowContentionDeadlockAndBusyThread() throws Exception {
        AuditLog log = new AuditLog();
        for (int i = 0; i < 4; i++) {
            start("AuditWriter-" + i, () -> {
                try {
                    while (!stop) log.flush();
                } catch (InterruptedException e) {
                    // stop
                }
            });
        }
        ReentrantLock[] locks = {new ReentrantLock(), new ReentrantLock(), new ReentrantLock()};
        String[] names = {"Cycle-A", "Cycle-B", "Cycle-C"};
        for (int i = 0; i < 3; i++) {
            ReentrantLock mine = locks[i];
            ReentrantLock next = locks[(i + 1) % 3];
            start(names[i], () -> {
                try {
                    mine.lockInterruptibly();
                    Thread.sleep(300);
                    next.lockInterruptibly();
                } catch (InterruptedException e) {
                    // the test breaks the deadlock this way
                }
            });
        }
        start("Spinner-0", () -> {
            long x = 1;
            for (long i = 0; !stop; i++) x = x * 6364136223846793005L + i;
            sink = x;
        });
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (System.nanoTime() < deadline) {
            long[] dead = mx.findDeadlockedThreads();
            long blocked = java.util.Arrays.stream(mx.dumpAllThreads(false, false))
                    .filter(t -> t.getThreadName().startsWith("AuditWriter-") && t.getThreadState() == Thread.State.BLOCKED).count();
            if (dead != null && dead.length == 3 && blocked == 3) break;
            Thread.sleep(20);
        }
        Map<Long, Long> cpu = new HashMap<>();
        Path first = dir.resolve("threads-0.json");
        Files.write(first, Json.MAPPER.writeValueAsBytes(doc(mx, 0, cpu)));
        Thread.sleep(500);
        Path second = dir.resolve("threads-1.json");
        Files.write(second, Json.MAPPER.writeValueAsBytes(doc(mx, 1, cpu)));

        ThreadAnalysis a = ThreadDumpAnalyzer.analyze(List.of(second, first));
        assertThat(a.dumps()).hasSize(2).allSatisfy(d -> assertThat(d.format()).isEqualTo(DumpFormat.BRINK_JSON));
        assertThat(a.dumps().get(0).source()).endsWith("threads-0.json");

        Finding contention = a.findings().stream().filter(f -> f.kind() == FindingKind.LOCK_CONTENTION).findFirst().orElseThrow();
        assertThat(contention.subject()).isEqualTo(AuditLog.class.getName());
        assertThat((String) contention.detail().get("holder_thread")).startsWith("AuditWriter-");
        assertThat((String) contention.detail().get("holder_frame")).startsWith(AuditLog.class.getName() + ".flush(ObserverDocTest.java:");
        assertThat(contention.detail().get("waiter_count")).isEqualTo(3);

        assertThat(a.deadlocks()).singleElement().satisfies(d -> {
            assertThat(d.foundInGraph()).isTrue();
            assertThat(d.dumpsSeen()).isEqualTo(2);
            assertThat(d.members()).extracting(Deadlock.Member::thread).containsExactly("Cycle-A", "Cycle-B", "Cycle-C");
        });
        assertThat(a.busyThreads()).extracting(BusyThread::name).contains("Spinner-0");

        // without the synchronizer lists, the owners named by the waiters still close the cycle
        Path bare = dir.resolve("threads-bare.json");
        Files.write(bare, Json.MAPPER.writeValueAsBytes(doc(mx, 2, new HashMap<>(), false)));
        assertThat(ThreadDumpAnalyzer.analyze(List.of(bare)).deadlocks()).singleElement().satisfies(d ->
                assertThat(d.members()).extracting(Deadlock.Member::heldBy).containsExactly("Cycle-B", "Cycle-C", "Cycle-A"));
        BusyThread spinner = a.busyThreads().stream().filter(b -> b.name().equals("Spinner-0")).findFirst().orElseThrow();
        assertThat(spinner.cpuDeltaMs()).isPositive();
    }

    @Test
    void severalDocumentsOneFilePerLineAreASeries() throws Exception {
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        Map<Long, Long> cpu = new HashMap<>();
        String lines = Json.MAPPER.writeValueAsString(doc(mx, 0, cpu)) + "\n" + Json.MAPPER.writeValueAsString(doc(mx, 1, cpu)) + "\n";
        Path f = dir.resolve("burst.jsonl");
        Files.writeString(f, lines);
        assertThat(ThreadDumpAnalyzer.parse(f)).hasSize(2);
    }

    @Test
    void documentOfAnotherFormatIsRefusedWithFileAndLine() throws Exception {
        Path f = dir.resolve("other.json");
        Files.writeString(f, "{\"format\": \"brink-heap/1\", \"threads\": []}", StandardCharsets.UTF_8);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> ThreadDumpAnalyzer.parse(f))
                .isInstanceOf(BrinkUserException.class).hasMessageStartingWith(f + ":1: JSON but not a thread dump");
    }

    /** What the observer writes: every thread with its locks, CPU so far and since the previous document. */
    static ThreadDumpDoc doc(ThreadMXBean mx, int seq, Map<Long, Long> previousCpu) {
        return doc(mx, seq, previousCpu, true);
    }

    /** {@code synchronizers} false: as an observer that does not ask for them (cheaper); owners then come from lock_owner_id. */
    static ThreadDumpDoc doc(ThreadMXBean mx, int seq, Map<Long, Long> previousCpu, boolean synchronizers) {
        List<ThreadDumpDoc.ThreadEntry> threads = new ArrayList<>();
        for (ThreadInfo ti : mx.dumpAllThreads(true, synchronizers)) {
            List<ThreadDumpDoc.Frame> frames = new ArrayList<>();
            for (StackTraceElement e : ti.getStackTrace()) {
                frames.add(new ThreadDumpDoc.Frame(e.getClassName(), e.getMethodName(), e.getFileName(), e.getLineNumber()));
            }
            List<ThreadDumpDoc.LockedMonitor> monitors = new ArrayList<>();
            for (MonitorInfo m : ti.getLockedMonitors()) {
                monitors.add(new ThreadDumpDoc.LockedMonitor(m.getClassName(), id(m), m.getLockedStackDepth()));
            }
            List<ThreadDumpDoc.LockRef> syncs = new ArrayList<>();
            for (LockInfo l : ti.getLockedSynchronizers()) syncs.add(new ThreadDumpDoc.LockRef(l.getClassName(), id(l)));
            LockInfo w = ti.getLockInfo();
            long cpuNs = mx.getThreadCpuTime(ti.getThreadId());
            Long prev = previousCpu.put(ti.getThreadId(), cpuNs);
            threads.add(new ThreadDumpDoc.ThreadEntry(ti.getThreadName(), ti.getThreadId(), ti.isDaemon(),
                    ti.getPriority(), ti.getThreadState().name(), cpuNs, prev == null ? -1 : cpuNs - prev,
                    w == null ? null : new ThreadDumpDoc.LockRef(w.getClassName(), id(w)), ti.getLockOwnerId(),
                    ti.getLockOwnerName(), frames, monitors, syncs));
        }
        return new ThreadDumpDoc(ThreadDumpDoc.FORMAT, System.currentTimeMillis(), ProcessHandle.current().pid(),
                System.getProperty("java.vm.name") + " " + System.getProperty("java.vm.version"), seq, threads);
    }

    private static String id(LockInfo l) {
        return "0x" + Integer.toHexString(l.getIdentityHashCode());
    }
}
