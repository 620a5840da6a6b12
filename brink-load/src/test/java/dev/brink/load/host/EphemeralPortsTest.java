package dev.brink.load.host;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * When the port figures walk the socket tables and when the cheap sockstat bound stands in for them: every second
 * near the limit is exact, far from it the count is refreshed every tenth second and never exceeds the bound.
 */
class EphemeralPortsTest {
    private static final String HEADER = "  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode\n";

    @TempDir
    Path net;

    @Test
    void farFromTheLimitTheTablesAreWalkedEveryTenthSecondAndTheCountNeverExceedsTheBound() throws Exception {
        tables(3, 1); // 3 client sockets in 40000-40999, 1 of them in TIME_WAIT
        sockstat(10, 1, 0); // bound 11: far below 1/8 of 1000
        EphemeralPorts p = new EphemeralPorts(40000, 40999, net);
        assertThat(p.sample()).containsExactly(3, 1);
        assertThat(p.walks()).isEqualTo(1);

        tables(7, 1); // more sockets, but the bound stays far from the limit: the last count stands until the refresh
        sockstat(20, 2, 0);
        for (int second = 2; second < EphemeralPorts.REFRESH_EVERY + 1; second++) {
            assertThat(p.sample()).containsExactly(3, 2); // TIME_WAIT is sockstat's, exact every second
        }
        assertThat(p.walks()).isEqualTo(1);
        assertThat(p.sample()).as("the tenth second walks").containsExactly(7, 1);
        assertThat(p.walks()).isEqualTo(2);

        sockstat(4, 1, 0); // sockets closed since: the bound (5) caps the count at once
        assertThat(p.sample()).containsExactly(5, 1);
        assertThat(p.walks()).isEqualTo(2);
    }

    @Test
    void nearTheLimitEverySecondIsCountedExactly() throws Exception {
        tables(3, 0);
        sockstat(100, 30, 0); // bound 130 ≥ 1000 / 8
        EphemeralPorts p = new EphemeralPorts(40000, 40999, net);
        assertThat(p.sample()).containsExactly(3, 0);
        tables(9, 2);
        assertThat(p.sample()).containsExactly(9, 2);
        sockstat(60, 20, 50); // IPv6 sockets count in the bound too: 130
        tables(11, 2);
        assertThat(p.sample()).containsExactly(11, 2);
        assertThat(p.walks()).isEqualTo(3);
    }

    @Test
    void withoutAReadableSockstatEverySecondWalks() throws Exception {
        tables(2, 0);
        Files.writeString(net.resolve("sockstat"), "sockets: used 8\nTCP: nothing here\n");
        EphemeralPorts p = new EphemeralPorts(40000, 40999, net);
        p.sample();
        tables(4, 0);
        assertThat(p.sample()).containsExactly(4, 0);
        assertThat(p.walks()).isEqualTo(2);
    }

    @Test
    void onThisHostTheFirstSampleCountsOpenConnections() throws Exception {
        assumeTrue(Files.isReadable(Path.of("/proc/net/sockstat")), "Linux /proc/net");
        List<Socket> open = new ArrayList<>();
        try (ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            for (int i = 0; i < 20; i++) open.add(new Socket(InetAddress.getLoopbackAddress(), server.getLocalPort()));
            int low = open.stream().mapToInt(Socket::getLocalPort).min().orElseThrow();
            int high = open.stream().mapToInt(Socket::getLocalPort).max().orElseThrow();
            int[] n = new EphemeralPorts(low, high).sample();
            assertThat(n[0]).as("the 20 client sockets' ports lie in [%d, %d]", low, high).isGreaterThanOrEqualTo(20);
        } finally {
            for (Socket s : open) s.close();
        }
    }

    /** tcp: {@code inRange} sockets with local ports from 40000, {@code timeWait} of them in TIME_WAIT; tcp6 empty. */
    private void tables(int inRange, int timeWait) throws Exception {
        StringBuilder t = new StringBuilder(HEADER);
        t.append("   0: 0100007F:1F90 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 1 1\n");
        for (int i = 0; i < inRange; i++) {
            t.append(String.format("%4d: 0100007F:%04X 0100007F:1F90 %s 00000000:00000000 00:00000000 00000000     0        0 %d 1%n",
                    i + 1, 40000 + i, i < timeWait ? "06" : "01", i + 2));
        }
        Files.writeString(net.resolve("tcp"), t);
        Files.writeString(net.resolve("tcp6"), HEADER);
    }

    private void sockstat(int inuse, int tw, int inuse6) throws Exception {
        Files.writeString(net.resolve("sockstat"), "sockets: used 40\nTCP: inuse " + inuse + " orphan 0 tw " + tw
                + " alloc " + (inuse + 2) + " mem 3\nUDP: inuse 0 mem 0\n");
        Files.writeString(net.resolve("sockstat6"), "TCP6: inuse " + inuse6 + "\nUDP6: inuse 0\n");
    }
}
