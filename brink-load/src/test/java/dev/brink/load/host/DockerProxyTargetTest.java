package dev.brink.load.host;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.brink.core.line.HostHealth;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A service published as {@code docker run -p} publishes it: its JVM listens in a network namespace of its own (a veth
 * pair to the host, as Docker's bridge), and on the host a forwarding proxy started with docker-proxy's arguments
 * listens on 127.0.0.1 and copies every byte to it, and a second one on ::1 and the same port (Docker starts one per
 * address family). Brink drives 127.0.0.1: the process on the port is the proxy, and
 * the service's JVM is neither its descendant nor visible in the host's socket table. Before, the proxy alone was the
 * target and the service's JVM read as another process taking the CPU; both are the target's now. The server runs on
 * JDK 17 and on JDK 25 where installed (the proxy on the JDK running the tests). Skipped where network namespaces
 * cannot be made (not root, no iproute2). About a second per JDK: three child JVMs and 0.3 CPU-s of requests.
 */
class DockerProxyTargetTest {
    private static final Path JDK25 = Path.of("/usr/lib/jvm/temurin-25-jdk-amd64");
    private static final int CONTAINER_PORT = 8080;

    @ParameterizedTest(name = "server on JDK {0}")
    @ValueSource(strings = {"17", "25"})
    void theServiceBehindThePortProxyAndTheProxyAreTheTarget(String jdk) throws Exception {
        assumeTrue(Files.isReadable(Path.of("/proc/net/tcp")), "Linux /proc");
        Path serverJdk = jdk.equals("25") ? JDK25 : Path.of(System.getProperty("java.home"));
        assumeTrue(Files.isExecutable(serverJdk.resolve("bin/java")), "JDK " + jdk + " at " + serverJdk);
        try (Namespace ns = new Namespace()) {
            assumeTrue(ns.create(), "network namespaces (root and iproute2)");
            List<String> server = new ArrayList<>(ns.exec());
            server.addAll(List.of(serverJdk.resolve("bin/java").toString(), "-Xmx64m", "-cp", classes(), ProxiedServerMain.class.getName(),
                    ns.address(), Integer.toString(CONTAINER_PORT), "40"));
            int hostPort = freePort();
            Process serverProcess = null, proxyProcess = null, peerProcess = null;
            AtomicBoolean stop = new AtomicBoolean();
            try {
                serverProcess = new ProcessBuilder(server).redirectErrorStream(true).start();
                long serverPid = Long.parseLong(awaitReady(serverProcess).substring("ready ".length()).trim());
                // as Docker does, a second proxy on the same port for IPv6, started first: the one found on the port
                // (the first holder in /proc's order) is then likely the one no byte of 127.0.0.1 goes through
                if (loopback6()) {
                    peerProcess = new ProcessBuilder(proxy("::1", hostPort, ns.address())).redirectErrorStream(true).start();
                    awaitReady(peerProcess);
                }
                proxyProcess = new ProcessBuilder(proxy("127.0.0.1", hostPort, ns.address())).redirectErrorStream(true).start();
                awaitReady(proxyProcess);
                long proxyPid = proxyProcess.pid();
                long peerPid = peerProcess == null ? proxyPid : peerProcess.pid();

                long found = HostSampler.listeningPid(hostPort);
                assertThat(found).as("a proxy holds the host's port").isIn(proxyPid, peerPid);
                HostSampler sampler = new HostSampler(() -> found);
                sampler.adoptFamily(HostSampler.processes());
                assertThat(sampler.targetFamily()).as("the target's processes").contains(proxyPid, peerPid, serverPid);

                Thread client = new Thread(() -> requests(hostPort, stop), "requests");
                client.start();
                System.out.printf("JDK %s: found on the port pid %d, the %s proxy%n", jdk, found, found == proxyPid ? "127.0.0.1" : "::1");
                assertTargetCounts(sampler, serverPid, proxyPid, jdk);
                stop.set(true);
                client.join(10_000);
            } finally {
                stop.set(true);
                for (Process p : new Process[] {proxyProcess, peerProcess, serverProcess}) {
                    if (p != null) p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
                }
            }
        }
    }

    /**
     * Waits (at most 30 s) until the server's JVM has used 0.3 CPU-s and the proxy 0.03 since now, then samples: the target's cores must
     * hold what the server and the proxy used over the interval, and neither may be named among the other processes.
     */
    private static void assertTargetCounts(HostSampler sampler, long server, long proxy, String jdk) throws Exception {
        sampler.reset();
        sampler.adoptFamily(HostSampler.processes());
        long start = System.nanoTime();
        long serverBefore = ticks(server);
        long proxyBefore = ticks(proxy);
        Map<Long, HostSampler.ProcessCpu> all = HostSampler.processes();
        long deadline = start + TimeUnit.SECONDS.toNanos(30);
        // the proxy copies a few hundred bytes a request: a few ticks of it too, or a quiet run could see none
        while ((ticks(server) - serverBefore < 30 || ticks(proxy) - proxyBefore < 3) && System.nanoTime() < deadline) Thread.sleep(50);
        HostHealth h = sampler.sample();
        double seconds = (System.nanoTime() - start) / 1e9;
        double serverCores = (ticks(server) - serverBefore) / ProcFiles.TICKS_PER_SEC / seconds;
        double proxyCores = (ticks(proxy) - proxyBefore) / ProcFiles.TICKS_PER_SEC / seconds;
        System.out.printf("docker-proxy scenario, server on JDK %s, over %.2f s: server %.2f cores, proxy %.2f cores, target %.2f cores, others %.2f cores%n",
                jdk, seconds, serverCores, proxyCores, h.targetCores(), h.othersCores());
        assertThat(serverCores).as("the server ran").isGreaterThan(0);
        assertThat(proxyCores).as("the proxy copied").isGreaterThan(0);
        // each process's ticks were read a few ms around the sampler's own reads: a tick or two of skew at most
        assertThat(h.targetCores()).as("target cores; the server used %.2f, the proxy %.2f", serverCores, proxyCores)
                .isGreaterThanOrEqualTo((serverCores + proxyCores) * 0.8 - 0.02);
        Map<Long, Long> byPid = new HashMap<>();
        Map<Long, String> names = new HashMap<>();
        HostSampler.add(all, HostSampler.processes(), byPid, names);
        assertThat(HostSampler.topOthers(byPid, names, seconds, sampler.targetFamily(), 50))
                .noneMatch(line -> line.startsWith("pid " + server + " ") || line.startsWith("pid " + proxy + " "));
    }

    /** Keep-alive requests through the proxy, one at a time, until {@code stop} (or 60 s). */
    private static void requests(int port, AtomicBoolean stop) {
        HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(5)).build();
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/")).timeout(Duration.ofSeconds(5)).build();
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!stop.get() && System.nanoTime() < end) {
            try {
                client.send(request, HttpResponse.BodyHandlers.discarding());
            } catch (IOException e) {
                // the server went away: the test's finally stops it
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    /** docker-proxy's arguments, on the JDK running the tests, ending by itself after 40 s. */
    private static List<String> proxy(String hostIp, int hostPort, String containerIp) throws Exception {
        return List.of(Path.of(System.getProperty("java.home"), "bin/java").toString(), "-Xmx32m", "-Dproxy.seconds=40",
                "-cp", classes(), ForwardingProxyMain.class.getName(), "-proto", "tcp", "-host-ip", hostIp, "-host-port",
                Integer.toString(hostPort), "-container-ip", containerIp, "-container-port", Integer.toString(CONTAINER_PORT));
    }

    private static boolean loopback6() {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName("::1"))) {
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private static long ticks(long pid) {
        return Math.max(0, ProcFiles.processTicks(ProcFiles.read(Path.of("/proc", Long.toString(pid), "stat"))));
    }

    private static String classes() throws Exception {
        return Path.of(ProxiedServerMain.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    /** The child's first line starting "ready" (at most 30 s), its output drained afterwards; fails with what it printed. */
    private static String awaitReady(Process p) throws Exception {
        BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        StringBuilder seen = new StringBuilder();
        CompletableFuture<String> ready = CompletableFuture.supplyAsync(() -> {
            try {
                for (String line; (line = r.readLine()) != null; ) {
                    if (line.startsWith("ready")) return line;
                    synchronized (seen) {
                        seen.append(line).append('\n');
                    }
                }
            } catch (IOException e) {
                // ended
            }
            return null;
        });
        String line;
        try {
            line = ready.get(30, TimeUnit.SECONDS);
        } catch (java.util.concurrent.TimeoutException e) {
            line = null;
        }
        if (line == null) {
            p.destroyForcibly();
            synchronized (seen) {
                throw new AssertionError("child not ready in 30 s: " + seen);
            }
        }
        CompletableFuture.runAsync(() -> {
            try {
                while (r.readLine() != null) {
                    // drained so the child never blocks on a full pipe
                }
            } catch (IOException ignored) {
                // ended
            }
        });
        return line;
    }

    /**
     * One network namespace with a veth pair to the host, as a container on Docker's bridge: the host side
     * 10.N.0.1, the namespace side 10.N.0.2 (N from 240 to 254, apart from brink-cli's namespaces). Made with
     * {@code ip netns} and removed on close; {@link #create} says false (and leaves nothing behind) where it cannot.
     */
    private static final class Namespace implements AutoCloseable {
        private final long me = ProcessHandle.current().pid();
        private final int net = 240 + (int) ((me + System.nanoTime()) % 15);
        private final String name = "bl" + me;
        private final String link = "bl" + (me % 1_000_000) + "h";
        private boolean made;
        private boolean linked;

        boolean create() throws Exception {
            if (run("ip", "netns", "list") != 0 || run("ip", "netns", "add", name) != 0) return false;
            made = true;
            String peer = link + "p";
            if (run("ip", "link", "add", link, "type", "veth", "peer", "name", peer, "netns", name) != 0) {
                close();
                return false;
            }
            linked = true;
            boolean up = run("ip", "addr", "add", "10." + net + ".0.1/24", "dev", link) == 0
                    && run("ip", "link", "set", link, "up") == 0
                    && run("ip", "netns", "exec", name, "ip", "addr", "add", address() + "/24", "dev", peer) == 0
                    && run("ip", "netns", "exec", name, "ip", "link", "set", peer, "up") == 0
                    && run("ip", "netns", "exec", name, "ip", "link", "set", "lo", "up") == 0;
            if (!up) close();
            return up;
        }

        String address() {
            return "10." + net + ".0.2";
        }

        List<String> exec() {
            return List.of("ip", "netns", "exec", name);
        }

        @Override
        public void close() throws Exception {
            if (linked) run("ip", "link", "del", link);
            if (made) run("ip", "netns", "del", name);
            linked = false;
            made = false;
        }

        private static int run(String... cmd) throws InterruptedException {
            return dev.brink.load.testing.Commands.run(cmd);
        }
    }
}
