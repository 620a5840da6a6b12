package dev.brink.threads;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Finds deadlocks in each dump's lock graph, and merges them with the JVM's own report. A thread waits for at
 * most one lock, so the wait-for graph has out-degree ≤ 1 and every cycle is found by following successors
 * with a three-colour walk: O(threads) per dump. The same cycle (same member names) over several dumps is one
 * deadlock seen in several dumps. Stateless.
 */
final class DeadlockFinder {
    private DeadlockFinder() {
    }

    private static final class Acc {
        List<Deadlock.Member> members;
        boolean graph;
        boolean jvm;
        int dumps;
    }

    static List<Deadlock> find(List<LockGraph> graphs) {
        Map<Set<String>, Acc> accs = new LinkedHashMap<>();
        for (LockGraph g : graphs) {
            Set<Set<String>> thisDump = new HashSet<>();
            for (List<Deadlock.Member> cycle : cycles(g)) {
                Set<String> key = names(cycle);
                Acc a = accs.computeIfAbsent(key, k -> new Acc());
                if (a.members == null) a.members = cycle;
                a.graph = true;
                if (thisDump.add(key)) a.dumps++;
            }
            for (JvmDeadlock jd : g.dump.jvmDeadlocks()) {
                Set<String> key = new TreeSet<>(jd.threadNames());
                Acc a = accs.computeIfAbsent(key, k -> new Acc());
                if (a.members == null) a.members = fromJvm(g, jd);
                a.jvm = true;
                if (thisDump.add(key)) a.dumps++;
            }
        }
        List<Deadlock> out = new ArrayList<>();
        for (Acc a : accs.values()) out.add(new Deadlock(a.members, a.graph, a.jvm, a.dumps));
        return out;
    }

    private static Set<String> names(List<Deadlock.Member> cycle) {
        Set<String> s = new TreeSet<>();
        for (Deadlock.Member m : cycle) s.add(m.thread());
        return s;
    }

    static List<List<Deadlock.Member>> cycles(LockGraph g) {
        int n = g.dump.threads().size();
        int[] next = new int[n];
        for (int i = 0; i < n; i++) next[i] = g.holderOfWhatWaits(i);
        byte[] colour = new byte[n]; // 0 unvisited, 1 on the current path, 2 done
        List<List<Deadlock.Member>> out = new ArrayList<>();
        for (int start = 0; start < n; start++) {
            if (colour[start] != 0) continue;
            int i = start;
            while (i >= 0 && colour[i] == 0) {
                colour[i] = 1;
                i = next[i];
            }
            if (i >= 0 && colour[i] == 1) out.add(cycleFrom(g, next, i));
            for (int j = start; j >= 0 && colour[j] == 1; j = next[j]) colour[j] = 2;
        }
        return out;
    }

    /** The cycle through {@code i}, rotated to start at its least name so every dump prints it alike. */
    private static List<Deadlock.Member> cycleFrom(LockGraph g, int[] next, int i) {
        List<Integer> idx = new ArrayList<>();
        int j = i;
        do {
            idx.add(j);
            j = next[j];
        } while (j != i);
        int first = 0;
        List<DumpThread> ts = g.dump.threads();
        for (int k = 1; k < idx.size(); k++) {
            if (ts.get(idx.get(k)).name().compareTo(ts.get(idx.get(first)).name()) < 0) first = k;
        }
        List<Deadlock.Member> members = new ArrayList<>();
        for (int k = 0; k < idx.size(); k++) {
            DumpThread t = ts.get(idx.get((first + k) % idx.size()));
            DumpThread holder = ts.get(next[idx.get((first + k) % idx.size())]);
            members.add(new Deadlock.Member(t.name(), t.state(), t.waitingOn(), holder.name(), LockGraph.firstAppFrame(t)));
        }
        return members;
    }

    /** Members as the JVM reported them; frames from the dump's thread that waits for that very lock. */
    private static List<Deadlock.Member> fromJvm(LockGraph g, JvmDeadlock jd) {
        List<Deadlock.Member> members = new ArrayList<>();
        for (JvmDeadlock.Edge e : jd.edges()) {
            DumpThread match = null;
            for (DumpThread t : g.dump.threads()) {
                if (t.name().equals(e.thread()) && (match == null
                        || t.waitingOn() != null && t.waitingOn().identity().equals(e.lock().identity()))) {
                    match = t;
                }
            }
            members.add(new Deadlock.Member(e.thread(), match == null ? DumpThread.UNKNOWN_STATE : match.state(),
                    e.lock(), e.heldBy(), match == null ? null : LockGraph.firstAppFrame(match)));
        }
        return members;
    }
}
