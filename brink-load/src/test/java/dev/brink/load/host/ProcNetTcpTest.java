package dev.brink.load.host;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The in-place /proc/net/tcp parser counts what a line-by-line String parse of the same bytes counts. */
class ProcNetTcpTest {
    @TempDir
    Path dir;

    @Test
    void countsPortsInRangeAndTimeWaitLikeAStringParse() throws Exception {
        List<Socket> open = new ArrayList<>();
        try (ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            for (int i = 0; i < 20; i++) open.add(new Socket(InetAddress.getLoopbackAddress(), server.getLocalPort()));
            for (String name : List.of("tcp", "tcp6")) {
                Path live = Path.of("/proc/net/" + name);
                if (!Files.isReadable(live)) continue;
                Path copy = dir.resolve(name); // a fixed copy: the live table changes between two reads
                Files.write(copy, Files.newInputStream(live).readAllBytes());
                int[] fast = new int[2];
                new ProcNetTcp().count(copy, 32768, 60999, fast);
                assertThat(fast).containsExactly(stringParse(copy, 32768, 60999));
            }
        } finally {
            for (Socket s : open) s.close();
        }
        Path made = dir.resolve("made");
        Files.writeString(made, """
                  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode
                   0: 0100007F:1F90 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 1 1
                   1: 0100007F:8000 0100007F:1F90 01 00000000:00000000 00:00000000 00000000     0        0 2 1
                   2: 0100007F:EE47 0100007F:1F90 06 00000000:00000000 00:00000000 00000000     0        0 3 1
                   3: garbage
                """);
        int[] n = new int[2];
        ProcNetTcp p = new ProcNetTcp();
        p.count(made, 32768, 60999, n);
        assertThat(n).containsExactly(2, 1); // 0x8000 = 32768 and 0xEE47 = 60999 in range; one TIME_WAIT
        p.count(dir.resolve("missing"), 1, 2, n);
        assertThat(n).containsExactly(2, 1);
    }

    private static int[] stringParse(Path table, int low, int high) throws Exception {
        int[] n = new int[2];
        List<String> lines = Files.readAllLines(table);
        for (String line : lines.subList(1, lines.size())) {
            String[] f = line.trim().split("\\s+", 5);
            int port = Integer.parseInt(f[1].substring(f[1].lastIndexOf(':') + 1), 16);
            if (port >= low && port <= high) n[0]++;
            if (Integer.parseInt(f[3], 16) == 6) n[1]++;
        }
        return n;
    }
}
