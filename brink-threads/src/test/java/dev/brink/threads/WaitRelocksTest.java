package dev.brink.threads;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * Which monitor a thread woken from Object.wait() re-locks, when a Thread.dump_to_file dump does not say: real
 * dumps of the common shape are in TariffDeskDumpsTest; these are the shapes where it has to be told apart.
 */
class WaitRelocksTest {
    private static final String HEAD = "4242\n2026-11-29T10:00:00Z\n25.0.3\n\n";

    private static ThreadDump parse(String body) throws Exception {
        return ThreadDumpAnalyzer.parse("relock.txt", (HEAD + body).getBytes(StandardCharsets.UTF_8)).get(0);
    }

    private static DumpThread named(ThreadDump d, String name) {
        return d.threads().stream().filter(t -> t.name().equals(name)).findFirst().orElseThrow();
    }

    /** synchronized (outer) { synchronized (inner) { outer.wait(); } }, woken while the notifier keeps outer. */
    @Test
    void nestedWaitReLocksTheMonitorItsNotifierOwnsAndKeepsTheInnerOne() throws Exception {
        ThreadDump d = parse("""
                #10 "Nester" BLOCKED 2026-11-29T10:00:00Z
                    at java.base/java.lang.Object.wait0(Native Method)
                    at java.base/java.lang.Object.wait(Object.java:389)
                    at app.Nest.run(Nest.java:10)
                    - locked <app.Inner@b1>
                    - locked <app.Outer@a1>
                    at java.base/java.lang.Thread.run(Thread.java:1474)

                #11 "Ringer" TIMED_WAITING 2026-11-29T10:00:00Z
                    at java.base/java.lang.Thread.sleep0(Native Method)
                    at app.Nest.ring(Nest.java:20)
                    - locked <app.Outer@a1>
                    at java.base/java.lang.Thread.run(Thread.java:1474)
                """);
        DumpThread nester = named(d, "Nester");
        assertThat(nester.waitKind()).isEqualTo(WaitKind.ENTER);
        assertThat(nester.waitingOn().identity()).isEqualTo("0xa1");
        assertThat(nester.held()).extracting(h -> h.lock().identity()).containsExactly("0xb1");
        assertThat(named(d, "Ringer").held()).extracting(h -> h.lock().identity()).containsExactly("0xa1");
    }

    /** The notifier already left: the woken thread is only waiting to be scheduled, on its innermost monitor. */
    @Test
    void wokenAloneReLocksItsInnermostMonitor() throws Exception {
        ThreadDump d = parse("""
                #10 "Settler" BLOCKED 2026-11-29T10:00:00Z
                    at java.base/java.lang.Object.wait0(Native Method)
                    at java.base/java.lang.Object.wait(Object.java:389)
                    at app.Ledger.settle(Ledger.java:10)
                    - locked <java.lang.Object@c1>
                    - locked <app.Ledger@d1>
                    at java.base/java.lang.Thread.run(Thread.java:1474)

                #11 "Poster" BLOCKED 2026-11-29T10:00:00Z
                    at app.Ledger.post(Ledger.java:20)
                    - waiting to lock <app.Ledger@d1>
                    at java.base/java.lang.Thread.run(Thread.java:1474)
                """);
        DumpThread settler = named(d, "Settler");
        assertThat(settler.waitingOn().identity()).isEqualTo("0xc1");
        assertThat(settler.held()).extracting(h -> h.lock().identity()).containsExactly("0xd1");
        // the ledger is still the settler's: the poster waits for it
        assertThat(ThreadDumpAnalyzer.analyzeDumps(java.util.List.of(d), java.util.Map.of(), java.util.List.of())
                .contentions()).filteredOn(c -> c.lock().identity().equals("0xd1")).singleElement()
                .satisfies(c -> assertThat(c.holder()).isEqualTo("Settler"));
    }
}
