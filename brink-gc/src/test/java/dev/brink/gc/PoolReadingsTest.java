package dev.brink.gc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brink.gc.programs.LedgerArchive;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The log's figures against the JVM's own: a child JVM runs the ledger archive with a GC-notification listener
 * ({@code PoolPrinter}) and a GC log, and every collection's heap after GC as brink-gc reads it from the log must be
 * what the JVM told its GarbageCollectorMXBeans (the heap pools' usage after), to the megabyte the log prints (for ZGC,
 * to the small page it allocates in), with the
 * same cause words (the live observer's gc.jsonl carries the notifications' causes, a log its own). Generational
 * ZGC on JDK 25 (major and minor cycles, young and old generation lines) and G1 on JDK 17, at the same time, 5 s.
 */
class PoolReadingsTest {
    @TempDir
    Path tmp;

    /** ZGC's small pages, the unit it hands to allocating threads (objects up to 256 KiB). */
    static final long ZGC_SMALL_PAGE = 2L << 20;

    record Reading(String collector, String cause, long usedAfter) {
    }

    @Test
    void everyCollectionsHeapAfterIsTheJvmsOwnReading() throws Exception {
        List<Process> children = new ArrayList<>();
        List<String> names = new ArrayList<>(List.of("g1-jdk17"));
        children.add(start(ChildJvmLogsTest.JDK17, "g1-jdk17", "-XX:+UseG1GC"));
        boolean jdk25 = Files.isExecutable(ChildJvmLogsTest.JDK25.resolve("bin/java"));
        if (jdk25) {
            names.add("zgc-jdk25");
            children.add(start(ChildJvmLogsTest.JDK25, "zgc-jdk25", "-XX:+UseZGC"));
        } else {
            System.out.println("SKIPPED: no JDK 25 at " + ChildJvmLogsTest.JDK25 + ": generational ZGC not checked");
        }
        for (int i = 0; i < children.size(); i++) {
            assertThat(children.get(i).waitFor(60, TimeUnit.SECONDS)).as(names.get(i)).isTrue();
            GcReport r = GcLogAnalyzer.analyze(List.of(tmp.resolve(names.get(i) + ".log")));
            List<Reading> jvm = readings(tmp.resolve(names.get(i) + ".out"));
            boolean zgc = names.get(i).startsWith("zgc");
            // the collections both sides report: G1's young pauses; generational ZGC's major and minor cycles
            List<GcEvent> logged = r.events().stream().filter(e -> zgc ? e.name().startsWith("Major Collection")
                    || e.name().startsWith("Minor Collection") : e.name().startsWith("Pause Young")).toList();
            List<Reading> notified = jvm.stream().filter(x -> zgc ? x.collector().endsWith("Cycles")
                    : x.collector().equals("G1 Young Generation")).toList();
            // A concurrent ZGC cycle can end as the JVM exits: its notification is delivered, its log summary never
            // written (the log's last lines stop inside the cycle). And the other way for any collector: the JVM
            // sends GC notifications from its service thread after the collection, while the log is written in the
            // pause, so a pause just before the JVM exits is logged and its notification may never be sent (G1 on
            // JDK 17 beside two busy loops: one more young pause logged than notified). So either side may lack the
            // last collection, never more than that one; the collections both have must agree, in order.
            assertThat(logged).as(names.get(i)).hasSizeGreaterThanOrEqualTo(3);
            assertThat(notified.size() - logged.size()).as(names.get(i) + ": notified minus logged").isBetween(-1, zgc ? 1 : 0);
            for (int k = 0; k < Math.min(logged.size(), notified.size()); k++) {
                GcEvent e = logged.get(k);
                Reading x = notified.get(k);
                assertThat(x.collector()).as(names.get(i) + " " + e.name())
                        .startsWith(zgc ? (e.name().startsWith("Major") ? "ZGC Major" : "ZGC Minor") : "G1 Young");
                // the cause the findings go by is the one the live observer gets: the same words
                assertThat(e.cause()).as(names.get(i) + " " + e.source()).isEqualTo(x.cause());
                // the log prints whole megabytes, rounded down. ZGC's two readings are taken apart, while the
                // application's threads allocate through the concurrent cycle's end: the log's summary and the
                // notification's usage after may be a small page (2 MiB, what ZGC allocates in) apart either way
                // (seen once at load 11: the notification 2 MiB below the log); G1's are one reading in one pause
                long page = zgc ? ZGC_SMALL_PAGE : 0;
                assertThat(x.usedAfter() - e.heapAfter()).as(names.get(i) + " " + e.source() + " " + e.name())
                        .isBetween(-page, (1L << 20) - 1 + page);
            }
        }
    }

    private Process start(Path jdk, String name, String collector) throws Exception {
        List<String> cmd = List.of(ChildJvmLogsTest.java(jdk), "-Xmx128m", collector,
                "-Xlog:gc*:file=" + tmp.resolve(name + ".log") + ":uptime,tags",
                "-cp", ChildJvmLogsTest.classpathOf(LedgerArchive.class), LedgerArchive.class.getName(), "5", "leak", "1536", "pools");
        return new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(tmp.resolve(name + ".out").toFile()).start();
    }

    private static List<Reading> readings(Path out) throws Exception {
        List<Reading> r = new ArrayList<>();
        for (String line : Files.readAllLines(out)) {
            if (line.startsWith("POOLS ")) {
                String[] f = line.substring(6).split("\\|");
                r.add(new Reading(f[0], f[1], Long.parseLong(f[2])));
            }
        }
        return r;
    }
}
