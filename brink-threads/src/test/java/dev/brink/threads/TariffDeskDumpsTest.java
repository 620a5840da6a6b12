package dev.brink.threads;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brink.core.Finding;
import dev.brink.core.FindingKind;
import dev.brink.core.testing.ChildJvm;
import dev.brink.threads.child.TariffDesk;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Predicate;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Real jcmd Thread.print -l dumps of child/TariffDesk on JDK 17 and 25: a read-write lock's writer blamed for
 * the readers queued behind it, a monitor owner in Object.wait() on another object still blamed for the threads
 * blocked on the first, and idle pools (50 workers on one queue's condition, a scheduled pool, a ForkJoinPool)
 * never taken for contention.
 */
class TariffDeskDumpsTest {
    private static final String LEDGER = "dev.brink.threads.child.TariffDesk$Ledger";

    @TempDir
    Path dir;


    @ParameterizedTest(name = "JDK {0}")
    @ValueSource(strings = {"17", "25"})
    void writerBlamedWaitingOwnerBlamedIdlePoolsQuiet(String jdk) throws Exception {
        try (ChildJvm child = ChildJvm.start(ChildJvm.home(jdk), TariffDesk.class, List.of("-Xmx64m"))) {
            check(dumpOnceSettled(child, dir, "tariff", "txt", "Thread.print", "-l"), true);
            if (jdk.equals("25")) {
                // Thread.dump_to_file lists no ownable synchronizers: the read-write lock's writer is not named
                check(dumpOnceSettled(child, dir, "tariff", "json", "Thread.dump_to_file", "-format=json"), false);
                check(dumpOnceSettled(child, dir, "tariff-plain", "txt", "Thread.dump_to_file"), false);
            }
        }
    }

    private static void check(ThreadDump d, boolean synchronizersListed) {
        ThreadAnalysis a = ThreadDumpAnalyzer.analyzeDumps(List.of(d), java.util.Map.of(), List.of());
        List<LockContention> cs = a.contentions();

        assertThat(cs).filteredOn(c -> c.lock().className().startsWith("java.util.concurrent.locks.ReentrantReadWriteLock$"))
                .singleElement().satisfies(c -> {
                    assertThat(c.holder()).isEqualTo(synchronizersListed ? "Repricer-1" : null);
                    assertThat(c.waiters()).hasSize(5).allSatisfy(w -> assertThat(w).startsWith("RateReader-"));
                });
        assertThat(cs).filteredOn(c -> c.lock().className().equals(LEDGER)).singleElement().satisfies(c -> {
            assertThat(c.holder()).isEqualTo("SettleClerk-1");
            assertThat(c.holderState()).isEqualTo("WAITING");
            assertThat(c.waiters()).hasSize(4).allSatisfy(w -> assertThat(w).startsWith("PostClerk-"));
        });
        // the bell's woken listeners and a late entrant all wait for the ringer: the only thread in the dump
        // that owns the bell
        assertThat(cs).filteredOn(c -> c.lock().className().equals("java.lang.Object")).singleElement()
                .satisfies(c -> {
                    assertThat(c.holder()).isEqualTo("BellRinger-1");
                    assertThat(c.waiters()).containsExactlyInAnyOrder("BellListener-0", "BellListener-1", "BellLate-1");
                });
        // nothing else: not the stamp the clerk released by waiting on it, not the idle pools
        assertThat(cs).hasSize(3);
        assertThat(a.findings()).filteredOn(f -> f.kind() == FindingKind.LOCK_CONTENTION || f.kind() == FindingKind.POOL_STARVATION)
                .extracting(Finding::title)
                .noneSatisfy(t -> assertThat(t).containsAnyOf("tariff-", "ForkJoinPool", "LinkedBlockingQueue",
                        "ConditionObject", "DelayedWorkQueue"));
    }

    /**
     * Thread.print -l until every thread has reached its wait (a loaded machine may take a while), at most 20 s;
     * returns the dump that shows it.
     */
    private static ThreadDump dumpOnceSettled(ChildJvm child, Path dir, String prefix, String ext, String... command)
            throws Exception {
        long deadline = System.nanoTime() + 20_000_000_000L;
        for (int i = 0; ; i++) {
            Path file = dir.resolve(prefix + "-" + i + "." + ext);
            if (command[0].equals("Thread.dump_to_file")) {
                String[] c = java.util.Arrays.copyOf(command, command.length + 1);
                c[command.length] = file.toString();
                child.jcmd(dir.resolve(prefix + "-" + i + ".jcmd-out"), c);
            } else {
                child.jcmd(file, command);
            }
            ThreadDump d = ThreadDumpAnalyzer.parse(file).get(0);
            if (count(d, t -> t.name().startsWith("RateReader-") && t.waitKind() == WaitKind.PARK) == 5
                    && count(d, t -> t.name().startsWith("PostClerk-") && t.state().equals("BLOCKED")) == 4
                    && count(d, t -> t.name().startsWith("tariff-idle-") && t.state().equals("WAITING")) == 50
                    && count(d, t -> t.name().startsWith("tariff-tick-") && t.state().equals("WAITING")) == 3
                    && count(d, t -> t.name().startsWith("Bell") && t.state().equals("BLOCKED")) == 3) {
                return d;
            }
            assertThat(System.nanoTime()).as("child threads never all reached their waits").isLessThan(deadline);
            Thread.sleep(100);
        }
    }

    private static long count(ThreadDump d, Predicate<DumpThread> p) {
        return d.threads().stream().filter(p).count();
    }
}
