package dev.brink.load.host;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.brink.core.line.HostHealth;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The /proc parsers on the kernel's own formats, fuzzed, and the sampler on this machine with a real CPU hog. */
class HostSamplerTest {
    static final String STAT = """
            cpu  191437 10 24792 41536 505 3 437 2432 0 0
            cpu0 95000 5 12000 20000 250 1 200 1200 0 0
            cpu1 96437 5 12792 21536 255 2 237 1232 0 0
            intr 123 0 0
            ctxt 987654
            btime 1700000000
            processes 10345
            procs_running 26
            procs_blocked 0
            """;
    static final String PID_STAT = "4242 (my (odd) name) S 1 4242 4242 0 -1 4194560 100 0 0 0 1234 567 0 0 20 0 1 0 99 1000 10 18446744073709551615";
    static final String PRESSURE = "some avg10=98.83 avg60=99.29 avg300=95.35 total=1013551537\nfull avg10=0.00 avg60=0.00 avg300=0.00 total=0\n";

    @Test
    void parsesTheKernelsFormats() {
        long[] s = ProcFiles.stat(STAT);
        assertThat(s[0]).isEqualTo(191437 + 10);          // user + nice
        assertThat(s[1]).isEqualTo(24792 + 437 + 3);      // system + irq + softirq
        assertThat(s[2]).isEqualTo(41536);                // idle
        assertThat(s[3]).isEqualTo(505);                  // iowait
        assertThat(s[4]).isEqualTo(2432);                 // steal
        assertThat(s[5]).isEqualTo(191437 + 10 + 24792 + 41536 + 505 + 3 + 437 + 2432);
        assertThat(s[6]).isEqualTo(2);                    // cpu0, cpu1
        assertThat(s[7]).isEqualTo(26);                   // procs_running
        assertThat(ProcFiles.processTicks(PID_STAT)).isEqualTo(1234 + 567);
        assertThat(ProcFiles.processName(PID_STAT)).isEqualTo("my (odd) name");
        assertThat(ProcFiles.processParent(PID_STAT)).isEqualTo(1);
        assertThat(ProcFiles.processParent("4242 (x) S")).isEqualTo(-1);
        assertThat(ProcFiles.pressureSomeMicros(PRESSURE)).isEqualTo(1013551537L);
        assertThat(ProcFiles.loadAverage("28.51 22.81 13.21 26/441 10345\n")).isEqualTo(28.51);
        assertThat(ProcFiles.schedWaitNanos("639412 1500 1\n")).isEqualTo(1500);
    }

    @Test
    void findsTheProcessListeningOnAPort() throws Exception {
        assumeTrue(Files.isReadable(Path.of("/proc/net/tcp")), "Linux /proc");
        try (java.net.ServerSocket s = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            assertThat(HostSampler.listeningPid(s.getLocalPort())).isEqualTo(ProcessHandle.current().pid());
        }
        String table = "  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode\n"
                + "   0: 0100007F:1F90 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 424242 1 0\n"
                + "   1: 0100007F:1F90 0100007F:9C40 01 00000000:00000000 00:00000000 00000000     0        0 434343 1 0\n";
        assertThat(ProcFiles.listeningInodes(table, 8080)).containsExactly(424242L);
        assertThat(ProcFiles.listeningInodes(table, 8081)).isEmpty();
    }

    /** Two kernels' column orders: the counters are found by their header, not their position. */
    static final String NETSTAT = """
            TcpExt: SyncookiesSent SyncookiesRecv TW ListenOverflows ListenDrops TCPHPHits
            TcpExt: 0 0 15612 293 301 12813684
            IpExt: InNoRoutes InTruncatedPkts
            IpExt: 0 0
            """;

    @Test
    void listenQueueCountersAreReadByTheirColumnNames() {
        assertThat(ProcFiles.listenQueue(NETSTAT)).containsExactly(293, 301);
        assertThat(ProcFiles.listenQueue("TcpExt: ListenDrops X ListenOverflows\nTcpExt: 7 1 9\n")).containsExactly(9, 7);
        assertThat(ProcFiles.listenQueue("IpExt: a\nIpExt: 1\n")).containsExactly(-1, -1);
    }

    @Test
    void saturationNeedsABusyHostAndOthersUsingIt() {
        assertThat(HostHealth.isSaturated(2, 1.0, -1, 1.8)).isTrue();
        assertThat(HostHealth.isSaturated(2, 0.5, 0.9, 0.6)).as("PSI: tasks waited though the host looked half idle").isTrue();
        // Brink and the target filling the host themselves: their own limit, for the other rules to judge
        assertThat(HostHealth.isSaturated(2, 1.0, 0.99, 0.2)).isFalse();
        assertThat(HostHealth.isSaturated(2, 0.6, 0.1, 1.2)).isFalse();
    }

    @Test
    void fuzzedProcTextNeverThrows() {
        Random rnd = new Random(25);
        String[] seeds = {STAT, PID_STAT, PRESSURE, "28.51 22.81 13.21 26/441 10345\n", "639412 1500 1\n", NETSTAT};
        String alphabet = "cpu procs_running some total=()0123456789 -\n\t:xyzTcpExt:ListenDrops";
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(2);
        int n = 0;
        while (System.nanoTime() < end) {
            StringBuilder sb = new StringBuilder(seeds[rnd.nextInt(seeds.length)]);
            for (int k = rnd.nextInt(8); k >= 0 && sb.length() > 0; k--) {
                int at = rnd.nextInt(sb.length());
                switch (rnd.nextInt(3)) {
                    case 0 -> sb.deleteCharAt(at);
                    case 1 -> sb.insert(at, alphabet.charAt(rnd.nextInt(alphabet.length())));
                    default -> sb.setLength(at);
                }
            }
            String t = sb.toString();
            ProcFiles.stat(t);
            ProcFiles.processTicks(t);
            ProcFiles.processName(t);
            ProcFiles.processParent(t);
            ProcFiles.pressureSomeMicros(t);
            ProcFiles.loadAverage(t);
            ProcFiles.schedWaitNanos(t);
            ProcFiles.listeningInodes(t, 8080);
            ProcFiles.listenQueue(t);
            n++;
        }
        assertThat(n).isGreaterThan(1000);
    }

    @Test
    void aBusyChildIsSeenAsOthersCpuAndNamed() throws Exception {
        assumeTrue(Files.isReadable(Path.of("/proc/stat")), "Linux /proc");
        HostSampler sampler = new HostSampler(() -> -1);
        Map<Long, HostSampler.ProcessCpu> before = HostSampler.processes();
        // bounded by the shell itself, with no wrapper: killing a `timeout 3 sh -c …` wrapper early left its sh
        // spinning forever, an orphan that saturated the machine for every later test
        Process hog = new ProcessBuilder("bash", "-c", "while (( SECONDS < 3 )); do :; done").start();
        try {
            Thread.sleep(1500);
            HostHealth h = sampler.sample();
            assertThat(h.cpus()).isEqualTo((int) Files.readAllLines(Path.of("/proc/stat")).stream()
                    .filter(l -> l.matches("cpu\\d+ .*")).count());
            assertThat(h.busy()).isBetween(0.0, 1.0);
            assertThat(h.targetCores()).isEqualTo(-1);
            // a shell spinning for 1.5 s used a good share of a core, whatever else runs here
            assertThat(h.othersCores()).isGreaterThan(0.3);
            Map<Long, Long> used = new HashMap<>();
            Map<Long, String> names = new HashMap<>();
            HostSampler.add(before, HostSampler.processes(), used, names);
            List<String> top = HostSampler.topOthers(used, names, 1.5, java.util.Set.of(), 50);
            assertThat(top).anySatisfy(t -> assertThat(t).startsWith("pid " + hog.pid() + " bash "));
        } finally {
            hog.descendants().forEach(ProcessHandle::destroyForcibly);
            hog.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
        }
    }
}
