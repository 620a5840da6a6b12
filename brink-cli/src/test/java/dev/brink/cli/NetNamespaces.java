package dev.brink.cli;

import java.util.ArrayList;
import java.util.List;

/**
 * Network namespaces as "hosts" on one machine: namespace i has veth address 10.net.i.2 and routes through the host
 * side 10.net.i.1; every host side is reachable from every namespace, so a server on 10.net.0.1 serves them all.
 * Needs root; {@link #create} says false (and leaves nothing behind) where namespaces cannot be made.
 */
final class NetNamespaces implements AutoCloseable {
    private final long me = ProcessHandle.current().pid();
    private final int net = 150 + (int) ((me + System.nanoTime()) % 90);
    private final List<String> namespaces = new ArrayList<>();
    private final List<String> links = new ArrayList<>();

    /** Makes {@code n} namespaces; false when this machine or user cannot. */
    boolean create(int n) throws Exception {
        if (run("ip", "netns", "list") != 0) return false;
        for (int i = 0; i < n; i++) {
            if (!namespace("bm" + me + "-" + i, "bm" + (me % 100000) + "y" + i, i)) {
                close();
                return false;
            }
        }
        return true;
    }

    /** The host side of the first namespace's link: where a server for all of them listens. */
    String hostAddress() {
        return "10." + net + ".0.1";
    }

    /** The command prefix that runs a program in namespace {@code i} (empty without namespaces). */
    List<String> exec(int i) {
        return namespaces.isEmpty() ? List.of() : List.of("ip", "netns", "exec", namespaces.get(i));
    }

    private boolean namespace(String ns, String link, int i) throws Exception {
        if (run("ip", "netns", "add", ns) != 0) return false;
        namespaces.add(ns);
        String peer = link + "p";
        if (run("ip", "link", "add", link, "type", "veth", "peer", "name", peer, "netns", ns) != 0) return false;
        links.add(link);
        String host = "10." + net + "." + i + ".1";
        return run("ip", "addr", "add", host + "/24", "dev", link) == 0
                && run("ip", "link", "set", link, "up") == 0
                && run("ip", "netns", "exec", ns, "ip", "addr", "add", "10." + net + "." + i + ".2/24", "dev", peer) == 0
                && run("ip", "netns", "exec", ns, "ip", "link", "set", peer, "up") == 0
                && run("ip", "netns", "exec", ns, "ip", "link", "set", "lo", "up") == 0
                && run("ip", "netns", "exec", ns, "ip", "route", "add", "default", "via", host) == 0;
    }

    @Override
    public void close() throws Exception {
        for (String l : links) run("ip", "link", "del", l);
        for (String ns : namespaces) run("ip", "netns", "del", ns);
        links.clear();
        namespaces.clear();
    }

    private static int run(String... cmd) throws InterruptedException {
        return dev.brink.load.testing.Commands.run(cmd);
    }
}
