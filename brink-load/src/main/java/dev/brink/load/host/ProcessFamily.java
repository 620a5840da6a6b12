package dev.brink.load.host;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * The target as the processes that serve, not one PID: the process found (the observed JVM, or the topmost holder of
 * the target's listening socket) and every descendant of it. Pre-fork servers (nginx, Apache, gunicorn, php-fpm,
 * Puma, a Node cluster) answer from worker processes whose parent is a master that hardly runs; a launcher (a shell
 * script, {@code mvn spring-boot:run}, {@code gradle bootRun}) runs the JVM as its child. Counting the found PID
 * alone read every worker's CPU as another process's: a closed loop on a local nginx said "host saturated by other
 * processes in 14 of 16 s … took the CPU: pid N nginx 0.9 cores", naming the target's own worker, with the target at
 * 0.0 cores.
 *
 * <p>Who belongs is read from a snapshot of every process ({@link HostSampler#processes}, a few ms) whenever the host
 * watch has one anyway (each step's start, and the seconds the host looks saturated, when a wrong member list would
 * blame the target's own worker), and when the target changes (a relaunch). In between, each member costs one
 * /proc/PID/stat and its threads' schedstat per sample, as the single PID did. Brink's own process and whatever runs
 * below it are never members, even when the target is an ancestor of Brink (a harness that serves and starts Brink):
 * that CPU is the generator's. Nor is init (PID 1) ever a root: with socket activation systemd holds the listening
 * socket, and its descendants are every process on the host.
 *
 * <p>A family may have several roots: when the found process is a userland port proxy ({@link PortProxy}: Docker's
 * {@code docker-proxy} in front of a container), the server behind it, listening in the container's network
 * namespace, the other proxies forwarding to it, and their descendants are the target's too. That server is looked
 * up when the root is adopted, and again (at most every {@link #RELOOK_NANOS}) while none is found or the one found
 * has exited (a container restarted), never per sample. Synchronized: the sampler samples on the engine's reporting
 * thread while a step's start may adopt a snapshot on the method's thread.
 */
final class ProcessFamily {
    /** How far up a parent chain is followed before a process is taken for unrelated (PIDs form a tree; this bounds a race). */
    private static final int MAX_DEPTH = 256;

    /** How often a proxy's server that is missing (not started yet, restarted) is looked for again: a full /proc scan. */
    static final long RELOOK_NANOS = 5_000_000_000L;

    private final long self;
    private long root = -1;
    /** Where the root forwards to when it is a port proxy, else null. */
    private PortProxy.Forward forward;
    /** The server behind the proxy root and the root's peer proxies, or nothing. */
    private PortProxy.Behind behind = PortProxy.Behind.NOTHING;
    private long lookedNanos;
    /** Members, each with {ticks, run-queue wait ns} at the last reading. */
    private final Map<Long, long[]> members = new HashMap<>();

    ProcessFamily(long self) {
        this.self = self;
    }

    synchronized long root() {
        return root;
    }

    synchronized Set<Long> members() {
        return Set.copyOf(members.keySet());
    }

    /** The roots: the process found and, when that is a port proxy, the server behind it and its peer proxies. */
    synchronized Set<Long> roots() {
        if (root <= 0) return Set.of();
        Set<Long> out = new java.util.HashSet<>(behind.peers());
        out.add(root);
        if (behind.server() > 0) out.add(behind.server());
        out.remove(self);
        return out;
    }

    /**
     * Reads the members from {@code all} (every process now, with its parent): {@code root}, the server and peer
     * proxies behind it when it is a port proxy, and their descendants. A member already known keeps its last reading;
     * a new one is read now, so its first difference starts here (a worker born since the last sample is missed for
     * that one interval, not counted twice).
     */
    synchronized void adopt(long root, Map<Long, HostSampler.ProcessCpu> all) {
        if (root != this.root) {
            members.clear();
            this.root = root;
            forward = root > 0 ? PortProxy.forwardOf(root).orElse(null) : null;
            behind = PortProxy.Behind.NOTHING;
            lookBehind();
        } else if (forward != null && (behind.server() <= 0 || ProcFiles.ticksOf(behind.server()) < 0) && System.nanoTime() - lookedNanos >= RELOOK_NANOS) {
            lookBehind();
        }
        if (root <= 0) return;
        Map<Long, Boolean> inFamily = new HashMap<>();
        Set<Long> roots = roots();
        Set<Long> found = new java.util.HashSet<>(roots);
        for (Long pid : all.keySet()) {
            if (descends(pid, roots, all, inFamily)) found.add(pid);
        }
        members.keySet().retainAll(found);
        for (long pid : found) {
            if (!members.containsKey(pid)) members.put(pid, new long[] {ProcFiles.ticksOf(pid), ProcFiles.processWaitNanos(pid)});
        }
    }

    private void lookBehind() {
        if (forward == null) return;
        behind = PortProxy.behind(root, forward);
        lookedNanos = System.nanoTime();
    }

    /** Starts a new interval now: every member's reading is taken again. */
    synchronized void mark() {
        for (Map.Entry<Long, long[]> e : members.entrySet()) {
            e.getValue()[0] = ProcFiles.ticksOf(e.getKey());
            e.getValue()[1] = ProcFiles.processWaitNanos(e.getKey());
        }
    }

    /** True when {@code pid}'s parent chain reaches a root before Brink itself, PID 1 or an unknown parent. */
    private boolean descends(long pid, Set<Long> roots, Map<Long, HostSampler.ProcessCpu> all, Map<Long, Boolean> known) {
        java.util.List<Long> chain = new java.util.ArrayList<>();
        long p = pid;
        Boolean answer = null;
        for (int depth = 0; depth < MAX_DEPTH && answer == null; depth++) {
            // init's descendants are the whole host: PID 1 can be a member, never an ancestor that makes one
            if (p > 1 && roots.contains(p)) answer = true;
            else if (p == self || p <= 1) answer = false;
            else if (known.containsKey(p)) answer = known.get(p);
            else {
                HostSampler.ProcessCpu cpu = all.get(p);
                if (cpu == null) answer = false;
                else {
                    chain.add(p);
                    p = cpu.parent();
                }
            }
        }
        boolean result = answer != null && answer;
        for (long c : chain) known.put(c, result);
        return result;
    }

    /**
     * The CPU ticks and the run-queue wait (ns) the members used since the last call (or {@link #adopt}), summed;
     * {-1, -1} when the root itself can no longer be read (the target exited). A member that exited takes its last
     * interval with it, as a single PID's did; the wait is -1 when /proc has no schedstat.
     */
    synchronized long[] advance() {
        long ticks = 0;
        long wait = 0;
        boolean waitKnown = false;
        boolean rootSeen = false;
        for (var it = members.entrySet().iterator(); it.hasNext(); ) {
            Map.Entry<Long, long[]> e = it.next();
            long t = ProcFiles.ticksOf(e.getKey());
            if (t < 0) {
                it.remove();
                continue;
            }
            long w = ProcFiles.processWaitNanos(e.getKey());
            long[] last = e.getValue();
            if (last[0] >= 0) ticks += Math.max(0, t - last[0]);
            if (w >= 0 && last[1] >= 0) {
                wait += Math.max(0, w - last[1]);
                waitKnown = true;
            }
            last[0] = t;
            last[1] = w;
            rootSeen |= e.getKey() == root;
        }
        return rootSeen ? new long[] {ticks, waitKnown ? wait : -1} : new long[] {-1, -1};
    }

}
