package dev.brink.load.host;

import java.io.IOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The server behind a userland port proxy. {@code docker run -p 8080:8080} publishes a container's port through
 * Docker's {@code docker-proxy} ({@code /usr/bin/docker-proxy -proto tcp -host-ip 0.0.0.0 -host-port 8080
 * -container-ip 172.17.0.2 -container-port 8080}, and {@code -use-listen-fd} in recent versions, where the daemon
 * binds the socket and hands it over): the process listening on the host's port is the proxy, which accepts each
 * connection and copies every byte to a second connection into the container. The service itself listens in the
 * container's own network namespace and is a child of containerd-shim, neither a descendant of the proxy nor
 * visible in the host's /proc/net/tcp. Both are the target's: the service serves, and the proxy burns real CPU
 * copying the target's bytes. Taking the proxy alone for the target read the service's JVM as "another process
 * saturating the host" and named it among those that took the CPU.
 *
 * <p>Found by the proxy's arguments, not its executable's name (Go's flag syntax: {@code -container-ip A},
 * {@code --container-ip=A}): the processes are grouped by their network namespace (/proc/PID/ns/net); in each
 * namespace but the proxy's, one process's /proc/PID/net/tcp and tcp6 tell whether a socket listens on the container
 * port at the container address or at a wildcard, and a wildcard counts only in the namespace that owns the
 * address (every Spring Boot container listens on 0.0.0.0:8080); the topmost process of that namespace holding the
 * socket is the service. The other proxies of the host's namespace forwarding to the same address and port are the
 * target's too: Docker starts one per address family (0.0.0.0 and ::) for one published port.
 *
 * <p>Left out: Docker without the userland proxy ({@code "userland-proxy": false}: iptables DNAT, no host-side
 * process listens, so no proxy is found and the target is not known as a process here), rootless Docker (the host's
 * port is held by RootlessKit's port driver, docker-proxy runs in RootlessKit's namespace), Docker Desktop (the
 * container runs in a virtual machine, whose CPU this host sees as one process) and Podman's rootlessport and pasta,
 * which forward by other means and arguments. Cost: one readlink per process, the command line of each
 * process in the proxy's namespace, three small reads per other namespace, and the file descriptors of the matching
 * namespace's processes only: 4 ms for 80 processes once warm (18 ms cold), so tens of ms on a busy host,
 * taken when the target is adopted (see {@link ProcessFamily}), never per sample. Needs the rights to
 * read other processes' /proc entries (root, or the same user as the container's processes): without them nothing
 * is found and the proxy alone stays the target, as before.
 */
final class PortProxy {
    private PortProxy() {
    }

    /** Where a proxy forwards to: the container's address and port. */
    record Forward(InetAddress address, int port) {
    }

    /**
     * The forward named by a command line's {@code -container-ip} and {@code -container-port} arguments (arguments
     * separated by NUL, as in /proc/PID/cmdline); empty when either is missing or unreadable.
     */
    static Optional<Forward> forwardOf(String cmdline) {
        String[] args = cmdline.split("\0");
        String ip = flag(args, "container-ip");
        String port = flag(args, "container-port");
        // a literal address only, so that getByName never asks a resolver
        if (ip == null || port == null || !ip.matches("[0-9A-Fa-f.:]+") || !ip.contains(".") && !ip.contains(":")) {
            return Optional.empty();
        }
        try {
            int p = Integer.parseInt(port);
            return p <= 0 || p > 65535 ? Optional.empty() : Optional.of(new Forward(InetAddress.getByName(ip), p));
        } catch (NumberFormatException | UnknownHostException e) {
            return Optional.empty();
        }
    }

    /** The value of {@code -name v}, {@code --name v}, {@code -name=v} or {@code --name=v}; null when absent. */
    private static String flag(String[] args, String name) {
        for (int i = 0; i < args.length; i++) {
            String a = args[i].startsWith("--") ? args[i].substring(2) : args[i].startsWith("-") ? args[i].substring(1) : null;
            if (a == null) continue;
            if (a.equals(name)) return i + 1 < args.length ? args[i + 1] : null;
            if (a.startsWith(name + "=")) return a.substring(name.length() + 1);
        }
        return null;
    }

    /** The forward of process {@code pid}'s command line, empty when it is no port proxy (or has exited). */
    static Optional<Forward> forwardOf(long pid) {
        return forwardOf(cmdline(pid));
    }

    /**
     * What is on the target's side behind a proxy: the server (the topmost holder of the socket listening on the
     * forward's address and port in another network namespace; -1 when none is found) and the proxy's peers (the
     * other processes of its own namespace forwarding to the same place: Docker starts one docker-proxy for 0.0.0.0
     * and one for :: on the same port, and the one found on the port need not be the one carrying 127.0.0.1's bytes).
     */
    record Behind(long server, Set<Long> peers) {
        static final Behind NOTHING = new Behind(-1, Set.of());
    }

    static Behind behind(long proxy, Forward forward) {
        String own = namespace(proxy);
        if (own == null) return Behind.NOTHING;
        Map<String, List<Long>> byNamespace = new LinkedHashMap<>();
        Set<Long> peers = new HashSet<>();
        for (long pid : ProcFiles.allPids()) {
            String ns = namespace(pid);
            if (ns == null) continue;
            if (!ns.equals(own)) byNamespace.computeIfAbsent(ns, k -> new ArrayList<>()).add(pid);
            else if (pid != proxy && forwardOf(pid).filter(forward::equals).isPresent()) peers.add(pid);
        }
        byte[] address = forward.address().getAddress();
        for (List<Long> pids : byNamespace.values()) {
            Path net = Path.of("/proc", Long.toString(pids.get(0)), "net");
            List<Long> inodes = new ArrayList<>(ProcFiles.listeningInodes(ProcFiles.read(net.resolve("tcp")), forward.port(), address));
            inodes.addAll(ProcFiles.listeningInodes(ProcFiles.read(net.resolve("tcp6")), forward.port(), address));
            if (inodes.isEmpty() || !ProcFiles.ownsAddress(ProcFiles.read(net.resolve("fib_trie")), ProcFiles.read(net.resolve("if_inet6")), address)) {
                continue;
            }
            long server = ProcFiles.topHolder(inodes.stream().map(i -> "socket:[" + i + "]").toList(), pids);
            if (server > 0) return new Behind(server, Set.copyOf(peers));
        }
        return new Behind(-1, Set.copyOf(peers));
    }

    /** The /proc/PID/ns/net link ("net:[4026531840]"); null when it cannot be read (exited, another user's). */
    private static String namespace(long pid) {
        try {
            return Files.readSymbolicLink(Path.of("/proc", Long.toString(pid), "ns", "net")).toString();
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    private static String cmdline(long pid) {
        try {
            return new String(Files.readAllBytes(Path.of("/proc", Long.toString(pid), "cmdline")), StandardCharsets.UTF_8);
        } catch (IOException | RuntimeException e) {
            return "";
        }
    }
}
