package dev.brink.load.host;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import org.junit.jupiter.api.Test;

/**
 * How a port proxy and the server behind it are recognised, on the text of the /proc files: docker-proxy's command
 * lines as Docker 20 to 28 start it, and socket tables, fib_trie and if_inet6 as read on Linux 6 (x86-64).
 */
class PortProxyTest {
    @Test
    void dockerProxysArgumentsNameTheContainersAddressAndPort() throws Exception {
        var forward = PortProxy.forwardOf(String.join("\0", "/usr/bin/docker-proxy", "-proto", "tcp", "-host-ip", "0.0.0.0",
                "-host-port", "8080", "-container-ip", "172.17.0.2", "-container-port", "8081", "-use-listen-fd", ""));
        assertThat(forward).contains(new PortProxy.Forward(InetAddress.getByName("172.17.0.2"), 8081));
        assertThat(PortProxy.forwardOf(String.join("\0", "proxy", "--container-ip=fd00::2", "--container-port=80")))
                .contains(new PortProxy.Forward(InetAddress.getByName("fd00::2"), 80));
    }

    @Test
    void otherCommandLinesAreNoProxy() {
        assertThat(PortProxy.forwardOf(String.join("\0", "/usr/sbin/nginx", "-g", "daemon off;"))).isEmpty();
        assertThat(PortProxy.forwardOf(String.join("\0", "proxy", "-container-ip", "172.17.0.2"))).as("no port").isEmpty();
        assertThat(PortProxy.forwardOf(String.join("\0", "proxy", "-container-ip", "db.internal", "-container-port", "80")))
                .as("a name, never resolved").isEmpty();
        assertThat(PortProxy.forwardOf("")).isEmpty();
    }

    @Test
    void aListenerMatchesAtTheContainersAddressOrAWildcard() throws Exception {
        byte[] container = InetAddress.getByName("172.17.0.2").getAddress();
        String tcp = """
                  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode
                   0: 020011AC:1F90 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 101 1 0 100 0 0 10 0
                   1: 030011AC:1F90 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 102 1 0 100 0 0 10 0
                   2: 00000000:1F90 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 103 1 0 100 0 0 10 0
                   3: 020011AC:1F91 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 104 1 0 100 0 0 10 0
                """;
        assertThat(ProcFiles.listeningInodes(tcp, 8080, container)).containsExactly(101L, 103L);
        String tcp6 = """
                  sl  local_address                         remote_address                        st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode
                   0: 00000000000000000000000000000000:1F90 00000000000000000000000000000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 201 1 0 100 0 0 10 0
                   1: 0000000000000000FFFF0000020011AC:1F90 00000000000000000000000000000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 202 1 0 100 0 0 10 0
                   2: 0000000000000000FFFF0000030011AC:1F90 00000000000000000000000000000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 203 1 0 100 0 0 10 0
                """;
        assertThat(ProcFiles.listeningInodes(tcp6, 8080, container)).containsExactly(201L, 202L);
    }

    @Test
    void aNamespaceOwnsTheAddressesOfItsInterfaces() throws Exception {
        String fibTrie = """
                Main:
                  +-- 0.0.0.0/0 3 0 5
                     +-- 127.0.0.0/8 2 0 2
                        +-- 127.0.0.0/31 1 0 0
                           |-- 127.0.0.0
                              /8 host LOCAL
                           |-- 127.0.0.1
                              /32 host LOCAL
                     +-- 172.17.0.0/16 2 0 2
                        |-- 172.17.0.0
                           /16 link UNICAST
                        |-- 172.17.0.2
                           /32 host LOCAL
                        |-- 172.17.255.255
                           /32 link BROADCAST
                """;
        String ifInet6 = "fe8000000000000000fc00fffe000001 04 40 20 80     eth0\n00000000000000000000000000000001 01 80 10 80       lo\n";
        assertThat(ProcFiles.ownsAddress(fibTrie, ifInet6, InetAddress.getByName("172.17.0.2").getAddress())).isTrue();
        assertThat(ProcFiles.ownsAddress(fibTrie, ifInet6, InetAddress.getByName("172.17.0.3").getAddress())).isFalse();
        assertThat(ProcFiles.ownsAddress(fibTrie, ifInet6, InetAddress.getByName("172.17.255.255").getAddress())).as("a broadcast").isFalse();
        assertThat(ProcFiles.ownsAddress(fibTrie, ifInet6, InetAddress.getByName("fe80::fc:ff:fe00:1").getAddress())).isTrue();
        assertThat(ProcFiles.ownsAddress(fibTrie, ifInet6, InetAddress.getByName("fd00::2").getAddress())).isFalse();
    }
}
