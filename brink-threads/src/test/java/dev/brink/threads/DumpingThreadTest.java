package dev.brink.threads;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brink.core.Finding;
import dev.brink.core.FindingKind;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The thread that takes a dump is in it, RUNNABLE in the dumping code every time: it is never a busy thread. */
class DumpingThreadTest {
    @TempDir
    Path dir;

    private static String dump(int second, int workerCpuMs) {
        return """
                2026-11-23 12:00:%02d
                Full thread dump OpenJDK 64-Bit Server VM (17.0.15+6-Debian-1deb12u1 mixed mode, sharing):

                "RMI TCP Connection(1)-127.0.0.1" #30 daemon prio=5 os_prio=0 cpu=%d.00ms elapsed=%d.00s tid=0x00007f0000000001 nid=0x1a runnable  [0x00007f0000001000]
                   java.lang.Thread.State: RUNNABLE
                	at sun.management.ThreadImpl.dumpThreads0(java.management@17.0.15/Native Method)
                	at sun.management.ThreadImpl.dumpAllThreads(java.management@17.0.15/ThreadImpl.java:521)

                "worker" #31 prio=5 os_prio=0 cpu=%d.00ms elapsed=%d.00s tid=0x00007f0000000002 nid=0x1b runnable  [0x00007f0000002000]
                   java.lang.Thread.State: RUNNABLE
                	at Busy.spin(Busy.java:10)
                	at Busy.main(Busy.java:5)

                """.formatted(second, 10 + second, second, workerCpuMs, second, second);
    }

    @Test
    void theObserversOwnJmxThreadIsNotReportedBusyButTheSpinningWorkerIs() throws Exception {
        Path file = dir.resolve("burst.txt");
        Files.writeString(file, dump(1, 900) + dump(2, 1890) + dump(3, 2880), StandardCharsets.UTF_8);
        List<Finding> busy = ThreadDumpAnalyzer.analyze(List.of(file)).findings().stream()
                .filter(f -> f.kind() == FindingKind.BUSY_THREAD).toList();
        assertThat(busy).extracting(Finding::title).noneMatch(t -> t.contains("RMI TCP Connection"));
        assertThat(busy).extracting(Finding::title).anyMatch(t -> t.contains("worker"));
    }
}
