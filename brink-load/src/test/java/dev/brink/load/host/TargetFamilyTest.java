package dev.brink.load.host;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.brink.core.line.HostHealth;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The target's CPU is its processes', not one PID's: a pre-fork server (a real nginx: a master and two workers) and a
 * process whose forked child does the work. Before, the found PID alone was the target: the worker's CPU read as
 * another process saturating the host, with the target at 0 cores. Each check waits until the worker has used a
 * given amount of CPU (bounded), so a busy machine makes the window longer, not the figures wrong.
 */
class TargetFamilyTest {
    private static final Path NGINX = Path.of("/usr/sbin/nginx");

    @Test
    void aForkedChildsCpuIsTheTargets() throws Exception {
        assumeTrue(Files.isReadable(Path.of("/proc/stat")), "Linux /proc");
        // the parent only waits; its subshell child spins, bounded by the shell itself
        Process parent = new ProcessBuilder("bash", "-c", "( while (( SECONDS < 30 )); do :; done ) & wait").start();
        try {
            long child = awaitChild(parent.toHandle());
            HostSampler sampler = new HostSampler(parent::pid);
            sampler.adoptFamily(HostSampler.processes()); // as the host watch does at a step's start
            assertThat(sampler.targetFamily()).contains(parent.pid(), child);
            assertTargetCounts(sampler, List.of(child));
        } finally {
            parent.descendants().forEach(ProcessHandle::destroyForcibly);
            parent.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
        }
    }

    @Test
    void aPreForkServersWorkersAreTheTarget(@TempDir Path dir) throws Exception {
        assumeTrue(Files.isExecutable(NGINX) && Files.isReadable(Path.of("/proc/net/tcp")), "nginx (Debian nginx-light) and Linux /proc");
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        Files.writeString(dir.resolve("nginx.conf"), """
                worker_processes 2;
                daemon off;
                pid %1$s/nginx.pid;
                error_log %1$s/error.log warn;
                events { worker_connections 64; }
                http {
                  access_log off;
                  client_body_temp_path %1$s/body; proxy_temp_path %1$s/proxy; fastcgi_temp_path %1$s/fcgi;
                  uwsgi_temp_path %1$s/uwsgi; scgi_temp_path %1$s/scgi;
                  server { listen 127.0.0.1:%2$d; location / { return 200 "ok\\n"; } }
                }
                """.formatted(dir, port));
        Process master = new ProcessBuilder(NGINX.toString(), "-p", dir.toString(), "-e", dir.resolve("error.log").toString(),
                "-c", dir.resolve("nginx.conf").toString()).redirectErrorStream(true).redirectOutput(dir.resolve("out.log").toFile()).start();
        AtomicBoolean stop = new AtomicBoolean();
        try {
            awaitListening(port, master);
            assertThat(HostSampler.listeningPid(port)).as("the master: the topmost process holding the socket").isEqualTo(master.pid());
            List<Long> workers = awaitChildren(master.toHandle(), 2);
            HostSampler sampler = new HostSampler(() -> HostSampler.listeningPid(port));
            sampler.adoptFamily(HostSampler.processes());
            assertThat(sampler.targetFamily()).containsAll(workers).contains(master.pid());
            Thread client = new Thread(() -> keepAliveRequests(port, stop), "requests");
            client.start();
            assertTargetCounts(sampler, workers);
            stop.set(true);
            client.join(10_000);
        } finally {
            stop.set(true);
            // The master first, by SIGTERM: it stops its workers and waits for them. Killing the workers first made the
            // master respawn one before it died itself, left running after a busy CI run (a worker whose parent was
            // init, its cwd the deleted clone). Whatever is left after 5 s is killed, workers by the list taken now.
            List<ProcessHandle> family = master.descendants().toList();
            master.destroy();
            if (!master.waitFor(5, TimeUnit.SECONDS)) {
                master.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            }
            family.forEach(ProcessHandle::destroyForcibly);
        }
    }

    /** With socket activation init holds the socket: its descendants are the whole host, never the target's. */
    @Test
    void initIsAMemberAtMostNeverAnAncestor() {
        assumeTrue(Files.isReadable(Path.of("/proc/stat")), "Linux /proc");
        ProcessFamily family = new ProcessFamily(ProcessHandle.current().pid());
        family.adopt(1, HostSampler.processes());
        assertThat(family.members()).containsExactly(1L);
    }

    /**
     * Waits (at most 30 s) until {@code workers} have used 0.3 CPU-s since now, then samples: the target's cores must
     * hold what the workers used over the sample's interval, and none of them may be named among the other processes.
     */
    private static void assertTargetCounts(HostSampler sampler, List<Long> workers) throws Exception {
        sampler.reset();
        sampler.adoptFamily(HostSampler.processes());
        long start = System.nanoTime();
        long before = ticks(workers);
        Map<Long, HostSampler.ProcessCpu> all = HostSampler.processes();
        long deadline = start + TimeUnit.SECONDS.toNanos(30);
        while (ticks(workers) - before < 30 && System.nanoTime() < deadline) Thread.sleep(50);
        HostHealth h = sampler.sample();
        double seconds = (System.nanoTime() - start) / 1e9;
        double used = (ticks(workers) - before) / ProcFiles.TICKS_PER_SEC / seconds;
        assertThat(used).as("the workers ran").isGreaterThan(0);
        // the worker's ticks were read a few ms around the sampler's own reads: a tick or two of skew at most
        assertThat(h.targetCores()).as("target cores, the workers used %.2f", used).isGreaterThanOrEqualTo(used * 0.8 - 0.02);
        Map<Long, Long> byPid = new HashMap<>();
        Map<Long, String> names = new HashMap<>();
        HostSampler.add(all, HostSampler.processes(), byPid, names);
        assertThat(HostSampler.topOthers(byPid, names, seconds, sampler.targetFamily(), 50))
                .noneMatch(line -> workers.stream().anyMatch(w -> line.startsWith("pid " + w + " ")));
    }

    private static long ticks(List<Long> pids) {
        long sum = 0;
        for (long pid : pids) sum += Math.max(0, ProcFiles.processTicks(ProcFiles.read(Path.of("/proc", Long.toString(pid), "stat"))));
        return sum;
    }

    private static long awaitChild(ProcessHandle parent) throws InterruptedException {
        return awaitChildren(parent, 1).get(0);
    }

    private static List<Long> awaitChildren(ProcessHandle parent, int n) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (System.nanoTime() < deadline) {
            List<Long> kids = parent.children().map(ProcessHandle::pid).toList();
            if (kids.size() >= n) return kids;
            Thread.sleep(20);
        }
        throw new AssertionError(parent.pid() + " started no " + n + " children in 20 s");
    }

    private static void awaitListening(int port, Process server) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (System.nanoTime() < deadline && server.isAlive()) {
            try (Socket s = new Socket(InetAddress.getLoopbackAddress(), port)) {
                return;
            } catch (java.io.IOException e) {
                Thread.sleep(20);
            }
        }
        throw new AssertionError("nginx is not listening on " + port + " (alive: " + server.isAlive() + ")");
    }

    /** One keep-alive connection, a request at a time, until {@code stop} (or 60 s): the worker's CPU. */
    private static void keepAliveRequests(int port, AtomicBoolean stop) {
        byte[] request = "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
        byte[] buf = new byte[4096];
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!stop.get() && System.nanoTime() < end) {
            try (Socket s = new Socket(InetAddress.getLoopbackAddress(), port)) {
                s.setTcpNoDelay(true);
                OutputStream out = s.getOutputStream();
                InputStream in = s.getInputStream();
                while (!stop.get() && System.nanoTime() < end) {
                    out.write(request);
                    // nginx's whole answer (headers and the 3-byte body) arrives in one segment on loopback
                    if (in.read(buf) < 0) break;
                }
            } catch (java.io.IOException e) {
                // the server went away: the test's finally stops it
            }
        }
    }
}
