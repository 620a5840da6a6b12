package dev.brink.jvm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.brink.core.testing.ChildJvm;
import dev.brink.jvm.children.SteadyMain;
import java.io.IOException;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import org.awaitility.Awaitility;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The JMX agent Brink starts inside a target by attaching ({@code startLocalManagementAgent}) must not be
 * reachable from another host. The JDK opens its RMI server socket on the wildcard address, but with a
 * socket factory that closes every connection whose peer is not one of this host's own addresses. This test
 * proves that from a real second host: a network namespace joined to this one by a veth pair. The same JRMP
 * handshake that the agent answers from 127.0.0.1 and from this host's own veth address gets no answer from
 * the namespace's address. Needs root (namespaces); skipped otherwise.
 */
class AgentLoopbackTest {
    /** JRMP header: magic "JRMI", version 2, StreamProtocol. A JRMP server answers ProtocolAck (0x4E). */
    private static final String HANDSHAKE = "printf 'JRMI\\000\\002\\113' >&3";

    @ParameterizedTest
    @ValueSource(strings = {"17", "25"})
    void theAttachAgentAnswersOnlyClientsOnThisHost(String jdk) throws Exception {
        Path javaHome = ChildJvm.home(jdk);
        assumeTrue(run(List.of("ip", "netns", "list")).exit == 0 && "root".equals(System.getProperty("user.name")),
                "needs root and iproute2 to create a network namespace");
        try (ChildJvm child = ChildJvm.start(javaHome, SteadyMain.class, List.of("-Xmx64m"), Children.LIFETIME_S);
             JvmObserver obs = JvmObserver.attach(JvmTarget.pid(child.pid()))) {
            List<Listener> listeners = listeners(child.pid());
            assertThat(listeners).as("the attach started a JMX agent listening in the target").isNotEmpty();
            try (SecondHost host = SecondHost.create("brink-agent-", 231)) {
                String hostIp = host.hostIp();
                String ns = host.ns();
                for (Listener l : listeners) {
                    if (l.loopbackOnly) continue; // bound to 127.0.0.1: no other host can reach it at all
                    assertThat(jrmpReply(List.of(), "127.0.0.1", l.port)).as("port " + l.port + " from 127.0.0.1").isEqualTo("4e");
                    assertThat(jrmpReply(List.of(), hostIp, l.port)).as("port " + l.port + " from this host's veth address")
                            .isEqualTo("4e");
                    // the namespace reaches the port (TCP connects), and the agent closes it without a byte
                    Result fromNs = handshake(List.of("ip", "netns", "exec", ns), hostIp, l.port);
                    assertThat(fromNs.out).as("the namespace connected to " + hostIp + ":" + l.port + ": " + fromNs.err)
                            .contains("connected");
                    assertThat(fromNs.out.replace("connected", "").strip()).as("port " + l.port + " answered another host")
                            .isEmpty();
                }
            }
        }
    }

    /**
     * A second host: a network namespace joined to this one by a veth pair, this host's side at {@code hostIp}. Closed,
     * the link and the namespace are deleted.
     */
    record SecondHost(String ns, String hostIf, String hostIp) implements AutoCloseable {
        static SecondHost create(String prefix, int net) throws Exception {
            int n = ThreadLocalRandom.current().nextInt(2, 250);
            SecondHost h = new SecondHost(prefix + ProcessHandle.current().pid(), "bk" + net + "a" + n, "10." + net + "." + n + ".1");
            String nsIf = "bk" + net + "b" + n;
            try {
                sh("ip netns add " + h.ns);
                sh("ip link add " + h.hostIf + " type veth peer name " + nsIf);
                sh("ip link set " + nsIf + " netns " + h.ns);
                sh("ip addr add " + h.hostIp + "/30 dev " + h.hostIf);
                sh("ip link set " + h.hostIf + " up");
                sh("ip netns exec " + h.ns + " ip addr add 10." + net + "." + n + ".2/30 dev " + nsIf);
                sh("ip netns exec " + h.ns + " ip link set " + nsIf + " up");
                sh("ip netns exec " + h.ns + " ip link set lo up");
                return h;
            } catch (Exception e) {
                h.close();
                throw e;
            }
        }

        @Override
        public void close() throws Exception {
            run(List.of("ip", "link", "del", hostIf));
            run(List.of("ip", "netns", "del", ns));
        }
    }

    /**
     * A JVM Brink launches never gets the JDK's local agent: Brink's own agent serves JMX on 127.0.0.1 only. Every
     * port the launched JVM listens on is bound to the loopback address, the observer reads its MBeans through it, and
     * from another network namespace (a second host) the port cannot even be connected to. A program whose main
     * returns still exits: the agent's connector does not keep its JVM alive. Needs root for the namespace part.
     */
    @ParameterizedTest
    @ValueSource(strings = {"17", "25"})
    void aLaunchedTargetsJmxListensOnLoopbackOnly(String jdk) throws Exception {
        Path javaHome = ChildJvm.home(jdk);
        Path log = Files.createTempFile("brink-launched-", ".log");
        // lives until the test has observed and probed it (a stop file), then its main returns and it must exit by itself
        Path stop = log.resolveSibling(log.getFileName() + ".stop");
        List<String> cmd = ChildJvm.command(javaHome, SteadyMain.class, List.of("-Xmx64m"), "@" + stop);
        ProcessHandle target = null;
        try (JvmObserver obs = JvmObserver.attach(new JvmTarget.Launch(cmd, log))) {
            long pid = obs.pid();
            target = ProcessHandle.of(pid).orElseThrow();
            List<Listener> listeners = listeners(pid);
            assertThat(listeners).as("Brink's agent serves JMX in the launched JVM").isNotEmpty();
            assertThat(listeners).as("every listening socket of the launched JVM: " + listeners).allMatch(Listener::loopbackOnly);
            assertThat(Files.readString(log)).doesNotContain("brink agent: no JMX connector");
            assertThat(obs.vm()).as("the runtime MBean read through the agent's connector").contains("VM");
            if (run(List.of("ip", "netns", "list")).exit == 0 && "root".equals(System.getProperty("user.name"))) {
                fromAnotherHost(listeners.get(0).port());
            }
            // its main returns: the agent's connector lets the JVM exit, observed or not
            Files.writeString(stop, "done");
            ProcessHandle launched = target;
            Awaitility.await().atMost(30, TimeUnit.SECONDS).until(() -> !launched.isAlive());
            Files.delete(stop);
        } finally {
            if (target != null && target.isAlive()) Files.writeString(stop, "done"); // a failed assertion still ends it
            Files.deleteIfExists(log);
        }
    }

    /** From a second host (a namespace joined by a veth pair), this host's veth address and {@code port} refuse. */
    private static void fromAnotherHost(int port) throws Exception {
        try (SecondHost host = SecondHost.create("brink-launch-", 232)) {
            Result fromNs = handshake(List.of("ip", "netns", "exec", host.ns()), host.hostIp(), port);
            assertThat(fromNs.out).as("the namespace must not reach " + host.hostIp() + ":" + port).doesNotContain("connected");
            assertThat(fromNs.err).as(fromNs.err).containsIgnoringCase("refused");
        }
    }

    private static String jrmpReply(List<String> prefix, String ip, int port) throws Exception {
        return handshake(prefix, ip, port).out.replace("connected", "").strip();
    }

    /** Connects with bash's /dev/tcp, sends the handshake, prints "connected" and the first reply byte in hex. */
    private static Result handshake(List<String> prefix, String ip, int port) throws Exception {
        List<String> cmd = new ArrayList<>(prefix);
        cmd.addAll(List.of("timeout", "10", "bash", "-c", "exec 3<>/dev/tcp/" + ip + "/" + port + " && echo connected && "
                + HANDSHAKE + " && timeout 3 head -c1 <&3 | od -An -tx1"));
        return run(cmd);
    }

    /** A TCP socket the process listens on: its port, and whether it is bound to a loopback address only. */
    record Listener(int port, boolean loopbackOnly) {
    }

    /** Listening sockets of {@code pid}, from /proc: the socket inodes among its fds, matched in /proc/net/tcp{,6}. */
    static List<Listener> listeners(long pid) throws IOException {
        Set<String> inodes = new HashSet<>();
        try (var fds = Files.list(Path.of("/proc/" + pid + "/fd"))) {
            for (Path fd : (Iterable<Path>) fds::iterator) {
                try {
                    String link = Files.readSymbolicLink(fd).toString();
                    if (link.startsWith("socket:[")) inodes.add(link.substring(8, link.length() - 1));
                } catch (IOException gone) {
                    // an fd closed while listed
                }
            }
        }
        List<Listener> out = new ArrayList<>();
        for (String table : List.of("/proc/" + pid + "/net/tcp", "/proc/" + pid + "/net/tcp6")) {
            List<String> lines = Files.readAllLines(Path.of(table), StandardCharsets.US_ASCII);
            for (String line : lines.subList(1, lines.size())) {
                String[] f = line.strip().split("\\s+");
                if (!f[3].equals("0A") || !inodes.contains(f[9])) continue; // 0A = LISTEN
                String[] addr = f[1].split(":");
                out.add(new Listener(Integer.parseInt(addr[1], 16), loopback(addr[0])));
            }
        }
        return out;
    }

    /** /proc/net/tcp addresses are hex in host byte order: 0100007F is 127.0.0.1; all zeros is the wildcard. */
    private static boolean loopback(String hex) throws IOException {
        byte[] b = new byte[hex.length() / 2];
        for (int i = 0; i < b.length; i += 4) {
            for (int k = 0; k < 4; k++) b[i + k] = (byte) Integer.parseInt(hex.substring((i + 3 - k) * 2, (i + 4 - k) * 2), 16);
        }
        return InetAddress.getByAddress(b).isLoopbackAddress();
    }

    record Result(int exit, String out, String err) {
    }

    private static void sh(String command) throws Exception {
        Result r = run(List.of(command.split(" ")));
        if (r.exit != 0) throw new IllegalStateException(command + " failed: " + r.err);
    }

    private static Result run(List<String> cmd) throws Exception {
        Process p = new ProcessBuilder(cmd).start();
        byte[] out = p.getInputStream().readAllBytes();
        byte[] err = p.getErrorStream().readAllBytes();
        if (!p.waitFor(30, TimeUnit.SECONDS)) p.destroyForcibly();
        return new Result(p.exitValue(), new String(out, StandardCharsets.UTF_8), new String(err, StandardCharsets.UTF_8));
    }
}
